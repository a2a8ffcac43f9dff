import { selectCountedTakes, utcDate } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { composeBriefBody } from '../briefs/builder.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { BriefRepository } from '../briefs/repository.js';
import type { ServiceKeyStore } from '../receipts/service-key.js';
import type { SubjectRepository, SubjectRow } from '../subjects/repository.js';
import { SWARM_DATASET } from '../shared/constants.js';
import type { TreasuryAllocations } from '../../treasury/allocation.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { PublishAnchor, ReceiptLogAnchoring } from './log-anchor.js';
import type { SessionRepository, SessionRow } from './repository.js';
import type { SessionSteps } from './steps.js';
import { openSessionRow, type OpeningUses } from './opening.js';
import { expectedRoster } from './aggregation.js';
import { fail, failWith } from '../../errors.js';

export type LifecycleTarget = 'window_closed' | 'aggregated' | 'judged' | 'published';

export interface ConveneInput {
  subjectId: string;
  /** The schedule fire being convened; unique per subject, so a fire convenes once. */
  fireAt?: Date | null;
  /** Session date; defaults to the UTC date of the fire (or of now). */
  date?: string;
  /** Overrides the deadline; by default the schedule's next fire, or null without a fire. */
  windowClosesAt?: Date | null;
  /**
   * Opens the session even when its date and subject already have one (409 otherwise): an
   * operator's explicit request, never a default, since a take names a date and a subject only.
   */
  additional?: boolean;
}

/** What the scheduler did with a due fire (see `conveneFire`). */
export type FireOutcome = 'convened' | 'counted' | 'existing';

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
  private readonly opening: OpeningUses;
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
    this.opening = uses;
    this.clock = uses.clock;
    this.versions = uses.versions;
    this.regime = uses.regime;
    this.serviceKeys = uses.serviceKeys;
    this.log = uses.log;
  }

  /**
   * Opens a session by hand (or for a given fire): the roster frozen, a snapshot, the regime and
   * the reference, then its brief. A fire already convened answers its session (`created: false`);
   * a date and subject that already have a session answer 409 unless `additional` is set.
   */
  async convene(input: ConveneInput): Promise<{ sessionId: string; created: boolean }> {
    const fireAt = input.fireAt ?? null;
    const result = await this.transactor.transaction(async (trx) => {
      const subject = await this.subjects.lockSubject(input.subjectId, trx);
      if (subject === undefined) throw fail('subjectNotFound');
      const date = input.date ?? utcDate(fireAt ?? this.clock.now());
      if (fireAt !== null) {
        const fired = await this.subjects.sessionOfFire(subject.id, fireAt, trx);
        if (fired !== undefined) return { sessionId: fired.id, created: false };
      }
      const ofDay = await this.sessions.sessionOfDay(subject.id, date, trx);
      if (ofDay !== undefined && input.additional !== true)
        throw failWith(
          'sessionOfDayExists',
          { sessionId: ofDay.id },
          `${subject.id} already has a session on ${date} (${ofDay.id})`,
        );
      const sessionId = await openSessionRow(trx, this.opening, subject, {
        date,
        fireAt,
        windowClosesAt: input.windowClosesAt,
        additional: ofDay !== undefined,
      });
      return { sessionId, created: true };
    });
    await this.publishBrief(result.sessionId);
    return result;
  }

  /**
   * The scheduler's convene of a due fire. The fire's date has no session yet: it opens one. The
   * day's session was opened by hand and no fire has counted it: it is this fire's session (its
   * `fire_at` is set), and nothing opens. The day's session came from an earlier fire of the same
   * day (a schedule that fires more than once a day asks for several): an additional one opens.
   */
  async conveneFire(subjectId: string, fireAt: Date): Promise<FireOutcome> {
    const result = await this.transactor.transaction(async (trx) => {
      const subject = await this.subjects.lockSubject(subjectId, trx);
      if (subject === undefined) throw fail('subjectNotFound');
      if ((await this.subjects.sessionOfFire(subject.id, fireAt, trx)) !== undefined)
        return { outcome: 'existing' as const };
      const date = utcDate(fireAt);
      const ofDay = await this.sessions.sessionOfDay(subject.id, date, trx);
      if (ofDay !== undefined && ofDay.fire_at === null) {
        await this.sessions.setSession(ofDay.id, { fire_at: fireAt }, trx);
        await this.versions.bump(SWARM_DATASET, trx);
        return { outcome: 'counted' as const };
      }
      const sessionId = await openSessionRow(trx, this.opening, subject, {
        date,
        fireAt,
        windowClosesAt: undefined,
        additional: ofDay !== undefined,
      });
      return { outcome: 'convened' as const, sessionId };
    });
    if (result.outcome === 'convened') await this.publishBrief(result.sessionId);
    return result.outcome;
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

  /**
   * Publishes by hand (the admin route). A session in which no take would count is refused unless
   * `force`: its receipt would record `submitted: 0` for good. A published session stays as it is.
   */
  async publish(sessionId: string, force: boolean): Promise<SessionRow> {
    if (!force && (await this.countedTakes(sessionId)) === 0) throw fail('emptySession', sessionId);
    return this.advance(sessionId, 'published', 'now');
  }

  /**
   * The takes that count (the aggregate's, once aggregated; else those that would if it aggregated
   * now: each expected roster member's newest), or null for a session already published.
   */
  private async countedTakes(sessionId: string): Promise<number | null> {
    const session = await this.sessions.findSession(sessionId);
    if (session === undefined) throw fail('sessionNotFound');
    if (session.state === 'published') return null;
    if (session.aggregate !== null) return session.aggregate.counted.length;
    const [roster, takes] = await Promise.all([
      this.sessions.rosterOf(sessionId),
      this.sessions.takesOfSession(sessionId),
    ]);
    return selectCountedTakes(takes, expectedRoster(roster)).length;
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
