// A session's outcome over one horizon (docs/methodology.md §2): each label's return from the
// series it follows, the subject's buy-and-hold return, the event the stances forecast, and the
// returns of the reference and consensus allocations. Pure: the server stores and logs what
// buildOutcomeRecord returns, and any verifier recomputes it from the record's own inputs.
import { compareCodePoints } from '../strings.js';
import type { Weight } from '../take.js';

export const OUTCOME_RECORD_KIND = 'convene.outcome.v1';
/** Days after the horizon's end before an outcome is computed, so the end's observations landed. */
export const OUTCOME_GRACE_DAYS = 2;
/** How old the last observation on or before a date may be and still be its value. */
export const OUTCOME_STALE_DAYS = 4;
export const OUTCOME_EVENT = 'subject_rises';

/** Why a label has no return (§2, "A label's return"). */
export const LABEL_MISSING = [
  'no_series',
  'no_start_value',
  'no_end_value',
  'no_new_observation',
  'non_positive_start',
] as const;
export type LabelMissing = (typeof LABEL_MISSING)[number];

/** Why a session has no outcome (§2, "The subject's return and the event"). */
export const NO_OUTCOME_REASONS = ['no_snapshot', 'no_holdings', 'unvalued_holding'] as const;
export type NoOutcomeReason = (typeof NO_OUTCOME_REASONS)[number];

export interface SeriesPoint {
  date: string;
  value: number;
}

export interface LabelOutcome {
  label: string;
  /** The configured source (`regime:ETH`, `own-vault`, …) or null when none is configured. */
  source: string | null;
  start: SeriesPoint | null;
  end: SeriesPoint | null;
  return: number | null;
  missing: LabelMissing | null;
}

export interface AllocationOutcome {
  weights: Weight[];
  return: number | null;
}

export interface OutcomeRecord {
  kind: typeof OUTCOME_RECORD_KIND;
  sessionId: string;
  subjectId: string;
  sessionDate: string;
  receiptDigest: string;
  horizonDays: number;
  startDate: string;
  endDate: string;
  status: 'scored' | 'no_outcome';
  reason: NoOutcomeReason | null;
  labels: LabelOutcome[];
  holdings: Array<{ bucket: string; valueUsd: number }>;
  subjectReturn: number | null;
  event: { name: typeof OUTCOME_EVENT; occurred: boolean | null };
  reference: AllocationOutcome | null;
  consensus: AllocationOutcome;
  computedAt: string;
}

export interface OutcomeInputs {
  sessionId: string;
  subjectId: string;
  sessionDate: string;
  receiptDigest: string;
  horizonDays: number;
  /** UTC date of the session's aggregation: the horizon's start. */
  startDate: string;
  /** Each configured label's source and its observations (any order; dates YYYY-MM-DD). */
  series: ReadonlyMap<string, { source: string; points: readonly SeriesPoint[] }>;
  /** The session's snapshot holdings, null when it has no snapshot. */
  holdings: ReadonlyArray<{ bucket: string | null; valueUsd: number | null }> | null;
  reference: readonly Weight[] | null;
  /** The receipt's weights ([] when no counted take carried weights). */
  consensus: readonly Weight[];
  /** Every counted take's weights, for the labels they name. */
  takeWeights: ReadonlyArray<readonly Weight[]>;
  computedAt: Date;
}

const DAY_MS = 86_400_000;

/** `date` plus `days` calendar days (UTC), both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The horizon's end date and the instant after which its outcome may be computed. */
export function outcomeDue(
  startDate: string,
  horizonDays: number,
): { endDate: string; dueAt: Date } {
  const endDate = addDays(startDate, horizonDays);
  return { endDate, dueAt: new Date(`${addDays(endDate, OUTCOME_GRACE_DAYS)}T00:00:00.000Z`) };
}

/** The series' value on `date`: its last observation on or before it, at most OUTCOME_STALE_DAYS old. */
export function valueOn(points: readonly SeriesPoint[], date: string): SeriesPoint | null {
  const oldest = addDays(date, -OUTCOME_STALE_DAYS);
  let best: SeriesPoint | null = null;
  for (const point of points) {
    if (point.date > date || point.date < oldest) continue;
    if (best === null || point.date > best.date) best = point;
  }
  return best === null ? null : { date: best.date, value: best.value };
}

/** One label's return over [start, end] from its series, or the reason it has none. */
export function labelOutcome(
  label: string,
  series: { source: string; points: readonly SeriesPoint[] } | undefined,
  startDate: string,
  endDate: string,
): LabelOutcome {
  if (series === undefined) {
    return { label, source: null, start: null, end: null, return: null, missing: 'no_series' };
  }
  const start = valueOn(series.points, startDate);
  const end = valueOn(series.points, endDate);
  const missing: LabelMissing | null =
    start === null
      ? 'no_start_value'
      : end === null
        ? 'no_end_value'
        : end.date <= start.date
          ? 'no_new_observation'
          : !(start.value > 0)
            ? 'non_positive_start'
            : null;
  const value = missing === null ? end!.value / start!.value - 1 : null;
  return { label, source: series.source, start, end, return: value, missing };
}

/**
 * R(w) of §2 "Allocations' returns": w normalised by its total (summed in the given order), then
 * N = Σ w̃·r and D = Σ w̃ over the labels with a return, in code-point order; N / D, or null when D
 * is 0 (or the total is not positive).
 */
export function allocationReturn(
  weights: readonly Weight[],
  returns: ReadonlyMap<string, number>,
): number | null {
  let total = 0;
  for (const { weight } of weights) total += weight;
  if (!(total > 0) || !Number.isFinite(total)) return null;
  const sorted = [...weights].sort((a, b) => compareCodePoints(a.bucket, b.bucket));
  let numerator = 0;
  let denominator = 0;
  for (const { bucket, weight } of sorted) {
    const r = returns.get(bucket);
    if (r === undefined) continue;
    const share = weight / total;
    numerator += share * r;
    denominator += share;
  }
  return denominator > 0 ? numerator / denominator : null;
}

/** The snapshot's bucketed value per bucket (holdings summed in the given order), sorted by bucket. */
export function bucketHoldings(
  holdings: ReadonlyArray<{ bucket: string | null; valueUsd: number | null }>,
): Array<{ bucket: string; valueUsd: number }> {
  const sums = new Map<string, number>();
  for (const { bucket, valueUsd } of holdings) {
    if (bucket === null || valueUsd === null || !(valueUsd > 0) || !Number.isFinite(valueUsd))
      continue;
    sums.set(bucket, (sums.get(bucket) ?? 0) + valueUsd);
  }
  return [...sums]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([bucket, valueUsd]) => ({ bucket, valueUsd }));
}

/** r_subject = Σ V_b·r_b / Σ V_b over the (sorted) bucketed holdings; null if one has no return. */
export function subjectReturn(
  holdings: ReadonlyArray<{ bucket: string; valueUsd: number }>,
  returns: ReadonlyMap<string, number>,
): number | null {
  let numerator = 0;
  let total = 0;
  for (const { bucket, valueUsd } of holdings) {
    const r = returns.get(bucket);
    if (r === undefined) return null;
    numerator += valueUsd * r;
    total += valueUsd;
  }
  return total > 0 ? numerator / total : null;
}

/** The returns a record's labels carry, by label. */
export function labelReturns(labels: readonly LabelOutcome[]): Map<string, number> {
  const returns = new Map<string, number>();
  for (const label of labels) if (label.return !== null) returns.set(label.label, label.return);
  return returns;
}

const copyWeights = (weights: readonly Weight[]): Weight[] =>
  weights.map(({ bucket, weight }) => ({ bucket, weight }));

/** The outcome record of §2 for one session and horizon. */
export function buildOutcomeRecord(inputs: OutcomeInputs): OutcomeRecord {
  const { startDate, horizonDays } = inputs;
  const endDate = addDays(startDate, horizonDays);
  const names = new Set<string>();
  for (const w of inputs.reference ?? []) names.add(w.bucket);
  for (const w of inputs.consensus) names.add(w.bucket);
  for (const weights of inputs.takeWeights) for (const w of weights) names.add(w.bucket);
  const holdings = inputs.holdings === null ? [] : bucketHoldings(inputs.holdings);
  for (const h of holdings) names.add(h.bucket);
  const labels = [...names]
    .sort(compareCodePoints)
    .map((label) => labelOutcome(label, inputs.series.get(label), startDate, endDate));
  const returns = labelReturns(labels);
  const reason: NoOutcomeReason | null =
    inputs.holdings === null
      ? 'no_snapshot'
      : holdings.length === 0
        ? 'no_holdings'
        : holdings.some((h) => !returns.has(h.bucket))
          ? 'unvalued_holding'
          : null;
  const subject = reason === null ? subjectReturn(holdings, returns) : null;
  return {
    kind: OUTCOME_RECORD_KIND,
    sessionId: inputs.sessionId,
    subjectId: inputs.subjectId,
    sessionDate: inputs.sessionDate,
    receiptDigest: inputs.receiptDigest,
    horizonDays,
    startDate,
    endDate,
    status: reason === null ? 'scored' : 'no_outcome',
    reason,
    labels,
    holdings,
    subjectReturn: subject,
    event: { name: OUTCOME_EVENT, occurred: subject === null ? null : subject > 0 },
    reference:
      inputs.reference === null
        ? null
        : {
            weights: copyWeights(inputs.reference),
            return: allocationReturn(inputs.reference, returns),
          },
    consensus: {
      weights: copyWeights(inputs.consensus),
      return: allocationReturn(inputs.consensus, returns),
    },
    computedAt: inputs.computedAt.toISOString(),
  };
}
