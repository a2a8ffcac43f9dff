import { JsonText } from '../json-text.js';
import { PANELS } from './model/catalog.js';
import type { RegimeRepository } from './repository.js';

type SnapshotRow = Awaited<ReturnType<RegimeRepository['recentSnapshots']>>[number];
type RunRow = NonNullable<Awaited<ReturnType<RegimeRepository['latestRun']>>>;
type SeriesRow = Awaited<ReturnType<RegimeRepository['seriesStatus']>>[number];

/** The flat per-day shape served in `history` (panel fields spelled out, as in prior-art §2.9). */
function snapshotOf(row: SnapshotRow) {
  const { panels } = row;
  const flat: Record<string, unknown> = {};
  for (const panel of PANELS) {
    flat[`${panel}Index`] = panels[panel].index;
    flat[`${panel}Percentile`] = panels[panel].percentile;
    flat[`${panel}Regime`] = panels[panel].regime;
  }
  return {
    date: row.date,
    composite: row.composite,
    compositePercentile: row.composite_percentile,
    regime: row.regime,
    ...flat,
    panelWeights: row.panel_weights,
    version: row.version,
    source: row.source,
  };
}

/**
 * `{ latest, history }` of GET /api/dashboards/regime-snapshots for `rows` (oldest first): `latest`
 * is the newest day with the run's detail and the series' status, whatever the range.
 */
export function snapshotsValue(
  rows: readonly SnapshotRow[],
  run: RunRow | undefined,
  series: readonly SeriesRow[],
) {
  const history = rows.map(snapshotOf);
  const last = history.at(-1);
  const latest =
    last === undefined || run === undefined
      ? null
      : {
          ...last,
          computedAt: run.computed_at.toISOString(),
          ...run.detail,
          date: last.date,
          series: series.map((s) => ({
            key: s.key,
            source: s.source,
            provenance: s.provenance,
            lastObservation: s.last_date ?? null,
            points: Number(s.points ?? 0),
            stale: s.stale,
            lastError: s.last_error,
          })),
        };
  return { latest, history };
}

/**
 * Every range of the regime read, from one read of the whole history per data version: each day
 * serialised once, so a range's body is `latest` and the last `days` days joined, the same bytes
 * `JSON.stringify(snapshotsValue(...))` gives for those days. Serialising and compressing each of
 * 3,650 ranges from its own query cost 220–330 ms of CPU a range (issue 45).
 */
export class SnapshotHistory {
  private constructor(
    private readonly latest: string,
    private readonly days: readonly string[],
  ) {}

  static of(value: ReturnType<typeof snapshotsValue>): SnapshotHistory {
    return new SnapshotHistory(
      JSON.stringify(value.latest),
      value.history.map((day) => JSON.stringify(day)),
    );
  }

  /** Days on record: a longer range serves them all. */
  get length(): number {
    return this.days.length;
  }

  /** The body for the last `days` days (1 ≤ days ≤ length). */
  body(days: number): JsonText {
    const from = this.days.length - days;
    return new JsonText(
      Buffer.from(`{"latest":${this.latest},"history":[${this.days.slice(from).join(',')}]}`),
    );
  }
}
