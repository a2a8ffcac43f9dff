import type { ChartSeries } from '../../components/chart-spec.js';
import { dayToSeconds } from '../../lib/format.js';
import { PALETTE } from '../../components/palette.js';

const DAY = 86_400;

export interface DailyPoint {
  date: string;
  value: number;
  provenance: string;
}

const PROVENANCE_STYLE: Record<string, Pick<ChartSeries, 'color' | 'fill' | 'dash'>> = {
  live: { color: PALETTE.green, fill: 'rgba(34,197,94,0.25)' },
  seed: { color: PALETTE.green, fill: 'rgba(34,197,94,0.12)' },
  backfilled: { color: PALETTE.amber, dash: [5, 4] },
  stale: { color: PALETTE.amber, dash: [2, 3] },
  stub: { color: PALETTE.muted, dash: [2, 3] },
};

/**
 * One x per calendar day from the first to the last point, so a day without a snapshot is a
 * null (a gap in the chart), never a bridged line. One series per provenance; each segment also
 * takes the next day's point so segments of different provenance touch.
 */
export function dailySeriesByProvenance(points: DailyPoint[]): {
  x: number[];
  series: ChartSeries[];
  missingDays: number;
} {
  if (points.length === 0) return { x: [], series: [], missingDays: 0 };
  const start = dayToSeconds(points[0]!.date);
  const end = dayToSeconds(points[points.length - 1]!.date);
  const x: number[] = [];
  for (let t = start; t <= end; t += DAY) x.push(t);
  const values: (DailyPoint | null)[] = x.map(() => null);
  for (const point of points) values[Math.round((dayToSeconds(point.date) - start) / DAY)] = point;
  const provenances = [...new Set(points.map((p) => p.provenance))];
  const series = provenances.map((provenance) => ({
    label: provenance,
    ...(PROVENANCE_STYLE[provenance] ?? { color: PALETTE.cyan }),
    values: values.map((point, i) => {
      if (point === null) return null;
      const next = values[i + 1];
      const own = point.provenance === provenance;
      const joinsNext = next !== null && next !== undefined && next.provenance === provenance;
      return own || joinsNext ? point.value : null;
    }),
  }));
  return { x, series, missingDays: values.filter((v) => v === null).length };
}
