import { STANCE_SCORES, STANCES, type Stance } from './constants.js';
import { orderedMean, sortedSubmissions, weightTable, type AggregationInput } from './aggregate.js';

export interface StancePole {
  stance: Stance;
  /** Members holding that stance, in code-point order. */
  members: string[];
}

export interface BucketDispersion {
  bucket: string;
  min: number;
  max: number;
  /** max − min */
  spread: number;
  /** Population standard deviation of the normalised weights. */
  stdev: number;
}

/** Where the counted takes disagree; recomputed by every verifier. */
export interface DisagreementMap {
  /** Highest minus lowest stance score present; 0 with fewer than two takes. */
  stanceSpread: number;
  /** Population standard deviation of the stance scores; 0 without takes. */
  stanceStdev: number;
  /** The most and least constructive stances present; null unless at least two differ. */
  poles: { mostConstructive: StancePole; leastConstructive: StancePole } | null;
  /** Per bucket, over the takes that carried weights (absent bucket = 0), by bucket code point. */
  buckets: BucketDispersion[];
}

/** sqrt(Σ (x − mean)² / n), sums in the given order; IEEE-754 sqrt is correctly rounded. */
function populationStdev(values: readonly number[]): number {
  const mean = orderedMean(values);
  return Math.sqrt(orderedMean(values.map((x) => (x - mean) * (x - mean))));
}

function pole(sorted: readonly AggregationInput[], stance: Stance): StancePole {
  return { stance, members: sorted.filter((s) => s.stance === stance).map((s) => s.memberId) };
}

/** Deterministic disagreement map over one counted take per member (any order in). */
export function disagreementMap(submissions: readonly AggregationInput[]): DisagreementMap {
  const sorted = sortedSubmissions(submissions);
  const scores = sorted.map((s) => STANCE_SCORES[s.stance]);
  const present = STANCES.filter((stance) => sorted.some((s) => s.stance === stance));
  const lowest = present[0];
  const highest = present[present.length - 1];

  const { buckets, rows } = weightTable(sorted);
  return {
    stanceSpread:
      lowest === undefined || highest === undefined
        ? 0
        : STANCE_SCORES[highest] - STANCE_SCORES[lowest],
    stanceStdev: populationStdev(scores),
    poles:
      lowest !== undefined && highest !== undefined && lowest !== highest
        ? { mostConstructive: pole(sorted, highest), leastConstructive: pole(sorted, lowest) }
        : null,
    buckets: buckets.map((bucket) => {
      const values = rows.map((row) => row.get(bucket) ?? 0);
      const min = values.reduce((a, b) => Math.min(a, b));
      const max = values.reduce((a, b) => Math.max(a, b));
      return { bucket, min, max, spread: max - min, stdev: populationStdev(values) };
    }),
  };
}
