import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import { VersionedBodyCache, type CachedBody } from '../http/cached-body.js';
import { PANELS } from './catalog.js';
import { REGIME_DATASETS } from './datasets.js';
import {
  RESEARCH_SERIES_FIELDS,
  RESEARCH_SIGNAL_KEYS,
  type ResearchSignalKey,
} from './research.js';
import * as repository from './repository.js';
import { fail } from '../errors.js';

export const DEFAULT_RANGE_DAYS = 180;
export const MAX_RANGE_DAYS = 3650;

/**
 * `range` as the spec allows it, an optional string: a decimal integer (sign allowed) is clamped to
 * 1..3650 ("0" and "-5" → 1, "99999" → 3650); absent, empty or anything else ("abc", "1e3", "12.5")
 * gives the default 180 rather than an error, because the spec calls it a string and gives a default.
 */
export function parseRange(raw: string | undefined): number {
  if (raw === undefined || !/^\s*[+-]?\d+\s*$/.test(raw)) return DEFAULT_RANGE_DAYS;
  const value = Number(raw);
  return Math.min(MAX_RANGE_DAYS, Math.max(1, value));
}

type SnapshotRow = Awaited<ReturnType<typeof repository.recentSnapshots>>[number];

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

/** The latest regime row as the swarm brief carries it (`body.regime`, snake_case per the spec). */
export interface BriefRegime {
  date: string;
  composite: number | null;
  regime: 'risk_off' | 'neutral' | 'risk_on' | null;
  macro_regime: string | null;
  onchain_regime: string | null;
}

function researchKeyOf(key: string): ResearchSignalKey {
  if (!(RESEARCH_SIGNAL_KEYS as readonly string[]).includes(key))
    throw fail('unknownResearchSignal', key);
  return key as ResearchSignalKey;
}

export class RegimeService {
  private readonly snapshotBodies = new VersionedBodyCache(16);
  private readonly researchBodies = new VersionedBodyCache<ResearchSignalKey>();
  private readonly researchSummaryBodies = new VersionedBodyCache<ResearchSignalKey>();

  constructor(
    private readonly database: Database,
    private readonly versions: DataVersions,
  ) {}

  /** `{ latest, history }` for `range` days, serialised once per data version and range. */
  async snapshotsBody(range: number): Promise<CachedBody> {
    const version = this.versions.current(REGIME_DATASETS.snapshots);
    return this.snapshotBodies.get(String(range), version, () => this.buildSnapshots(range));
  }

  async buildSnapshots(range: number) {
    const { db } = this.database;
    const [rows, run, series] = await Promise.all([
      repository.recentSnapshots(db, range),
      repository.latestRun(db),
      repository.seriesStatus(db),
    ]);
    const history = rows.map(snapshotOf);
    const last = history.at(-1);
    const latest =
      last === undefined || run === undefined
        ? null
        : {
            ...last,
            computedAt: run.computed_at.toISOString(),
            ...(run.detail as Record<string, unknown>),
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

  async researchBody(key: string): Promise<CachedBody> {
    const signalKey = researchKeyOf(key);
    const version = this.versions.current(REGIME_DATASETS.research);
    return this.researchBodies.get(signalKey, version, () => this.researchSignal(signalKey));
  }

  /** The signal without its daily series (`/regime` shows gauges and the read, not the charts). */
  async researchSummaryBody(key: string): Promise<CachedBody> {
    const signalKey = researchKeyOf(key);
    const version = this.versions.current(REGIME_DATASETS.research);
    return this.researchSummaryBodies.get(signalKey, version, async () => {
      const signal = await this.researchSignal(signalKey);
      const payload: Record<string, unknown> = { ...(signal.payload as Record<string, unknown>) };
      for (const field of RESEARCH_SERIES_FIELDS) delete payload[field];
      return { ...signal, payload };
    });
  }

  private async researchSignal(signalKey: ResearchSignalKey) {
    const row = await repository.latestResearchSignal(this.database.db, signalKey);
    if (row === undefined) throw fail('researchSignalNotComputed', signalKey);
    return {
      signalKey,
      date: row.date,
      computedAt: row.computed_at.toISOString(),
      source: row.source,
      payload: row.payload,
    };
  }

  /** For the swarm brief: the latest regime row, or null before the first computation. */
  async latestForBrief(): Promise<BriefRegime | null> {
    return latestRegimeForBrief(this.database);
  }
}

/** The latest regime row for a brief: date, composite, regime, macro_regime, onchain_regime. */
export async function latestRegimeForBrief(database: Database): Promise<BriefRegime | null> {
  const [row] = await repository.recentSnapshots(database.db, 1);
  if (row === undefined) return null;
  const { panels } = row;
  return {
    date: row.date,
    composite: row.composite,
    regime: row.regime,
    macro_regime: panels.macro.regime,
    onchain_regime: panels.onchain.regime,
  };
}
