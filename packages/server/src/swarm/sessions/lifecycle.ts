import { utcDate } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { composeBriefBody } from '../briefs/builder.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { BriefRepository } from '../briefs/repository.js';
import type { ServiceKeyStore } from '../receipts/service-key.js';
import type { SubjectRepository, SubjectRow } from '../subjects/repository.js';
import { captureHoldings } from '../subjects/snapshot.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { TreasuryAllocations } from '../../treasury/allocation.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { PublishAnchor, ReceiptLogAnchoring } from './log-anchor.js';
import { referenceAllocationFor } from './reference-allocation.js';
import type { SessionRepository, SessionRow } from './repository.js';
import { nextFire } from './schedule.js';
import type { SessionSteps } from './steps.js';
import { fail } from '../../errors.js';

export type LifecycleTarget = 'window_closed' | 'aggregated' | 'judged' | 'published';

export interface ConveneInput {
  subjectId: string;
  /** The schedule fire being convened; unique per subject, so a fire convenes once. */
  fireAt?: Date | null;
  /** Session date; defaults to the UTC date of the fire (or of now). */
  date?: string;
  /** Overrides the deadline; by default the schedule's next fire, or null without a fire. */
  windowClosesAt?: Date | null;
}

const ORDER: readonly LifecycleTarget[] = ['window_closed', 'aggregated', 'judged', 'published'];

/**
 * Convenes sessions and moves them collecting → window_closed → aggregated → (judged) → published.
 * Every step locks the subject row, then the session row, inside one transaction, checks the state
 * it starts from and is a no-op when already done: idempotent, restart-safe, safe across replicas.
 */
export class LifecycleService {
  private readonly transactor: Transactor;
  private readonly sessions: SessionRepository;
  private readonly subjects: SubjectRepository;
  private readonly briefs: BriefRepository;
  private readonly steps: SessionSteps;
  private readonly treasury: TreasuryReads;
  private readonly allocations: TreasuryAllocations;
  private readonly clock: Clock;
  private readonly versions: DataVersions;
  private readonly regime: RegimeAsOf;
  private readonly serviceKeys: ServiceKeyStore;
  private readonly log: ReceiptLogAnchoring | null;

  constructor(uses: {
    transactor: Transactor;
    sessions: SessionRepository;
    subjects: SubjectRepository;
    briefs: BriefRepository;
    steps: SessionSteps;
    /** The treasury's holdings and targets, which a session convened on it records. */
    treasury: TreasuryReads;
    allocations: TreasuryAllocations;
    clock: Clock;
    versions: DataVersions;
    regime: RegimeAsOf;
    serviceKeys: ServiceKeyStore;
    /** The transparency log receipts are anchored in; null only where no log is kept. */
    log: ReceiptLogAnchoring | null;
  }) {
    this.transactor = uses.transactor;
    this.sessions = uses.sessions;
    this.subjects = uses.subjects;
    this.briefs = uses.briefs;
    this.steps = uses.steps;
    this.treasury = uses.treasury;
    this.allocations = uses.allocations;
    this.clock = uses.clock;
    this.versions = uses.versions;
    this.regime = uses.regime;
    this.serviceKeys = uses.serviceKeys;
    this.log = uses.log;
  }

  /** Creates the session (roster frozen, snapshot, regime, reference), then publishes its brief. */
  async convene(input: ConveneInput): Promise<{ sessionId: string; created: boolean }> {
    const fireAt = input.fireAt ?? null;
    const result = await this.transactor.transaction(async (trx) => {
      const subject = await this.subjects.findSubject(input.subjectId, trx);
      if (subject === undefined) throw fail('subjectNotFound');
      const now = this.clock.now();
      const date = input.date ?? utcDate(fireAt ?? now);
      const windowClosesAt =
        input.windowClosesAt !== undefined
          ? input.windowClosesAt
          : fireAt !== null && subject.schedule !== null
            ? nextFire(subject.schedule, fireAt)
            : null;
      const [regime, reference] = await Promise.all([
        this.regime.summaryAsOf(date, trx),
        referenceAllocationFor(trx, this.allocations, subject),
      ]);
      const id = crypto.randomUUID();
      const existing = await this.sessions.insertSession(
        {
          id,
          subject_id: subject.id,
          date,
          state: 'collecting',
          convened_at: now,
          window_closes_at: windowClosesAt,
          fire_at: fireAt,
          roster_frozen: true,
          regime_summary: JSON.stringify(regime),
          reference_allocation: JSON.stringify(reference),
        },
        trx,
      );
      if (existing !== undefined) return { sessionId: existing, created: false };
      await this.sessions.addToRoster(id, await this.sessions.eligibleRoster(trx), now, trx);
      const holdings = await captureHoldings(trx, this.treasury, subject);
      await this.subjects.insertSnapshot(
        {
          id: crypto.randomUUID(),
          subjectId: subject.id,
          sessionId: id,
          takenAt: now,
          ...holdings,
        },
        trx,
      );
      await this.versions.bump(SWARM_DATASET, trx);
      return { sessionId: id, created: true };
    });
    await this.publishBrief(result.sessionId);
    return result;
  }

  /** Publishes a session's brief once; a second call (or a racing replica) changes nothing. */
  async publishBrief(sessionId: string): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      const session = await this.sessions.lockSession(sessionId, trx);
      if (session === undefined) throw fail('sessionNotFound');
      if ((await this.briefs.briefOfSession(sessionId, trx)) !== undefined) return;
      const subject = await this.subjects.findSubject(session.subject_id, trx);
      if (subject === undefined) throw fail('subjectNotFound');
      const snapshot = await this.subjects.snapshotOfSession(sessionId, trx);
      const body = await composeBriefBody(
        trx,
        this.briefs,
        this.regime,
        session,
        subject,
        snapshot?.notable ?? [],
      );
      await this.briefs.insertBrief(
        {
          sessionId,
          subjectId: session.subject_id,
          date: session.date,
          createdAt: this.clock.now(),
          body,
        },
        trx,
      );
      await this.versions.bump(SWARM_DATASET, trx);
    });
  }

  /**
   * Runs every step up to `target`. `closeMode` 'due' (the scheduler) stops at a window still open;
   * 'now' (an admin) closes it first. Returns the session as it stands afterwards.
   */
  async advance(
    sessionId: string,
    target: LifecycleTarget,
    closeMode: 'due' | 'now' = 'now',
  ): Promise<SessionRow> {
    const head = await this.sessions.findSession(sessionId);
    if (head === undefined) throw fail('sessionNotFound');
    const wanted = ORDER.indexOf(target);
    let session = await this.locked(head.subject_id, sessionId, async (trx, subject, row) => {
      let next = await this.steps.closeWindow(trx, row, this.clock.now(), closeMode);
      if (wanted >= 1) {
        next = await this.steps.aggregateSession(
          trx,
          next,
          subject,
          this.clock.now(),
          this.log?.countable ?? null,
        );
      }
      if (wanted >= 2) next = await this.steps.judgeSession(trx, next, this.clock.now());
      return { session: next, changed: next.state !== row.state || wanted === 2 };
    });
    if (wanted < 3 || session.state !== 'aggregated') return session;
    // Publishing records a signed checkpoint that includes every counted take: sequence and sign
    // it first (the log takes its own locks, so not inside the session's transaction).
    const seed = (await this.serviceKeys.signingKey()).seed;
    const anchor: PublishAnchor | null =
      this.log === null
        ? null
        : {
            checkpoint: await this.log.anchor(session.aggregate!.counted.map((c) => c.takeId)),
            indicesOf: this.log.indicesOf,
          };
    session = await this.locked(head.subject_id, sessionId, async (trx, subject, row) => {
      const next = await this.steps.publishSession(
        trx,
        row,
        subject,
        this.clock.now(),
        seed,
        anchor,
      );
      return { session: next, changed: next.state !== row.state };
    });
    if (session.state === 'published') await this.log?.logReceipts();
    return session;
  }

  /** One step in a transaction holding the subject row, then the session row, FOR UPDATE. */
  private async locked(
    subjectId: string,
    sessionId: string,
    step: (
      trx: Tx,
      subject: SubjectRow,
      session: SessionRow,
    ) => Promise<{ session: SessionRow; changed: boolean }>,
  ): Promise<SessionRow> {
    return this.transactor.transaction(async (trx) => {
      const subject = await this.subjects.lockSubject(subjectId, trx);
      const session = await this.sessions.lockSession(sessionId, trx);
      if (subject === undefined || session === undefined) throw fail('sessionNotFound');
      if (session.state === 'cancelled' || session.state === 'scheduled') return session;
      const result = await step(trx, subject, session);
      if (result.changed) await this.versions.bump(SWARM_DATASET, trx);
      return result.session;
    });
  }

  /** Moves the deadline of a collecting session (null: no deadline). */
  async setWindow(sessionId: string, closesAt: Date | null): Promise<SessionRow> {
    return this.whileCollecting(sessionId, async (trx, session) => {
      await this.sessions.setSession(session.id, { window_closes_at: closesAt }, trx);
      return { ...session, window_closes_at: closesAt };
    });
  }

  /** Runs `change` on a session still collecting, or answers 409. */
  async whileCollecting(
    sessionId: string,
    change: (trx: Tx, session: SessionRow) => Promise<SessionRow>,
  ): Promise<SessionRow> {
    return this.transactor.transaction(async (trx) => {
      const session = await this.sessions.lockSession(sessionId, trx);
      if (session === undefined) throw fail('sessionNotFound');
      if (session.state !== 'collecting') throw fail('notCollecting');
      const changed = await change(trx, session);
      await this.versions.bump(SWARM_DATASET, trx);
      return changed;
    });
  }
}
