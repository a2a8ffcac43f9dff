import {
  addDays,
  DATE_RE,
  LEADERBOARD_SORTS,
  sortLeaderboard,
  type LeaderboardSort,
} from '@convene/protocol';
import type { DataVersions } from '../../db/data-versions.js';
import { VersionedCache } from '../../db/versioned-value.js';
import { fail } from '../../errors.js';
import type { MemberReads } from '../members/read-service.js';
import type { MemberRow } from '../members/repository.js';
import { TRACK_RECORD_DATASET } from '../shared/constants.js';
import { isUuid } from '../shared/ids.js';
import { parseLimit } from '../shared/paging.js';
import { GrowingRecords, type Computed } from './growing-records.js';
import type { TrackRecordRepository } from './repository.js';
import type { SeriesReader } from './series.js';
import type { TrackRecordSettings } from './settings.js';
import { leaderboardCursor, offsetOf } from './cursor.js';
import { memberTrackRecordView, scoredTakeView, sessionScoreView } from './views.js';

const LEADERBOARD_PAGE = 50;
const LEADERBOARD_MAX = 200;

export interface LeaderboardQuery {
  horizon?: number | undefined;
  sort?: string | undefined;
  limit?: string | undefined;
  cursor?: string | undefined;
  subject?: string | undefined;
}

/** A leaderboard page as a query names it, validated and with its cursor clamped to the end. */
export interface LeaderboardPage {
  horizon: number;
  sort: LeaderboardSort;
  limit: number;
  offset: number;
  subject: string;
}

/**
 * The track-record reads (docs/methodology.md §4, §5): every score computed once per data version
 * of the stored outcomes from those outcomes and the counted takes.
 */
export class TrackRecordService {
  private readonly computed = new VersionedCache<'computed', Computed>({ maxEntries: 1 });
  private readonly records: GrowingRecords;

  private readonly trackRecords: TrackRecordRepository;
  private readonly versions: DataVersions;
  private readonly settings: TrackRecordSettings;
  private readonly members: MemberReads;
  private readonly readSeries: SeriesReader;

  constructor(uses: {
    trackRecords: TrackRecordRepository;
    versions: DataVersions;
    settings: TrackRecordSettings;
    members: MemberReads;
    readSeries: SeriesReader;
  }) {
    this.trackRecords = uses.trackRecords;
    this.versions = uses.versions;
    this.settings = uses.settings;
    this.members = uses.members;
    this.readSeries = uses.readSeries;
    this.records = new GrowingRecords({ trackRecords: uses.trackRecords, settings: uses.settings });
  }

  /**
   * GET /api/swarm/track-record/series/{label}: the observations of the series a label follows,
   * as outcomes read them, so anyone can check an outcome's start and end values.
   */
  async series(label: string, from: string | undefined, to: string | undefined) {
    const configured = this.settings.series.get(label);
    if (configured === undefined) throw fail('noSeriesForLabel');
    const valid = (d: string | undefined): d is string =>
      d !== undefined && DATE_RE.test(d) && addDays(d, 0) === d;
    if (!valid(from) || !valid(to) || from > to || to > addDays(from, 800))
      throw fail('invalidSeriesRange');
    return {
      label,
      source: configured.text,
      from,
      to,
      points: await this.readSeries(configured.source, from, to),
    };
  }

  /** Moves whenever an outcome is stored or a track-record input changes. */
  readonly version = () => this.versions.current(TRACK_RECORD_DATASET);

  private current(): Promise<Computed> {
    return this.computed.get('computed', this.version(), () => this.records.update());
  }

  /** The id of the session `sessionId` names (lower case), or 404. */
  async outcomeSession(sessionId: string): Promise<string> {
    const session = isUuid(sessionId)
      ? await this.trackRecords.sessionAggregation(sessionId)
      : undefined;
    if (session === undefined) throw fail('sessionNotFound');
    return sessionId.toLowerCase();
  }

  /** GET /api/swarm/sessions/{id}/outcome, for a session `outcomeSession` found. */
  async sessionOutcome(sessionId: string) {
    const computed = await this.current();
    const all = computed.records.get('')!;
    return {
      sessionId: sessionId.toLowerCase(),
      horizons: this.settings.horizons,
      outcomes: computed.outcomes
        .filter((o) => o.sessionId === sessionId.toLowerCase())
        .sort((a, b) => a.horizonDays - b.horizonDays)
        .map((o) => {
          const records = all.get(o.horizonDays);
          const scored = records?.sessions.find((s) => s.sessionId === o.sessionId) ?? null;
          return {
            horizonDays: o.horizonDays,
            status: o.status,
            reason: o.reason,
            digest: o.digest,
            logIndex: o.logIndex,
            computedAt: o.computedAt.toISOString(),
            record: JSON.parse(o.record) as unknown,
            swarm: scored === null ? null : sessionScoreView(scored),
            takes: (computed.takesBySession.get(o.horizonDays)?.get(o.sessionId) ?? []).map((t) =>
              scoredTakeView(t, computed),
            ),
          };
        }),
    };
  }

  /** The member an id or handle names, or 404. */
  member(idOrHandle: string): Promise<MemberRow> {
    return this.members.publicMember(idOrHandle);
  }

  /** GET /api/swarm/members/{id}/track-record. */
  async memberTrackRecord(member: MemberRow) {
    return memberTrackRecordView(member, await this.current(), this.settings);
  }

  /** The page a leaderboard query asks for, or 400; every cursor past the end is the end. */
  async leaderboardPage(query: LeaderboardQuery): Promise<LeaderboardPage> {
    const horizon = query.horizon ?? this.settings.horizons[0]!;
    if (!this.settings.horizons.includes(horizon))
      throw fail('unknownHorizon', this.settings.horizons.join(', '));
    const sort = (query.sort ?? 'rank') as LeaderboardSort;
    if (!(LEADERBOARD_SORTS as readonly string[]).includes(sort))
      throw fail('invalidLeaderboardSort', LEADERBOARD_SORTS.join(', '));
    const limit = parseLimit(query.limit, LEADERBOARD_PAGE, LEADERBOARD_MAX);
    const subject = query.subject ?? '';
    const ranked = (await this.current()).records.get(subject)?.get(horizon)?.members.length ?? 0;
    // Every cursor past the end answers the same empty page: one body for all of them, so a stranger's
    // distinct cursors cannot each cost a build (issue 45).
    const offset = Math.min(
      query.cursor === undefined || query.cursor === '' ? 0 : offsetOf(query.cursor),
      ranked,
    );
    return { horizon, sort, limit, offset, subject };
  }

  /** GET /api/swarm/track-record. */
  async leaderboard({ horizon, sort, limit, offset, subject }: LeaderboardPage) {
    const computed = await this.current();
    const records = computed.records.get(subject)?.get(horizon);
    const members = records === undefined ? [] : sortLeaderboard(records.members, sort);
    const page = members.slice(offset, offset + limit);
    return {
      horizonDays: horizon,
      horizons: this.settings.horizons,
      subject: subject === '' ? null : subject,
      sort,
      minScoredTakes: this.settings.minScoredTakes,
      swarm: records?.swarm ?? emptySwarm(horizon),
      sessions: (records?.sessions ?? []).map(sessionScoreView),
      leaderboard: page.map((m) => ({
        handle: computed.handles.get(m.memberId) ?? null,
        ...m,
        status: m.eligible ? ('ranked' as const) : ('not_enough_history' as const),
      })),
      total: members.length,
      nextCursor: offset + limit < members.length ? leaderboardCursor(offset + limit) : null,
    };
  }
}

function emptySwarm(horizonDays: number) {
  return {
    horizonDays,
    sessions: 0,
    meanBrier: null,
    excessSessions: 0,
    meanExcess: null,
    positiveExcessShare: null,
    sumExcess: null,
  };
}
