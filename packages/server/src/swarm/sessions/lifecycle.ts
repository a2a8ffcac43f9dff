import { utcDate } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { DB } from '../../db/schema.js';
import { composeBriefBody } from '../briefs/builder.js';
import type { RegimeAsOf } from '../../regime/service.js';
import { briefOfSession, insertBrief } from '../briefs/repository.js';
import type { ServiceKeyStore } from '../receipts/service-key.js';
import {
  findSubject,
  insertSnapshot,
  snapshotOfSession,
  type SubjectRow,
} from '../subjects/repository.js';
import { captureHoldings } from '../subjects/snapshot.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { PublishAnchor, ReceiptLogAnchoring } from './log-anchor.js';
import { referenceAllocationFor } from './reference-allocation.js';
import {
  addToRoster,
  eligibleRoster,
  findSession,
  insertSession,
  lockSession,
  setSession,
  type SessionRow,
} from './repository.js';
import { nextFire } from './schedule.js';
import { aggregateSession, closeWindow, judgeSession, publishSession } from './steps.js';
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
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly versions: DataVersions,
    private readonly regime: RegimeAsOf,
    private readonly serviceKeys: ServiceKeyStore,
    /** The transparency log receipts are anchored in; null only where no log is kept. */
    private readonly log: ReceiptLogAnchoring | null,
  ) {}

  /** Creates the session (roster frozen, snapshot, regime, reference), then publishes its brief. */
  async convene(input: ConveneInput): Promise<{ sessionId: string; created: boolean }> {
    const fireAt = input.fireAt ?? null;
    const result = await this.db.transaction().execute(async (trx) => {
      const subject = await findSubject(trx, input.subjectId);
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
        referenceAllocationFor(trx, subject),
      ]);
      const id = crypto.randomUUID();
      const existing = await insertSession(trx, {
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
      });
      if (existing !== undefined) return { sessionId: existing, created: false };
      await addToRoster(trx, id, await eligibleRoster(trx), now);
      const holdings = await captureHoldings(trx, subject);
      await insertSnapshot(trx, {
        id: crypto.randomUUID(),
        subjectId: subject.id,
        sessionId: id,
        takenAt: now,
        ...holdings,
      });
      await this.versions.bump(SWARM_DATASET, trx);
      return { sessionId: id, created: true };
    });
    await this.publishBrief(result.sessionId);
    return result;
  }

  /** Publishes a session's brief once; a second call (or a racing replica) changes nothing. */
  async publishBrief(sessionId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const session = await lockSession(trx, sessionId);
      if (session === undefined) throw fail('sessionNotFound');
      if ((await briefOfSession(trx, sessionId)) !== undefined) return;
      const subject = await findSubject(trx, session.subject_id);
      if (subject === undefined) throw fail('subjectNotFound');
      const snapshot = await snapshotOfSession(trx, sessionId);
      const body = await composeBriefBody(
        trx,
        this.regime,
        session,
        subject,
        snapshot?.notable ?? [],
      );
      await insertBrief(trx, {
        sessionId,
        subjectId: session.subject_id,
        date: session.date,
        createdAt: this.clock.now(),
        body,
      });
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
    const head = await findSession(this.db, sessionId);
    if (head === undefined) throw fail('sessionNotFound');
    const wanted = ORDER.indexOf(target);
    let session = await this.locked(head.subject_id, sessionId, async (trx, subject, row) => {
      let next = await closeWindow(trx, row, this.clock.now(), closeMode);
      if (wanted >= 1) {
        next = await aggregateSession(
          trx,
          next,
          subject,
          this.clock.now(),
          this.log?.countable ?? null,
        );
      }
      if (wanted >= 2) next = await judgeSession(trx, next, this.clock.now());
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
      const next = await publishSession(trx, row, subject, this.clock.now(), seed, anchor);
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
      trx: Kysely<DB>,
      subject: SubjectRow,
      session: SessionRow,
    ) => Promise<{ session: SessionRow; changed: boolean }>,
  ): Promise<SessionRow> {
    return this.db.transaction().execute(async (trx) => {
      const subject = await findSubject(trx, subjectId, { forUpdate: true });
      const session = await lockSession(trx, sessionId);
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
      await setSession(trx, session.id, { window_closes_at: closesAt });
      return { ...session, window_closes_at: closesAt };
    });
  }

  /** Runs `change` on a session still collecting, or answers 409. */
  async whileCollecting(
    sessionId: string,
    change: (trx: Kysely<DB>, session: SessionRow) => Promise<SessionRow>,
  ): Promise<SessionRow> {
    return this.db.transaction().execute(async (trx) => {
      const session = await lockSession(trx, sessionId);
      if (session === undefined) throw fail('sessionNotFound');
      if (session.state !== 'collecting') throw fail('notCollecting');
      const changed = await change(trx, session);
      await this.versions.bump(SWARM_DATASET, trx);
      return changed;
    });
  }
}
