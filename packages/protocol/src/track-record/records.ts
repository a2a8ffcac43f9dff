// Members' records, the swarm's record and the leaderboard (docs/methodology.md §4, §5), over one
// horizon: pure folds of scoreSession's output, in session order, so any input order gives the same.
import { compareCodePoints } from '../strings.js';
import {
  ABSENT_PROBABILITY,
  brierScore,
  scoreSession,
  type ScoringSession,
  type SessionScore,
  type TakeScore,
} from './scoring.js';

export const DEFAULT_MIN_SCORED_TAKES = 10;
export const CALIBRATION_BINS = 10;

export interface CalibrationBin {
  from: number;
  to: number;
  count: number;
  meanProbability: number | null;
  observedFrequency: number | null;
}

export interface MemberRecord {
  memberId: string;
  horizonDays: number;
  scoredTakes: number;
  rosterSessions: number;
  participation: number | null;
  rankingBrier: number | null;
  meanBrier: number | null;
  meanLog: number | null;
  weightTakes: number;
  meanReturn: number | null;
  meanExcessVsReference: number | null;
  meanExcessVsConsensus: number | null;
  meanWeightContribution: number | null;
  meanStanceContribution: number | null;
  calibration: CalibrationBin[];
  /** Enough scored takes for a rank (§4); the rank itself is the leaderboard's. */
  eligible: boolean;
  rank: number | null;
}

export interface SwarmRecord {
  horizonDays: number;
  sessions: number;
  meanBrier: number | null;
  excessSessions: number;
  meanExcess: number | null;
  positiveExcessShare: number | null;
  sumExcess: number | null;
}

export interface TrackRecords {
  horizonDays: number;
  /** Sessions with a scored outcome, oldest first. */
  sessions: SessionScore[];
  /** Every scored take, in session order then memberId. */
  takes: TakeScore[];
  /** One per member on the roster of a scored session, sorted by memberId, ranks assigned. */
  members: MemberRecord[];
  swarm: SwarmRecord;
}

/** Left-to-right mean of the non-null values; null when there are none. */
function meanOf(values: ReadonlyArray<number | null>): number | null {
  let sum = 0;
  let count = 0;
  for (const value of values) {
    if (value === null) continue;
    sum += value;
    count++;
  }
  return count === 0 ? null : sum / count;
}

const bySession = (a: ScoringSession, b: ScoringSession): number =>
  a.record.sessionDate < b.record.sessionDate
    ? -1
    : a.record.sessionDate > b.record.sessionDate
      ? 1
      : compareCodePoints(a.record.sessionId, b.record.sessionId);

export function calibrationOf(takes: readonly TakeScore[]): CalibrationBin[] {
  return Array.from({ length: CALIBRATION_BINS }, (_, bin) => {
    const inBin = takes.filter(
      (t) => Math.min(CALIBRATION_BINS - 1, Math.floor(t.probability * CALIBRATION_BINS)) === bin,
    );
    return {
      from: bin / CALIBRATION_BINS,
      to: (bin + 1) / CALIBRATION_BINS,
      count: inBin.length,
      meanProbability: meanOf(inBin.map((t) => t.probability)),
      observedFrequency: meanOf(inBin.map((t) => (t.occurred ? 1 : 0))),
    };
  });
}

/** Ranks: eligible members by rankingBrier ascending, then more scored takes, then memberId. */
function assignRanks(members: MemberRecord[]): void {
  const eligible = members
    .filter((m) => m.eligible && m.rankingBrier !== null)
    .sort(
      (a, b) =>
        a.rankingBrier! - b.rankingBrier! ||
        b.scoredTakes - a.scoredTakes ||
        compareCodePoints(a.memberId, b.memberId),
    );
  eligible.forEach((member, i) => (member.rank = i + 1));
}

/** Every score of §3–5 for one horizon, from the sessions' outcome records and counted takes. */
export function trackRecords(
  input: readonly ScoringSession[],
  options: { horizonDays: number; minScoredTakes?: number },
): TrackRecords {
  const minTakes = options.minScoredTakes ?? DEFAULT_MIN_SCORED_TAKES;
  const ordered = input.filter((s) => s.record.horizonDays === options.horizonDays).sort(bySession);
  const sessions: SessionScore[] = [];
  const takes: TakeScore[] = [];
  const byMember = new Map<string, { takes: TakeScore[]; ranking: number[] }>();
  const entry = (memberId: string) => {
    let found = byMember.get(memberId);
    if (found === undefined) byMember.set(memberId, (found = { takes: [], ranking: [] }));
    return found;
  };
  for (const session of ordered) {
    const scored = scoreSession(session);
    if (scored === null) continue;
    sessions.push(scored.session);
    takes.push(...scored.takes);
    const taken = new Map(scored.takes.map((t) => [t.memberId, t]));
    const roster = [...new Set([...session.roster, ...taken.keys()])].sort(compareCodePoints);
    for (const memberId of roster) {
      const take = taken.get(memberId);
      const member = entry(memberId);
      if (take !== undefined) member.takes.push(take);
      member.ranking.push(take?.brier ?? brierScore(ABSENT_PROBABILITY, scored.session.occurred));
    }
  }
  const members = [...byMember]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([memberId, { takes: mine, ranking }]): MemberRecord => {
      const weighted = mine.filter((t) => t.weightReturn !== null);
      return {
        memberId,
        horizonDays: options.horizonDays,
        scoredTakes: mine.length,
        rosterSessions: ranking.length,
        participation: ranking.length === 0 ? null : mine.length / ranking.length,
        rankingBrier: meanOf(ranking),
        meanBrier: meanOf(mine.map((t) => t.brier)),
        meanLog: meanOf(mine.map((t) => t.log)),
        weightTakes: weighted.length,
        meanReturn: meanOf(weighted.map((t) => t.weightReturn)),
        meanExcessVsReference: meanOf(mine.map((t) => t.excessVsReference)),
        meanExcessVsConsensus: meanOf(mine.map((t) => t.excessVsConsensus)),
        meanWeightContribution: meanOf(mine.map((t) => t.weightContribution)),
        meanStanceContribution: meanOf(mine.map((t) => t.stanceContribution)),
        calibration: calibrationOf(mine),
        eligible: mine.length >= minTakes,
        rank: null,
      };
    });
  assignRanks(members);
  const excesses = sessions.map((s) => s.excess).filter((e) => e !== null);
  let sumExcess = 0;
  for (const e of excesses) sumExcess += e;
  return {
    horizonDays: options.horizonDays,
    sessions,
    takes,
    members,
    swarm: {
      horizonDays: options.horizonDays,
      sessions: sessions.length,
      meanBrier: meanOf(sessions.map((s) => s.brier)),
      excessSessions: excesses.length,
      meanExcess: meanOf(excesses),
      positiveExcessShare: meanOf(excesses.map((e) => (e > 0 ? 1 : 0))),
      sumExcess: excesses.length === 0 ? null : sumExcess,
    },
  };
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
