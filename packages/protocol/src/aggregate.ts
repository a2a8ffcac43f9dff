import { DEFAULT_REQUIRED_QUORUM, STANCE_SCORES, STANCES, type Stance } from './constants.js';
import { compareCodePoints } from './strings.js';
import type { Weight } from './take.js';

/** The parts of a member's counted take (its highest revision) that aggregation reads. */
export interface AggregationInput {
  memberId: string;
  stance: Stance;
  confidence: number;
  weights?: readonly Weight[] | undefined;
}

export type StanceHistogram = Record<Stance, number>;

export interface Quorum {
  rosterSize: number;
  submitted: number;
  /** Roster members without a take, in code-point order. */
  absent: string[];
  /** submitted / rosterSize; 0 for an empty roster. */
  participation: number;
  required: number;
  met: boolean;
}

export interface Aggregate {
  stances: StanceHistogram;
  /** Mean stance score (bearish −1 … bullish 1); 0 without submissions. */
  score: number;
  /** Mean of the normalised weights per bucket, by bucket code point; [] when none had weights. */
  weights: Weight[];
  /** Plain mean confidence; 0 without submissions. */
  confidence: number;
  quorum: Quorum;
}

export interface AggregationRequest {
  /** One per member, every member on `roster`. */
  submissions: readonly AggregationInput[];
  /** The expected roster with excused members already removed. */
  roster: readonly string[];
  /** The subject's minimum number of submitting members; default 1. */
  requiredQuorum?: number | undefined;
}

export const byMemberId = <T extends { memberId: string }>(a: T, b: T): number =>
  compareCodePoints(a.memberId, b.memberId);

/** Σ values left to right from +0, then / count: the only mean this protocol uses. */
export function orderedMean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Each weight divided by the submission's total, summed in submitted order. */
export function normaliseWeights(weights: readonly Weight[]): Map<string, number> {
  let total = 0;
  for (const { weight } of weights) total += weight;
  if (!(total > 0) || !Number.isFinite(total)) {
    throw new RangeError('weights must have a positive finite total');
  }
  return new Map(weights.map(({ bucket, weight }) => [bucket, weight / total]));
}

/** Normalised weights of the weighted submissions (memberId order) and their buckets, sorted. */
export function weightTable(sorted: readonly AggregationInput[]): {
  buckets: string[];
  rows: Map<string, number>[];
} {
  const rows = sorted.flatMap((s) =>
    s.weights === undefined ? [] : [normaliseWeights(s.weights)],
  );
  const buckets = [...new Set(rows.flatMap((row) => [...row.keys()]))].sort(compareCodePoints);
  return { buckets, rows };
}

export function sortedSubmissions<T extends AggregationInput>(submissions: readonly T[]): T[] {
  const sorted = [...submissions].sort(byMemberId);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.memberId === sorted[i - 1]!.memberId) {
      throw new RangeError(`more than one submission for member ${sorted[i]!.memberId}`);
    }
  }
  return sorted;
}

export function computeQuorum(
  submitters: readonly string[],
  roster: readonly string[],
  required: number,
): Quorum {
  if (!Number.isSafeInteger(required) || required < 0) {
    throw new RangeError('required quorum must be a non-negative integer');
  }
  const members = new Set(roster);
  const submitted = new Set(submitters);
  for (const memberId of submitted) {
    if (!members.has(memberId)) throw new RangeError(`member ${memberId} is not on the roster`);
  }
  const absent = [...members].filter((m) => !submitted.has(m)).sort(compareCodePoints);
  return {
    rosterSize: members.size,
    submitted: submitted.size,
    absent,
    participation: members.size === 0 ? 0 : submitted.size / members.size,
    required,
    met: submitted.size >= required,
  };
}

/**
 * Deterministic aggregation (docs/protocol.md, "Aggregation"): every sum runs in memberId
 * code-point order, so any IEEE-754 implementation reproduces it bit for bit. Throws a RangeError
 * on duplicate members, members off the roster or an invalid required quorum.
 */
export function aggregate(request: AggregationRequest): Aggregate {
  const sorted = sortedSubmissions(request.submissions);
  const quorum = computeQuorum(
    sorted.map((s) => s.memberId),
    request.roster,
    request.requiredQuorum ?? DEFAULT_REQUIRED_QUORUM,
  );
  const stances = Object.fromEntries(STANCES.map((stance) => [stance, 0])) as StanceHistogram;
  for (const { stance } of sorted) stances[stance] += 1;

  const { buckets, rows } = weightTable(sorted);
  const weights = buckets.map((bucket) => ({
    bucket,
    weight: orderedMean(rows.map((row) => row.get(bucket) ?? 0)),
  }));

  return {
    stances,
    score: orderedMean(sorted.map((s) => STANCE_SCORES[s.stance])),
    weights,
    confidence: orderedMean(sorted.map((s) => s.confidence)),
    quorum,
  };
}
