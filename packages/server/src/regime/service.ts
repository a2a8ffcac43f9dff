import type { DataVersions } from '../db/data-versions.js';
import type { Tx } from '../db/transactor.js';
import {
  MIB,
  VersionedBodyCache,
  cacheBytes,
  type CacheStats,
  type CachedBody,
} from '../http/cached-body.js';
import { VersionedValue } from '../db/versioned-value.js';
import { SnapshotHistory, snapshotsValue } from './snapshot-history.js';
import { REGIME_DATASETS } from './datasets.js';
import {
  RESEARCH_SERIES_FIELDS,
  RESEARCH_SIGNAL_KEYS,
  type ResearchSignalKey,
} from './model/research.js';
import type { RegimeRepository } from './repository.js';
import { fail } from '../errors.js';

export const DEFAULT_RANGE_DAYS = 180;
export const MAX_RANGE_DAYS = 3650;

/**
 * Range bodies kept besides the default's: about eight of the longest (2.6 MB of JSON, 2.9 MB with its
 * encodings, on the demo's 8 years).
 */
const SNAPSHOT_BODIES_BYTES = 24 * MIB;

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

import type { BriefRegime, RegimeSummary } from './tables.js';

export type { BriefRegime, RegimeSummary };

const SUMMARY_HISTORY_POINTS = 8;

/**
 * The regime as of a date, for the swarm's sessions and briefs: a session convened for an earlier
 * date (a caught-up fire, the demo's months of history) must see the regime as of its own date,
 * never a later one. Each read runs in the caller's transaction `trx` when given.
 */
export interface RegimeAsOf {
  /** `body.regime` of a brief: the latest regime row on or before `date`. */
  briefRegimeAsOf(date: string, trx?: Tx): Promise<BriefRegime | null>;
  summaryAsOf(date: string, trx?: Tx): Promise<RegimeSummary | null>;
  /** The newest computed row of each research signal on or before `date`. */
  researchSignalsAsOf(date: string, trx?: Tx): Promise<Array<{ signalKey: string; date: string }>>;
  /** The stored payload of one research signal row (the legacy embedded brief shape). */
  researchSignalPayload(signalKey: string, date: string, trx?: Tx): Promise<unknown>;
  /** One stored series' observations from `from` to `to` (inclusive dates), ascending. */
  observationsBetween(
    key: string,
    from: string,
    to: string,
    trx?: Tx,
  ): Promise<Array<{ date: string; value: number }>>;
}

function briefRegimeOf(row: SnapshotAsOfRow): BriefRegime {
  return {
    date: row.date,
    composite: row.composite,
    regime: row.regime,
    macro_regime: row.panels.macro.regime,
    onchain_regime: row.panels.onchain.regime,
  };
}

type SnapshotAsOfRow = Awaited<ReturnType<RegimeRepository['snapshotsAsOf']>>[number];

function researchKeyOf(key: string): ResearchSignalKey {
  if (!(RESEARCH_SIGNAL_KEYS as readonly string[]).includes(key))
    throw fail('unknownResearchSignal', key);
  return key as ResearchSignalKey;
}

export class RegimeService implements RegimeAsOf {
  /** Range bodies by days served; a stranger picks the range, so they are bounded by bytes. */
  private readonly snapshotBodies = new VersionedBodyCache({ maxBytes: SNAPSHOT_BODIES_BYTES });
  private readonly defaultSnapshotBody = new VersionedBodyCache({ maxEntries: 1 });
  /** The whole history, read and serialised once per data version; every range is cut from it. */
  private readonly snapshotHistory = new VersionedValue(async () => {
    const [rows, run, series] = await Promise.all([
      this.repository.recentSnapshots(MAX_RANGE_DAYS),
      this.repository.latestRun(),
      this.repository.seriesStatus(),
    ]);
    return SnapshotHistory.of(snapshotsValue(rows, run, series));
  });
  private readonly researchBodies = new VersionedBodyCache<ResearchSignalKey>({
    maxEntries: RESEARCH_SIGNAL_KEYS.length,
  });
  private readonly researchSummaryBodies = new VersionedBodyCache<ResearchSignalKey>({
    maxEntries: RESEARCH_SIGNAL_KEYS.length,
  });

  private readonly repository: RegimeRepository;
  private readonly versions: DataVersions;

  constructor(uses: { repository: RegimeRepository; versions: DataVersions }) {
    this.repository = uses.repository;
    this.versions = uses.versions;
  }

  private readonly snapshotsVersion = () => this.versions.current(REGIME_DATASETS.snapshots);
  private readonly researchVersion = () => this.versions.current(REGIME_DATASETS.research);

  /**
   * `{ latest, history }` for `range` days, cut from the history of this data version. The default
   * range, what the site and most readers fetch, is compressed at the best levels; any other at
   * quick ones, so a burst of distinct ranges costs milliseconds each, not a third of a second.
   */
  async snapshotsBody(range: number): Promise<CachedBody> {
    const version = this.snapshotsVersion();
    const history = await this.snapshotHistory.get(version);
    const days = Math.min(range, history.length);
    // The default range is kept apart, so that no flood of other ranges pushes it out.
    const isDefault = days === Math.min(DEFAULT_RANGE_DAYS, history.length);
    return (isDefault ? this.defaultSnapshotBody : this.snapshotBodies).replayableBody(
      String(days),
      this.snapshotsVersion,
      async () => cacheBytes(history.body(days), isDefault ? 'best' : 'quick'),
      version,
    );
  }

  /** What the range bodies hold now, for /metrics. */
  get snapshotCacheStats(): CacheStats {
    return this.snapshotBodies.stats;
  }

  async researchBody(key: string): Promise<CachedBody> {
    const signalKey = researchKeyOf(key);
    return this.researchBodies.replayable(signalKey, this.researchVersion, () =>
      this.researchSignal(signalKey),
    );
  }

  /** The signal without its daily series (`/regime` shows gauges and the read, not the charts). */
  async researchSummaryBody(key: string): Promise<CachedBody> {
    const signalKey = researchKeyOf(key);
    return this.researchSummaryBodies.replayable(signalKey, this.researchVersion, async () => {
      const signal = await this.researchSignal(signalKey);
      const payload: Record<string, unknown> = { ...signal.payload };
      for (const field of RESEARCH_SERIES_FIELDS) delete payload[field];
      return { ...signal, payload };
    });
  }

  private async researchSignal(signalKey: ResearchSignalKey) {
    const row = await this.repository.latestResearchSignal(signalKey);
    if (row === undefined) throw fail('researchSignalNotComputed', signalKey);
    return {
      signalKey,
      date: row.date,
      computedAt: row.computed_at.toISOString(),
      source: row.source,
      payload: row.payload,
    };
  }

  observationsBetween(key: string, from: string, to: string, trx?: Tx) {
    return this.repository.observationsBetween(key, from, to, trx);
  }

  async briefRegimeAsOf(date: string, trx?: Tx): Promise<BriefRegime | null> {
    const [row] = await this.repository.snapshotsAsOf(date, 1, trx);
    return row === undefined ? null : briefRegimeOf(row);
  }

  async summaryAsOf(date: string, trx?: Tx): Promise<RegimeSummary | null> {
    const rows = await this.repository.snapshotsAsOf(date, SUMMARY_HISTORY_POINTS, trx);
    const latest = rows[0];
    if (latest === undefined) return null;
    const { panels } = latest;
    return {
      date: latest.date,
      composite: latest.composite,
      composite_percentile: latest.composite_percentile,
      regime: latest.regime,
      macro_regime: panels.macro.regime,
      macro_percentile: panels.macro.percentile,
      onchain_regime: panels.onchain.regime,
      onchain_percentile: panels.onchain.percentile,
      factor_regime: panels.factor.regime,
      factor_percentile: panels.factor.percentile,
      history: rows
        .map((row) => ({
          date: row.date,
          composite: row.composite,
          regime: row.regime,
          macro: row.panels.macro.regime,
          onchain: row.panels.onchain.regime,
          factor: row.panels.factor.regime,
        }))
        .reverse(),
    };
  }

  async researchSignalsAsOf(
    date: string,
    trx?: Tx,
  ): Promise<Array<{ signalKey: string; date: string }>> {
    return this.repository.researchSignalDatesAsOf(RESEARCH_SIGNAL_KEYS, date, trx);
  }

  async researchSignalPayload(signalKey: string, date: string, trx?: Tx): Promise<unknown> {
    return this.repository.researchSignalPayloadOn(signalKey, date, trx);
  }
}
