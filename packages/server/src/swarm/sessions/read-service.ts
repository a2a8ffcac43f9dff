import { DATE_RE, selectCountedTakes } from '@convene/protocol';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import { VersionedValue } from '../../db/versioned-value.js';
import {
  MIB,
  VersionedBodyCache,
  type CachedBody,
  type CacheStats,
} from '../../http/cached-body.js';
import { REGIME_DATASETS } from '../../regime/datasets.js';
import type { RegimeAsOf } from '../../regime/service.js';
import { bodyWithSignalsAsOf } from '../briefs/builder.js';
import type { BriefRepository } from '../briefs/repository.js';
import { briefResource } from '../briefs/view.js';
import type { SubjectRepository } from '../subjects/repository.js';
import { SWARM_DATASET } from '../shared/constants.js';
import { isCalendarDate } from '../shared/dates.js';
import { encodeCursor, parseListQuery } from './list-query.js';
import type {
  SessionRepository,
  SessionForRead,
  SessionRow,
  SessionVersions,
  SessionTake,
} from './repository.js';
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
  key: string;
}

/** Sessions whose checked takes are kept (the most recently read first to stay). */
const CHECKED_CAPACITY = 64;

/** The session read routes; large bodies are serialised once per swarm data version. */
export class SessionReads {
  // Keyed by a request's parsed query (cursors, limits, filters) and by the session it finds.
  private readonly pages = new VersionedBodyCache({ maxBytes: 16 * MIB });
  private readonly details = new VersionedBodyCache({ maxBytes: 32 * MIB });
  private readonly schedules = new VersionedValue(async () =>
    (await this.subjects.scheduledSubjects()).flatMap((row) =>
      row.schedule === null ? [] : [row.schedule],
    ),
  );
  private nextFire: { version: number; from: Date; at: Date | null } | undefined;
  private readonly openBody = new VersionedBodyCache<'open'>({ maxEntries: 1 });
  /** The session row and its fingerprints: read on every request, or once per epoch where watched. */
  private readonly found: WatchedReads<SessionForRead | undefined>;
  private readonly fresh = new FreshReads<SessionForRead | undefined>();
  /** The rows last read, by session id with their version: re-read only when the version moves. */
  private readonly rows = new Map<string, { row: SessionRow; rowVersion: string }>();
  private readonly checked = new Map<
    string,
    { fingerprint: string; generation: number; checked: CheckedTakes }
  >();

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
   * The session a read serves, with its fingerprints, as the database holds it now: concurrent
   * readers share one query that started after they asked; where every writer is watched, no query
   * at all while nothing changed.
   */
  private sessionNow(key: string, versionsOf: () => Promise<SessionVersions | undefined>) {
    return this.found.get(key, () => this.fresh.read(key, () => this.readSession(versionsOf)));
  }

  /** The versions every time (a few bytes); the row (the aggregate is large) only when it moved. */
  private async readSession(
    versionsOf: () => Promise<SessionVersions | undefined>,
  ): Promise<SessionForRead | undefined> {
    const versions = await versionsOf();
    if (versions === undefined) return undefined;
    let known = this.rows.get(versions.id);
    if (known?.rowVersion !== versions.rowVersion) {
      known = await this.sessions.sessionRowWithVersion(versions.id);
      if (known === undefined) return undefined;
      this.rows.delete(versions.id);
      this.rows.set(versions.id, known);
      if (this.rows.size > CHECKED_CAPACITY) this.rows.delete(this.rows.keys().next().value!);
    }
    return { ...known, takesFingerprint: versions.takesFingerprint };
  }

  private get version(): number {
    return this.versions.current(SWARM_DATASET);
  }

  /** Session details embed the brief, whose signal references follow the research dataset too. */
  private get detailVersion(): number {
    return this.version * 1_000_003 + this.versions.current(REGIME_DATASETS.research);
  }

  /**
   * The next fire of any enabled session-opening schedule, or null when none is enabled. Computed
   * once per swarm data version and reused until that instant passes (cron math is costly).
   */
  async nextSessionAt(): Promise<string | null> {
    const version = this.version;
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

  /** What the session pages and session details hold now, for /metrics. */
  get cacheStats(): { pages: CacheStats; details: CacheStats } {
    return { pages: this.pages.stats, details: this.details.stats };
  }

  async listBody(raw: Record<string, string | undefined>): Promise<CachedBody> {
    const query = parseListQuery(raw);
    const nextSessionAt = await this.nextSessionAt();
    const key = JSON.stringify([query, nextSessionAt]);
    return this.pages.get(key, this.version, async () => {
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
    });
  }

  async detailBody(id: string): Promise<CachedBody> {
    const found = await this.sessionNow(`id:${id}`, () => this.sessions.sessionVersions(id));
    if (found === undefined) throw fail('sessionNotFound');
    const takes = await this.checkedTakes(found);
    return this.details.get(
      `id:${found.row.id}:${found.rowVersion}:${takes.key}`,
      this.detailVersion,
      () => this.detail(found.row, takes),
    );
  }

  /** `{ session, takes }` for the latest session of a day and subject. */
  async dayBody(date: string, subjectId: string): Promise<CachedBody> {
    if (!DATE_RE.test(date)) throw fail('readInvalidDate');
    if (!isCalendarDate(date)) throw fail('noSession');
    const found = await this.sessionNow(`day:${date}:${subjectId}`, () =>
      this.sessions.latestOfDayVersions(date, subjectId),
    );
    if (found === undefined) throw fail('noSession');
    const checked = await this.checkedTakes(found);
    return this.details.get(
      `day:${found.row.id}:${found.rowVersion}:${checked.key}`,
      this.detailVersion,
      async () => {
        const { takes, ...rest } = await this.detail(found.row, checked);
        return { session: rest, takes };
      },
    );
  }

  /**
   * The newest session in state collecting with its close time, or null. Read once per swarm data
   * version (every convene, state change, window change and take bumps it), because agents poll it.
   */
  async openSessionBody(): Promise<CachedBody> {
    return this.openBody.replayable(
      'open',
      () => this.version,
      () => this.readOpenSession(),
    );
  }

  private async readOpenSession() {
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

  /**
   * The session's takes with each newest revision checked (signature, fields, log entry, key).
   * Rechecked whenever the fingerprint of the rows the check reads changes, or a key event is
   * logged; otherwise this read's answer is the last one's, since the check is a pure function of
   * those rows. A failed check is never reused: it is made again on the next read (the verifier
   * then asks for fresh key histories, as it does on every failure).
   * `key` changes whenever any verdict or log position does, so a cached body is served only
   * while it says exactly what this read found.
   */
  private async checkedTakes(found: SessionForRead): Promise<CheckedTakes> {
    const sessionId = found.row.id;
    const generation = await this.verifier.generation();
    const known = this.checked.get(sessionId);
    if (
      known !== undefined &&
      known.fingerprint === found.takesFingerprint &&
      known.generation === generation
    ) {
      this.checked.delete(sessionId);
      this.checked.set(sessionId, known);
      return known.checked;
    }
    const all = await this.sessions.takesOfSession(sessionId);
    const verdicts = await this.verifier.verdicts(newestPerMember(all));
    const key = [...verdicts]
      .map(([id, v]) => `${id}@${v.logIndex ?? '-'}${v.reasons.map((r) => `!${r.code}`).join('')}`)
      .join(',');
    const checked = { all, verdicts, key };
    this.checked.delete(sessionId);
    if ([...verdicts.values()].every((verdict) => verdict.verified)) {
      this.checked.set(sessionId, { fingerprint: found.takesFingerprint, generation, checked });
      if (this.checked.size > CHECKED_CAPACITY)
        this.checked.delete(this.checked.keys().next().value!);
    }
    return checked;
  }

  private async detail(session: SessionRow, checked: CheckedTakes) {
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
