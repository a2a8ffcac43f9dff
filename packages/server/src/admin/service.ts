import { nextCronFire } from '../jobs/cron.js';
import { readFileSync } from 'node:fs';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { MIGRATIONS } from '../db/migrations/index.js';
import type { Readiness } from '../readiness.js';
import type { Scheduler } from '../jobs/scheduler.js';
import { redactedDatabaseUrl } from '../start-banner.js';
import type { AdminStatusRepository } from './repository.js';
import type { LogStatus } from '../tlog/schemas.js';
import type { StreamStatus } from '../events/streams.js';

/** The server package's version, read once (src/admin and dist/admin both sit two levels down). */
export const SERVER_VERSION: string = (() => {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

const LIST_LIMIT = 20;
const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export interface AdminStatusUses {
  repository: AdminStatusRepository;
  config: Config;
  /** Only which driver is running: the service reads the database through its repository. */
  database: Pick<Database, 'driver'>;
  clock: Clock;
  scheduler: Scheduler;
  readiness: Readiness;
  /** The transparency log's status (null: the log is not kept). */
  log: { status(): Promise<LogStatus> } | null;
  /** This replica's event streams against their limits. */
  eventStreams: { status(): StreamStatus };
}

/** What an operator wants at a glance: version, env, database, migrations, jobs, swarm, outbox. */
export class AdminStatusService {
  private readonly startedAt: Date;

  private readonly repository: AdminStatusRepository;
  private readonly deps: Omit<AdminStatusUses, 'repository'>;

  constructor(uses: AdminStatusUses) {
    const { repository, ...deps } = uses;
    this.repository = repository;
    this.deps = deps;
    this.startedAt = deps.clock.now();
  }

  async status() {
    const { config, database, clock, scheduler, readiness, log: tlog, eventStreams } = this.deps;
    const now = clock.now();
    const [facts, applied, runs, sessions, applications, outbox, log] = await Promise.all([
      this.repository.databaseFacts(),
      this.repository.appliedMigrations(),
      this.repository.lastJobRuns(),
      this.repository.openSessions(LIST_LIMIT),
      this.repository.pendingApplications(LIST_LIMIT),
      this.repository.outbox(),
      tlog === null ? null : tlog.status(),
    ]);
    const appliedNames = new Set(applied.map((migration) => migration.name));
    const lastRun = new Map(runs.map((run) => [run.job, run]));
    return {
      version: SERVER_VERSION,
      node: process.version,
      env: config.appEnv,
      loading: readiness.isLoading,
      startedAt: this.startedAt.toISOString(),
      uptimeSeconds: Math.round((now.getTime() - this.startedAt.getTime()) / 1000),
      database: {
        driver: database.driver,
        location:
          config.databaseUrl === undefined
            ? `${config.dataDir}/pglite`
            : redactedDatabaseUrl(config.databaseUrl),
        serverVersion: facts.serverVersion,
        sizeBytes: facts.sizeBytes,
      },
      migrations: {
        applied: applied.length,
        latest: applied.at(-1)?.name ?? null,
        latestAppliedAt: iso(applied.at(-1)?.appliedAt ?? null),
        pending: MIGRATIONS.filter((migration) => !appliedNames.has(migration.name)).map(
          (migration) => migration.name,
        ),
        unknown: applied
          .map((migration) => migration.name)
          .filter((name) => !MIGRATIONS.some((migration) => migration.name === name)),
      },
      scheduler: { enabled: config.schedulerEnabled },
      jobs: scheduler.list().map((job) => {
        const run = lastRun.get(job.name);
        return {
          name: job.name,
          schedule:
            typeof job.schedule === 'string' ? job.schedule : `every ${job.schedule.everyMs} ms`,
          nextRunAt: typeof job.schedule === 'string' ? iso(nextCronFire(job.schedule, now)) : null,
          lastRun:
            run === undefined
              ? null
              : {
                  startedAt: run.startedAt.toISOString(),
                  finishedAt: iso(run.finishedAt),
                  outcome: run.outcome,
                  detail: run.detail,
                },
        };
      }),
      openSessions: sessions.map((session) => ({
        ...session,
        convenedAt: session.convenedAt.toISOString(),
        windowClosesAt: iso(session.windowClosesAt),
      })),
      pendingApplications: {
        count: applications.count,
        oldest: applications.oldest.map((application) => ({
          id: application.id,
          appliedAt: application.appliedAt.toISOString(),
        })),
      },
      outbox: { ...outbox, oldestPendingAt: iso(outbox.oldestPendingAt) },
      log,
      eventStreams: eventStreams.status(),
    };
  }
}

export type AdminStatus = Awaited<ReturnType<AdminStatusService['status']>>;
