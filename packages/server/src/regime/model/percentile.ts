import { lowerBound, upperBound } from './statistics.js';

export const PERCENTILE_WINDOW_DAYS = 1095;
export const PERCENTILE_MIN_OBSERVATIONS = 30;

/**
 * Trailing-window mid-rank percentile of each day's value among the finite values of the window
 * (that day and the `window − 1` days before it). Today's value is ranked against the other values
 * in the window: (count below + ½ × count equal) / (n − 1), so the window's maximum scores exactly 1,
 * its minimum exactly 0 and a constant series 0.5. NaN on days with no value, and until the window
 * holds `minObservations` finite values. A sorted window makes each day O(log n + n/memmove).
 */
export function rollingPercentile(
  values: ArrayLike<number>,
  window = PERCENTILE_WINDOW_DAYS,
  minObservations = PERCENTILE_MIN_OBSERVATIONS,
): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  const sorted: number[] = [];
  for (let t = 0; t < values.length; t++) {
    const incoming = values[t] as number;
    if (Number.isFinite(incoming)) sorted.splice(upperBound(sorted, incoming), 0, incoming);
    const leavingAt = t - window;
    if (leavingAt >= 0) {
      const leaving = values[leavingAt] as number;
      if (Number.isFinite(leaving)) sorted.splice(lowerBound(sorted, leaving), 1);
    }
    if (!Number.isFinite(incoming) || sorted.length < Math.max(2, minObservations)) continue;
    const below = lowerBound(sorted, incoming);
    const equalOthers = upperBound(sorted, incoming) - below - 1;
    out[t] = (below + 0.5 * equalOthers) / (sorted.length - 1);
  }
  return out;
}

/** Sign alignment: after it, 1 means "most risk-on in the window" for every indicator. */
export function signAlign(percentiles: Float64Array, sign: 1 | -1): Float64Array {
  if (sign === 1) return percentiles;
  return percentiles.map((p) => (Number.isNaN(p) ? p : 1 - p));
}
