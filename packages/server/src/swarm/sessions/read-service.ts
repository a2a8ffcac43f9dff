import { DATE_RE, selectCountedTakes } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import { VersionedValue } from '../../db/versioned-value.js';
import { REGIME_DATASETS } from '../../regime/datasets.js';
import type { RegimeAsOf } from '../../regime/service.js';
import { bodyWithSignalsAsOf } from '../briefs/builder.js';
import type { BriefRepository } from '../briefs/repository.js';
import { briefResource } from '../briefs/view.js';
import type { SubjectRepository } from '../subjects/repository.js';
import { SWARM_DATASET } from '../shared/constants.js';
import { isCalendarDate } from '../shared/dates.js';
import { encodeCursor, parseListQuery } from './list-query.js';
import type { SessionRepository, SessionRow, SessionVersions, SessionTake } from './repository.js';
import { nextFire } from './schedule.js';
import type { TakeVerdict, TakeVerifier } from '../takes/verification.js';
import { newestPerMember, rosterView, sessionFull, sessionSummary, takesView } from './views.js';
import { expectedRoster } from './aggregation.js';
import { fail } from '../../errors.js';
import { FreshReads } from '../../db/fresh-reads.js';
import { WatchedReads, type RowWatch } from '../../db/row-watch.js';

interface CheckedTakes {
  all: SessionTake[];
  verdicts: Map<string, TakeVerdict>;
}

/** A session a read found, with the fingerprint of everything its answer is computed from. */
export interface FoundSession {
  readonly id: string;
  /**
   * Moves whenever the row, any row its takes' verdicts rest on, the key histories, or the swarm
   * and research data the brief and roster come from do: an equal fingerprint promises an equal
   * answer, so the HTTP edge may send the one it kept.
   */
  fingerprint: string;
}

/** The session read routes. Each read checks the session's fingerprint; the answers are values. */
export class SessionReads {
  private readonly schedules = new VersionedValue(async () =>
    (await this.subjects.scheduledSubjects()).flatMap((row) =>
      row.schedule === null ? [] : [row.schedule],
    ),
  );
  private nextFire: { version: number; from: Date; at: Date | null } | undefined;
  /** A session's fingerprints: read on every request, or once per epoch where watched. */
  private readonly found: WatchedReads<SessionVersions | undefined>;
  private readonly fresh = new FreshReads<SessionVersions | undefined>();

  private readonly sessions: SessionRepository;
  private readonly subjects: SubjectRepository;
  private readonly briefs: BriefRepository;
  private readonly clock: Clock;
  private readonly versions: DataVersions;
  private readonly regime: RegimeAsOf;
  private readonly verifier: TakeVerifier;

  constructor(uses: {
    sessions: SessionRepository;
    subjects: SubjectRepository;
    briefs: BriefRepository;
    clock: Clock;
    versions: DataVersions;
    regime: RegimeAsOf;
    verifier: TakeVerifier;
    rowWatch: RowWatch | undefined;
  }) {
    this.sessions = uses.sessions;
    this.subjects = uses.subjects;
    this.briefs = uses.briefs;
    this.clock = uses.clock;
    this.versions = uses.versions;
    this.regime = uses.regime;
    this.verifier = uses.verifier;
    this.found = new WatchedReads(uses.rowWatch);
  }

  /**
   * The session a read serves, by its fingerprints as the database holds them now (a few bytes; the
   * row is read only to build an answer): concurrent readers share one query that started after
   * they asked; where every writer is watched, no query at all while nothing changed.
   */
  private async sessionNow(
    key: string,
    versionsOf: () => Promise<SessionVersions | undefined>,
  ): Promise<FoundSession | undefined> {
    const found = await this.found.get(key, () => this.fresh.read(key, versionsOf));
    if (found === undefined) return undefined;
    const generation = await this.verifier.generation();
    const fingerprint = [
      found.rowVersion,
      found.takesFingerprint,
      generation,
      this.swarmVersion(),
      this.versions.current(REGIME_DATASETS.research),
    ].join('|');
    // A literal, not a spread of `found`: spreading cost 0.7 µs, a sixtieth of the whole read.
    return { id: found.id, fingerprint };
  }

  /** Moves with every change to the swarm's data (a convene, a state change, a take). */
  readonly swarmVersion = () => this.versions.current(SWARM_DATASET);

  /**
   * The next fire of any enabled session-opening schedule, or null when none is enabled. Computed
   * once per swarm data version and reused until that instant passes (cron math is costly).
   */
  async nextSessionAt(): Promise<string | null> {
    const version = this.swarmVersion();
    const now = this.clock.now();
    const cached = this.nextFire;
    if (
      cached !== undefined &&
      cached.version === version &&
      now.getTime() >= cached.from.getTime() &&
      (cached.at === null || now.getTime() < cached.at.getTime())
    )
      return cached.at?.toISOString() ?? null;
    const fires = (await this.schedules.get(version))
      .map((cron) => nextFire(cron, now))
      .filter((fire): fire is Date => fire !== null)
      .sort((a, b) => a.getTime() - b.getTime());
    const at = fires[0] ?? null;
    this.nextFire = { version, from: now, at };
    return at?.toISOString() ?? null;
  }

  /** The page a list query asks for (400 on a malformed one), with the next scheduled session. */
  async listPage(raw: Record<string, string | undefined>) {
    return { query: parseListQuery(raw), nextSessionAt: await this.nextSessionAt() };
  }

  async list({ query, nextSessionAt }: Awaited<ReturnType<SessionReads['listPage']>>) {
    const rows = await this.sessions.listSessions(query);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      sessions: page.map((row) =>
        query.full ? sessionFull(row, row.take_count) : sessionSummary(row, row.take_count),
      ),
      nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last) : null,
      nextSessionAt,
    };
  }

  /** The session with this id, or 404. */
  async findById(id: string): Promise<FoundSession> {
    const found = await this.sessionNow(`id:${id}`, () => this.sessions.sessionVersions(id));
    if (found === undefined) throw fail('sessionNotFound');
    return found;
  }

  /** The latest session of a day and subject, or 400 (a malformed date) or 404. */
  async findOfDay(date: string, subjectId: string): Promise<FoundSession> {
    if (!DATE_RE.test(date)) throw fail('readInvalidDate');
    if (!isCalendarDate(date)) throw fail('noSession');
    const found = await this.sessionNow(`day:${date}:${subjectId}`, () =>
      this.sessions.latestOfDayVersions(date, subjectId),
    );
    if (found === undefined) throw fail('noSession');
    return found;
  }

  /** A session with its brief, roster and every member's newest take, each checked on this read. */
  async detail(found: FoundSession) {
    const [read, checked] = await Promise.all([
      this.sessions.sessionRowWithVersion(found.id),
      this.checkedTakes(found.id),
    ]);
    if (read === undefined) throw fail('sessionNotFound');
    return this.detailOf(read.row, checked);
  }

  /** `{ session, takes }` for the latest session of a day and subject. */
  async ofDay(found: FoundSession) {
    const { takes, ...session } = await this.detail(found);
    return { session, takes };
  }

  /** The newest session in state collecting with its close time, or null. */
  async openSession() {
    const session = await this.sessions.soonestClosingCollecting();
    if (session === undefined) return null;
    const takeCount = await this.sessions.takerCount(session.id);
    return {
      id: session.id,
      date: session.date,
      subjectId: session.subject_id,
      state: 'collecting' as const,
      convenedAt: session.convened_at.toISOString(),
      windowClosesAt: session.window_closes_at?.toISOString() ?? null,
      takeCount,
      briefUrl: `/api/swarm/brief?session=${session.id}`,
    };
  }

  /** The session's takes, each member's newest revision checked (signature, fields, log entry, key). */
  private async checkedTakes(sessionId: string): Promise<CheckedTakes> {
    const all = await this.sessions.takesOfSession(sessionId);
    return { all, verdicts: await this.verifier.verdicts(newestPerMember(all)) };
  }

  private async detailOf(session: SessionRow, checked: CheckedTakes) {
    const takes = checked.all;
    const [brief, roster] = await Promise.all([
      this.briefs.briefOfSession(session.id),
      this.sessions.rosterOf(session.id),
    ]);
    const expected = expectedRoster(roster);
    const aggregate = session.aggregate;
    const counted = new Set(
      aggregate !== null
        ? aggregate.counted.map((entry) => entry.takeId)
        : selectCountedTakes(takes, expected).map((take) => take.id),
    );
    // Before aggregation, a take counts only if it would: on the roster and verified on this read
    // (in the log, filed with its member's active logged key); after, the aggregate says.
    const newest = newestPerMember(takes).map((take) => {
      const verdict = checked.verdicts.get(take.id)!;
      return {
        take,
        verdict,
        counted: counted.has(take.id) && (aggregate !== null || verdict.verified),
      };
    });
    return {
      ...sessionFull(session, newest.length),
      brief:
        brief === undefined
          ? null
          : briefResource(brief, await bodyWithSignalsAsOf(this.regime, brief)),
      roster: rosterView(roster),
      missingTakes: missingTakes(aggregate?.counted ?? [], takes),
      takes: takesView(newest, roster),
    };
  }
}

/**
 * Whether every take a session answer serves passed its check: only then may the answer be kept,
 * since a failed check is made again on the next read (the verifier then asks for fresh key
 * histories).
 */
export const everyTakeVerified = (answer: { takes: ReadonlyArray<{ verified: boolean }> }) =>
  answer.takes.every((take) => take.verified);

/**
 * Takes the aggregate counted whose rows are gone: removed behind the service, since takes are
 * append-only. Named on the session with the reason rather than silently absent.
 */
function missingTakes(
  counted: ReadonlyArray<{ memberId: string; takeId: string; revision: number }>,
  takes: ReadonlyArray<{ id: string }>,
) {
  const present = new Set(takes.map((take) => take.id));
  return counted
    .filter((entry) => !present.has(entry.takeId))
    .map((entry) => ({
      takeId: entry.takeId,
      memberId: entry.memberId,
      revision: entry.revision,
      code: 'take_row_missing' as const,
      message: `the aggregate counted revision ${entry.revision} of this member's take, but the service no longer serves its row`,
    }));
}
