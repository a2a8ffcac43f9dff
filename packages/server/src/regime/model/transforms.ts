import type { Transform } from './catalog.js';

/** Applies an indicator's declared transform to its aligned daily values (point in time). */
export function applyTransform(values: Float64Array, transform: Transform): Float64Array {
  switch (transform) {
    case 'level':
      return values;
    case 'trend_50_200':
      return smaRatio(values, 50, 200);
    case 'change90':
      return percentChange(values, 90);
  }
}

/** Trailing simple moving average; NaN unless every day of the window has a value. */
export function movingAverage(values: Float64Array, window: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  let sum = 0;
  let finite = 0;
  for (let t = 0; t < values.length; t++) {
    const incoming = values[t] as number;
    if (Number.isFinite(incoming)) {
      sum += incoming;
      finite++;
    }
    if (t >= window) {
      const leaving = values[t - window] as number;
      if (Number.isFinite(leaving)) {
        sum -= leaving;
        finite--;
      }
    }
    if (t >= window - 1 && finite === window) out[t] = sum / window;
  }
  return out;
}

/** SMA(short) / SMA(long): above 1 when the short trend runs over the long one. */
export function smaRatio(values: Float64Array, short: number, long: number): Float64Array {
  const fast = movingAverage(values, short);
  const slow = movingAverage(values, long);
  return fast.map((value, t) => value / (slow[t] as number));
}

/** (x[t] − x[t−lag]) / x[t−lag]. */
export function percentChange(values: Float64Array, lag: number): Float64Array {
  return values.map((value, t) => {
    if (t < lag) return Number.NaN;
    const base = values[t - lag] as number;
    return base === 0 ? Number.NaN : (value - base) / base;
  });
}
