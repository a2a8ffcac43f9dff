import type { ChartSeries, ChartSpec } from '../../components/chart-spec.js';
import { dailyGrid } from '../../lib/daily.js';
import { PALETTE } from '../../components/palette.js';

export interface Field<T> {
  label: string;
  pick: (row: T) => number | null;
  color: string;
  fill?: string;
  scale?: 'y' | 'y2';
}

/** A daily chart of some fields of `rows`; absent days are gaps. */
export function dailyChart<T extends { date: string }>(
  title: string,
  rows: readonly T[],
  fields: Field<T>[],
  formats: Pick<ChartSpec, 'yFormat' | 'y2Format' | 'yUnit' | 'y2Unit'> = {},
): ChartSpec {
  const { x, at } = dailyGrid(rows);
  const series: ChartSeries[] = fields.map((field) => ({
    label: field.label,
    color: field.color,
    values: at.map((row) => (row === null ? null : field.pick(row))),
    ...(field.fill !== undefined ? { fill: field.fill } : {}),
    ...(field.scale !== undefined ? { scale: field.scale } : {}),
  }));
  return { title, x, series, height: 220, ...formats };
}

export const MONEY = { color: PALETTE.green, fill: 'rgba(34,197,94,0.15)' };
