import {
  addDays,
  DATE_RE,
  isStance,
  LEADERBOARD_SORTS,
  sortLeaderboard,
  trackRecords,
  type LeaderboardSort,
  type OutcomeRecord,
  type ScoringSession,
  type TrackRecords,
} from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { DataVersions } from '../../db/data-versions.js';
import type { DB } from '../../db/schema.js';
import { VersionedCache } from '../../db/versioned-value.js';
import { fail } from '../../errors.js';
import { VersionedBodyCache } from '../../http/cached-body.js';
import type { ReplayableBody } from '../../http/replay.js';
import type { MemberReads } from '../members/read-service.js';
import { TRACK_RECORD_DATASET } from '../shared/constants.js';
import { isUuid } from '../shared/ids.js';
import { parseLimit } from '../shared/paging.js';
import {
  countedTakesOfScoredSessions,
  handlesOf,
  sessionAggregation,
  storedOutcomes,
  type CountedTakeRow,
  type StoredOutcome,
} from './repository.js';
import type { SeriesReader } from './series.js';
import type { TrackRecordSettings } from './settings.js';
import { leaderboardCursor, offsetOf } from './cursor.js';
import { memberTrackRecordView, scoredTakeView, sessionScoreView } from './views.js';

const LEADERBOARD_PAGE = 50;
const LEADERBOARD_MAX = 200;

/** Everything the reads serve for one data version: the outcomes and the records per horizon. */
interface Computed {
  outcomes: StoredOutcome[];
  /** Per subject ('' for all), per horizon. */
  records: Map<string, Map<number, TrackRecords>>;
  handles: Map<string, string>;
  takeLogIndex: Map<string, number | null>;
  outcomeLogIndex: Map<string, number | null>;
}

export interface LeaderboardQuery {
  horizon?: number | undefined;
  sort?: string | undefined;
  limit?: string | undefined;
  cursor?: string | undefined;
  subject?: string | undefined;
}

/**
 * The track-record reads (docs/methodology.md §4, §5): every score computed once per data version
 * of the stored outcomes from those outcomes and the counted takes, and each answer serialised once.
 */
export class TrackRecordService {
  private readonly computed = new VersionedCache<null, Computed>(1);
  private readonly bodies = new VersionedBodyCache(256);

  constructor(
    private readonly db: Kysely<DB>,
    private readonly versions: DataVersions,
    private readonly settings: TrackRecordSettings,
    private readonly members: MemberReads,
    private readonly readSeries: SeriesReader,
  ) {}

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
      points: await this.readSeries(configured.source, from, to, this.db),
    };
  }

  private readonly version = () => this.versions.current(TRACK_RECORD_DATASET);

  private current(): Promise<Computed> {
    return this.computed.get(null, this.version(), () => this.compute());
  }

  private async compute(): Promise<Computed> {
    const [outcomes, counted] = await Promise.all([
      storedOutcomes(this.db),
      countedTakesOfScoredSessions(this.db),
    ]);
    const takesBySession = new Map<string, CountedTakeRow[]>();
    for (const take of counted.takes) {
      const list = takesBySession.get(take.sessionId) ?? [];
      list.push(take);
      takesBySession.set(take.sessionId, list);
    }
    const sessions: ScoringSession[] = outcomes.map((outcome) => {
      const takes = (takesBySession.get(outcome.sessionId) ?? []).flatMap((t) =>
        isStance(t.stance)
          ? [
              {
                memberId: t.memberId,
                takeId: t.takeId,
                revision: t.revision,
                stance: t.stance,
                confidence: t.confidence,
                ...(t.weights === null ? {} : { weights: t.weights }),
              },
            ]
          : [],
      );
      const absent = counted.absent.get(outcome.sessionId) ?? [];
      return {
        record: JSON.parse(outcome.record) as OutcomeRecord,
        takes,
        roster: [...takes.map((t) => t.memberId), ...absent],
      };
    });
    const subjects = ['', ...new Set(outcomes.map((o) => o.subjectId))];
    const records = new Map<string, Map<number, TrackRecords>>();
    for (const subject of subjects) {
      const mine =
        subject === '' ? sessions : sessions.filter((s) => s.record.subjectId === subject);
      const byHorizon = new Map<number, TrackRecords>();
      for (const horizonDays of this.settings.horizons) {
        byHorizon.set(
          horizonDays,
          trackRecords(mine, { horizonDays, minScoredTakes: this.settings.minScoredTakes }),
        );
      }
      records.set(subject, byHorizon);
    }
    const memberIds = new Set<string>();
    for (const s of sessions) for (const id of s.roster) memberIds.add(id);
    return {
      outcomes,
      records,
      handles: await handlesOf(this.db, [...memberIds]),
      takeLogIndex: new Map(counted.takes.map((t) => [t.takeId, t.logIndex])),
      outcomeLogIndex: new Map(
        outcomes.map((o) => [`${o.sessionId}/${o.horizonDays}`, o.logIndex]),
      ),
    };
  }

  /** GET /api/swarm/sessions/{id}/outcome. */
  async sessionOutcomeBody(sessionId: string): Promise<ReplayableBody> {
    const session = isUuid(sessionId) ? await sessionAggregation(this.db, sessionId) : undefined;
    if (session === undefined) throw fail('sessionNotFound');
    return this.bodies.replayable(`session:${sessionId.toLowerCase()}`, this.version, async () => {
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
              takes: (records?.takes ?? [])
                .filter((t) => t.sessionId === o.sessionId)
                .map((t) => scoredTakeView(t, computed)),
            };
          }),
      };
    });
  }

  /** GET /api/swarm/members/{id}/track-record. */
  async memberBody(idOrHandle: string): Promise<ReplayableBody> {
    const member = await this.members.publicMember(idOrHandle);
    return this.bodies.replayable(`member:${member.id}`, this.version, async () => {
      const computed = await this.current();
      return memberTrackRecordView(member, computed, this.settings);
    });
  }

  /** GET /api/swarm/track-record. */
  async leaderboardBody(query: LeaderboardQuery): Promise<ReplayableBody> {
    const horizon = query.horizon ?? this.settings.horizons[0]!;
    if (!this.settings.horizons.includes(horizon))
      throw fail('unknownHorizon', this.settings.horizons.join(', '));
    const sort = (query.sort ?? 'rank') as LeaderboardSort;
    if (!(LEADERBOARD_SORTS as readonly string[]).includes(sort))
      throw fail('invalidLeaderboardSort', LEADERBOARD_SORTS.join(', '));
    const limit = parseLimit(query.limit, LEADERBOARD_PAGE, LEADERBOARD_MAX);
    const offset = query.cursor === undefined || query.cursor === '' ? 0 : offsetOf(query.cursor);
    const subject = query.subject ?? '';
    const key = JSON.stringify([horizon, sort, limit, offset, subject]);
    return this.bodies.replayable(key, this.version, async () => {
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
    });
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

export type { Computed };
