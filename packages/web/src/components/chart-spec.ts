export interface ChartSeries {
  label: string;
  /** One value per x; null draws a gap. */
  values: (number | null)[];
  color: string;
  /** Filled area under the line (only money may be a filled mass). */
  fill?: string;
  width?: number;
  dash?: number[];
  /** Which y scale: 'y' (left, default) or 'y2' (right). */
  scale?: 'y' | 'y2';
}

/** A horizontal band between two y values, e.g. the regime buckets. */
export interface YBand {
  from: number;
  to: number;
  color: string;
}

export type AxisFormat = 'usd' | 'price' | 'pct' | 'percent' | 'percentile' | 'number';

export interface ChartSpec {
  title: string;
  /** Seconds since the epoch, ascending. */
  x: number[];
  series: ChartSeries[];
  height?: number;
  yRange?: [number, number];
  yLog?: boolean;
  bands?: YBand[];
  /** Horizontal reference lines. */
  rules?: { value: number; color: string }[];
  /**
   * Each y axis's unit: `usd` (amounts), `price` (USD by significant digits), `pct` (a 0..1 fraction shown as a percentage), `percent` (a value
   * already in percent, e.g. an APY), `percentile` (a 0..1 rank: 0..1 in quarters, "0th"…"100th"
   * under the title "percentile") or `number`. A `number` axis names its unit in `yUnit` /
   * `y2Unit` (drawn as the axis title): the browser audit fails a number axis without one. On a
   * chart with two y axes each is titled with its quantity and unit: `yUnit` / `y2Unit` when
   * given ("revenue, volume, USD"), else its series' labels and the format's unit ("TVL, USD").
   */
  yFormat?: AxisFormat;
  y2Format?: AxisFormat;
  yUnit?: string;
  y2Unit?: string;
  note?: string;
}
