// Members' records, the swarm's record and the leaderboard (docs/methodology.md §4, §5), over one
// horizon: a TrackRecordFold over the sessions in session order, so any input order gives the same.
import { compareCodePoints } from '../strings.js';
import {
  compareSessionOrder,
  TrackRecordFold,
  type MemberRecord,
  type TrackRecords,
} from './fold.js';
import type { ScoringSession } from './scoring.js';

const bySession = (a: ScoringSession, b: ScoringSession): number =>
  compareSessionOrder(a.record, b.record);

/** Every score of §3–5 for one horizon, from the sessions' outcome records and counted takes. */
export function trackRecords(
  input: readonly ScoringSession[],
  options: { horizonDays: number; minScoredTakes?: number },
): TrackRecords {
  const fold = new TrackRecordFold(options.horizonDays, options.minScoredTakes);
  for (const session of input
    .filter((s) => s.record.horizonDays === options.horizonDays)
    .sort(bySession))
    fold.add(session);
  return fold.result();
}

export const LEADERBOARD_SORTS = [
  'rank',
  'brier',
  'log',
  'excess',
  'weightContribution',
  'stanceContribution',
  'takes',
] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

/** The figure each sort orders by and whether larger is better. */
const SORT_KEYS: Record<LeaderboardSort, [(m: MemberRecord) => number | null, 'asc' | 'desc']> = {
  rank: [(m) => m.rankingBrier, 'asc'],
  brier: [(m) => m.meanBrier, 'asc'],
  log: [(m) => m.meanLog, 'desc'],
  excess: [(m) => m.meanExcessVsReference, 'desc'],
  weightContribution: [(m) => m.meanWeightContribution, 'desc'],
  stanceContribution: [(m) => m.meanStanceContribution, 'desc'],
  takes: [(m) => m.scoredTakes, 'desc'],
};

/**
 * The leaderboard order: members with a rank first (for `rank`, by rank), then those with not enough
 * history; within each, by the sort's figure (missing figures last), then memberId.
 */
export function sortLeaderboard(
  members: readonly MemberRecord[],
  sort: LeaderboardSort,
): MemberRecord[] {
  const [figure, direction] = SORT_KEYS[sort];
  return [...members].sort((a, b) => {
    if (a.eligible !== b.eligible) return a.eligible ? -1 : 1;
    if (sort === 'rank' && a.rank !== null && b.rank !== null) return a.rank - b.rank;
    const x = figure(a);
    const y = figure(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return direction === 'asc' ? x - y : y - x;
    }
    return compareCodePoints(a.memberId, b.memberId);
  });
}
