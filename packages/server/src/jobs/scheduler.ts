import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { JobRunRepository } from './repository.js';

import type { JobOutcome } from './tables.js';

export type { JobOutcome };

export interface Job {
  /** Unique name; also the advisory lock name, so one replica runs each fire. */
  readonly name: string;
  /** A cron expression (UTC) or a fixed interval in milliseconds. */
  readonly schedule: string | { everyMs: number };
  /** Whether running it twice for the same moment is harmless (documentation for operators). */
  readonly idempotent: boolean;
  run(now: Date): Promise<JobOutcome>;
}

export interface JobRunRecord {
  job: string;
  outcome: JobOutcome | 'locked';
  durationMs: number;
}

/**
 * Runs named jobs on their schedules. Each run takes the job's advisory lock (skipped when another
 * replica holds it), is recorded in `job_run`, and never throws into the timer.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private readonly timers: Array<{ stop(): void }> = [];
  private readonly listeners: Array<(record: JobRunRecord) => void> = [];
  private stopped = true;

  private readonly locks: Pick<Database, 'withAdvisoryLock'>;
  private readonly jobRuns: JobRunRepository;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(uses: {
    /** The advisory locks that keep one replica at a time on each job. */
    locks: Pick<Database, 'withAdvisoryLock'>;
    jobRuns: JobRunRepository;
    clock: Clock;
    log: FastifyBaseLogger;
  }) {
    this.locks = uses.locks;
    this.jobRuns = uses.jobRuns;
    this.clock = uses.clock;
    this.log = uses.log;
  }

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  onRun(listener: (record: JobRunRecord) => void): void {
    this.listeners.push(listener);
  }

  list(): Job[] {
    return [...this.jobs.values()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const job of this.jobs.values()) {
      if (typeof job.schedule === 'string') {
        const cron = new Cron(
          job.schedule,
          { timezone: 'UTC', protect: true },
          () => void this.runNow(job.name),
        );
        this.timers.push({ stop: () => cron.stop() });
      } else {
        const interval = setInterval(() => void this.runNow(job.name), job.schedule.everyMs);
        interval.unref();
        this.timers.push({ stop: () => clearInterval(interval) });
      }
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) timer.stop();
  }

  /** Runs one job now under its advisory lock; used by the timers, admin routes and tests. */
  async runNow(name: string): Promise<JobOutcome | 'locked'> {
    const job = this.jobs.get(name);
    if (job === undefined) throw new Error(`no job named ${name}`);
    const startedAt = this.clock.now();
    const started = performance.now();
    const result = await this.locks
      .withAdvisoryLock(`convene:job:${name}`, async () => {
        try {
          return await job.run(startedAt);
        } catch (error) {
          this.log.error({ err: error, job: name }, 'job failed');
          return 'failed' as const;
        }
      })
      .catch((error: unknown) => {
        this.log.error({ err: error, job: name }, 'job could not take its lock');
        return { acquired: true as const, value: 'failed' as const };
      });
    const outcome = result.acquired ? result.value : 'locked';
    const durationMs = performance.now() - started;
    if (outcome !== 'locked') await this.record(name, startedAt, outcome);
    for (const listener of this.listeners) listener({ job: name, outcome, durationMs });
    return outcome;
  }

  private async record(job: string, startedAt: Date, outcome: JobOutcome): Promise<void> {
    await this.jobRuns
      .recordJobRun({
        job,
        startedAt,
        finishedAt: this.clock.now(),
        outcome,
      })
      .catch((error: unknown) => this.log.warn({ err: error, job }, 'could not record job run'));
  }
}
