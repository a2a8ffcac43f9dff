// The incremental form of the records of docs/methodology.md §4–5 over one horizon: sessions are
// added in session order, each costing its own takes, and result() reads every member's record off
// running sums. The sums are added in the same order as a recomputation from scratch would add them,
// so a fold grown session by session gives exactly the numbers of one built from all sessions at once.
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

/** Session order: by session date, then session id (code points). */
export function compareSessionOrder(
  a: { sessionDate: string; sessionId: string },
  b: { sessionDate: string; sessionId: string },
): number {
  if (a.sessionDate !== b.sessionDate) return a.sessionDate < b.sessionDate ? -1 : 1;
  return compareCodePoints(a.sessionId, b.sessionId);
}

/** A left-to-right sum of the non-null values and how many there were: meanOf, one value at a time. */
class Mean {
  private sum = 0;
  private count = 0;

  add(value: number | null): void {
    if (value === null) return;
    this.sum += value;
    this.count++;
  }

  get value(): number | null {
    return this.count === 0 ? null : this.sum / this.count;
  }

  get total(): number {
    return this.sum;
  }

  get size(): number {
    return this.count;
  }
}

class MemberSums {
  readonly takes: TakeScore[] = [];
  readonly ranking = new Mean();
  readonly brier = new Mean();
  readonly log = new Mean();
  readonly weightReturn = new Mean();
  readonly excessVsReference = new Mean();
  readonly excessVsConsensus = new Mean();
  readonly weightContribution = new Mean();
  readonly stanceContribution = new Mean();
  readonly bins = Array.from({ length: CALIBRATION_BINS }, () => ({
    probability: new Mean(),
    occurred: new Mean(),
  }));

  add(take: TakeScore): void {
    this.takes.push(take);
    this.brier.add(take.brier);
    this.log.add(take.log);
    this.weightReturn.add(take.weightReturn);
    this.excessVsReference.add(take.excessVsReference);
    this.excessVsConsensus.add(take.excessVsConsensus);
    this.weightContribution.add(take.weightContribution);
    this.stanceContribution.add(take.stanceContribution);
    const bin = this.bins[binOf(take.probability)]!;
    bin.probability.add(take.probability);
    bin.occurred.add(take.occurred ? 1 : 0);
  }

  record(memberId: string, horizonDays: number, minScoredTakes: number): MemberRecord {
    const scored = this.takes.length;
    const roster = this.ranking.size;
    return {
      memberId,
      horizonDays,
      scoredTakes: scored,
      rosterSessions: roster,
      participation: roster === 0 ? null : scored / roster,
      rankingBrier: this.ranking.value,
      meanBrier: this.brier.value,
      meanLog: this.log.value,
      weightTakes: this.weightReturn.size,
      meanReturn: this.weightReturn.value,
      meanExcessVsReference: this.excessVsReference.value,
      meanExcessVsConsensus: this.excessVsConsensus.value,
      meanWeightContribution: this.weightContribution.value,
      meanStanceContribution: this.stanceContribution.value,
      calibration: this.bins.map(({ probability, occurred }, bin) => ({
        from: bin / CALIBRATION_BINS,
        to: (bin + 1) / CALIBRATION_BINS,
        count: probability.size,
        meanProbability: probability.value,
        observedFrequency: occurred.value,
      })),
      eligible: scored >= minScoredTakes,
      rank: null,
    };
  }
}

const binOf = (probability: number): number =>
  Math.min(CALIBRATION_BINS - 1, Math.floor(probability * CALIBRATION_BINS));

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

/**
 * The records of one horizon, grown one session at a time in session order. A session that would
 * sort before one already added cannot be folded in (`accepts` says so): start a new fold.
 */
export class TrackRecordFold {
  private readonly sessions: SessionScore[] = [];
  private readonly takes: TakeScore[] = [];
  private readonly members = new Map<string, MemberSums>();
  private readonly swarmBrier = new Mean();
  private readonly excess = new Mean();
  private readonly positiveExcess = new Mean();
  private last: { sessionDate: string; sessionId: string } | undefined;

  constructor(
    readonly horizonDays: number,
    private readonly minScoredTakes = DEFAULT_MIN_SCORED_TAKES,
  ) {}

  /** Whether `session` is of this horizon and sorts after every session added so far. */
  accepts(session: ScoringSession): boolean {
    return (
      session.record.horizonDays === this.horizonDays &&
      (this.last === undefined || compareSessionOrder(this.last, session.record) < 0)
    );
  }

  /** Scores `session` and adds it; an outcome that is not `scored` adds nothing. */
  add(session: ScoringSession): void {
    if (!this.accepts(session))
      throw new RangeError(
        `session ${session.record.sessionId} is not of horizon ${this.horizonDays} or not after the last one added`,
      );
    this.last = session.record;
    const scored = scoreSession(session);
    if (scored === null) return;
    this.sessions.push(scored.session);
    this.takes.push(...scored.takes);
    this.swarmBrier.add(scored.session.brier);
    if (scored.session.excess !== null) {
      this.excess.add(scored.session.excess);
      this.positiveExcess.add(scored.session.excess > 0 ? 1 : 0);
    }
    const taken = new Map(scored.takes.map((t) => [t.memberId, t]));
    const roster = [...new Set([...session.roster, ...taken.keys()])].sort(compareCodePoints);
    for (const memberId of roster) {
      let sums = this.members.get(memberId);
      if (sums === undefined) this.members.set(memberId, (sums = new MemberSums()));
      const take = taken.get(memberId);
      if (take !== undefined) sums.add(take);
      sums.ranking.add(take?.brier ?? brierScore(ABSENT_PROBABILITY, scored.session.occurred));
    }
  }

  /** Every record as of the sessions added so far; later additions do not change what it returned. */
  result(): TrackRecords {
    const members = [...this.members]
      .sort(([a], [b]) => compareCodePoints(a, b))
      .map(([memberId, sums]) => sums.record(memberId, this.horizonDays, this.minScoredTakes));
    assignRanks(members);
    return {
      horizonDays: this.horizonDays,
      sessions: this.sessions.slice(),
      takes: this.takes.slice(),
      members,
      swarm: {
        horizonDays: this.horizonDays,
        sessions: this.sessions.length,
        meanBrier: this.swarmBrier.value,
        excessSessions: this.excess.size,
        meanExcess: this.excess.value,
        positiveExcessShare: this.positiveExcess.value,
        sumExcess: this.excess.size === 0 ? null : this.excess.total,
      },
    };
  }
}
