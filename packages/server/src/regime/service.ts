import type { DataVersions } from '../db/data-versions.js';
import type { Tx } from '../db/transactor.js';
import { VersionedValue } from '../db/versioned-value.js';
import type { JsonText } from '../json-text.js';
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
  /** The whole history, read and serialised once per data version; every range is cut from it. */
  private readonly snapshotHistory = new VersionedValue(async () => {
    const [rows, run, series] = await Promise.all([
      this.repository.recentSnapshots(MAX_RANGE_DAYS),
      this.repository.latestRun(),
      this.repository.seriesStatus(),
    ]);
    return SnapshotHistory.of(snapshotsValue(rows, run, series));
  });

  private readonly repository: RegimeRepository;
  private readonly versions: DataVersions;

  constructor(uses: { repository: RegimeRepository; versions: DataVersions }) {
    this.repository = uses.repository;
    this.versions = uses.versions;
  }

  /** Moves with every change to the snapshots (and so to every range cut from them). */
  readonly snapshotsVersion = () => this.versions.current(REGIME_DATASETS.snapshots);
  /** Moves with every change to the research signals. */
  readonly researchVersion = () => this.versions.current(REGIME_DATASETS.research);

  /**
   * The days a `range` serves: at most the history there is, so every longer range is one answer;
   * `isDefault` for the range the site and most readers fetch.
   */
  async snapshotDays(range: number): Promise<{ days: number; isDefault: boolean }> {
    const history = await this.snapshotHistory.get(this.snapshotsVersion());
    const days = Math.min(range, history.length);
    return { days, isDefault: days === Math.min(DEFAULT_RANGE_DAYS, history.length) };
  }

  /** `{ latest, history }` for `days`, cut from the serialised history of this data version. */
  async snapshots(days: number): Promise<JsonText> {
    return (await this.snapshotHistory.get(this.snapshotsVersion())).body(days);
  }

  researchSignalOf(key: string) {
    return this.researchSignal(researchKeyOf(key));
  }

  /** The signal without its daily series (`/regime` shows gauges and the read, not the charts). */
  async researchSignalSummary(key: string) {
    const signal = await this.researchSignal(researchKeyOf(key));
    const payload: Record<string, unknown> = { ...signal.payload };
    for (const field of RESEARCH_SERIES_FIELDS) delete payload[field];
    return { ...signal, payload };
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
