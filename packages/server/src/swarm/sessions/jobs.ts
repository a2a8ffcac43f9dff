import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Job, JobOutcome } from '../../jobs/scheduler.js';
import type { BriefRepository } from '../briefs/repository.js';
import type { SubjectRepository } from '../subjects/repository.js';
import type { AllocationBridge } from './allocation-bridge.js';
import type { LifecycleService } from './lifecycle.js';
import type { SessionRepository } from './repository.js';
import { dueFire } from './schedule.js';
import { recordsAllocation } from './allocation-bridge.js';

export const SWARM_LIFECYCLE_JOB = 'swarm-lifecycle';
const SWEEP_LIMIT = 200;

export interface LifecycleSweep {
  convened: number;
  briefs: number;
  advanced: number;
  allocations: number;
}

/**
 * One pass of the swarm's clockwork: convene each enabled subject's due fire (the latest missed fire
 * only, once; a session opened by hand counts as its date's fire and as every fire before it), publish briefs a crash left unpublished, close windows whose time has passed and carry
 * closed sessions through aggregation, judging and publication, then hand the treasury its newest
 * recommendation. Every step is idempotent, so a pass can be repeated or interrupted at any point.
 */
export async function sweepLifecycle(deps: {
  sessions: SessionRepository;
  subjects: SubjectRepository;
  briefs: BriefRepository;
  clock: Clock;
  lifecycle: LifecycleService;
  allocations: AllocationBridge;
  log: FastifyBaseLogger;
}): Promise<LifecycleSweep> {
  const { lifecycle } = deps;
  const sweep: LifecycleSweep = { convened: 0, briefs: 0, advanced: 0, allocations: 0 };
  const subjects = await deps.subjects.scheduledSubjects();
  // Every treasury subject is re-checked, so a recommendation a crash left unrecorded is recorded.
  const touched = new Set(
    subjects.filter((subject) => recordsAllocation(subject)).map((subject) => subject.id),
  );
  for (const subject of subjects) {
    if (subject.schedule === null) continue;
    const fire = dueFire(
      subject.schedule,
      await deps.sessions.scheduleAnchor(subject.id),
      deps.clock.now(),
    );
    if (fire === null) continue;
    // A session opened by hand for the fire's date is that day's session: counted, not doubled.
    if ((await lifecycle.conveneFire(subject.id, fire)) === 'convened') sweep.convened++;
  }
  for (const sessionId of await deps.briefs.sessionsWithoutBrief(SWEEP_LIMIT)) {
    await lifecycle.publishBrief(sessionId);
    sweep.briefs++;
  }
  for (const session of await deps.sessions.unfinishedSessions(SWEEP_LIMIT)) {
    const now = deps.clock.now();
    const windowOpen =
      session.state === 'collecting' &&
      (session.window_closes_at === null || session.window_closes_at.getTime() > now.getTime());
    if (windowOpen) continue;
    const after = await lifecycle.advance(session.id, 'published', 'due');
    if (after.state !== session.state) sweep.advanced++;
    // Its window is over, so it publishes whatever it holds; an empty receipt is said out loud.
    if (after.state === 'published' && after.aggregate?.counted.length === 0)
      deps.log.info(
        { sessionId: session.id, subjectId: session.subject_id, date: session.date },
        'swarm lifecycle: published a session in which no take counts (its receipt records submitted: 0)',
      );
  }
  for (const subjectId of touched) {
    if ((await deps.allocations.syncSubject(subjectId, deps.clock.now())) === 'recorded')
      sweep.allocations++;
  }
  return sweep;
}

export function swarmLifecycleJob(deps: Parameters<typeof sweepLifecycle>[0]): Job {
  return {
    name: SWARM_LIFECYCLE_JOB,
    schedule: { everyMs: 30_000 },
    idempotent: true,
    async run(): Promise<JobOutcome> {
      const sweep = await sweepLifecycle(deps);
      const worked = sweep.convened + sweep.briefs + sweep.advanced + sweep.allocations > 0;
      if (worked) deps.log.info(sweep, 'swarm lifecycle advanced');
      return worked ? 'success' : 'skipped';
    },
  };
}
