import { pct, pctValue, percentile, price, sig, usdShort } from '../lib/format.js';
import type { ChartSeries, ChartSpec } from './chart-spec.js';

/** How a value of `series` reads in its legend and data table: the site's format for its axis. */
export function seriesFormat(spec: ChartSpec, series: ChartSeries): (value: number) => string {
  const kind = series.scale === 'y2' ? spec.y2Format : spec.yFormat;
  // One money format down a column: compact for every value, whatever its size.
  if (kind === 'usd') return usdShort;
  if (kind === 'price') return price;
  if (kind === 'pct') return (v) => pct(v);
  if (kind === 'percent') return (v) => pctValue(v);
  if (kind === 'percentile') return percentile;
  return sig;
}

/** Whether `values` misses a value between its first and last point. */
export function hasGap(values: readonly (number | null)[]): boolean {
  const first = values.findIndex((v) => v !== null);
  const last = values.findLastIndex((v) => v !== null);
  return values.slice(first, last + 1).some((v) => v === null);
}

/**
 * Whether `series` is drawn as a filled area: only when it asks for one and has no gaps, since a
 * filled area broken by missing days reads as stripes; with gaps it is a line with visible breaks.
 */
export function drawsFilled(series: ChartSeries): boolean {
  return series.fill !== undefined && !hasGap(series.values);
}

/** The indices of values with no neighbour on either side: a line cannot show them, a dot does. */
export function isolatedPoints(values: readonly (number | null)[]): number[] {
  return values.flatMap((v, i) =>
    v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null ? [i] : [],
  );
}
