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
  yFormat?: 'usd' | 'pct' | 'number';
  y2Format?: 'usd' | 'pct' | 'number';
  note?: string;
}
