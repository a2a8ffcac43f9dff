import type { DateText, Generated, Json, Timestamp } from '../db/column-types.js';
import type { Panel } from './model/catalog.js';
import type { ResearchPayload } from './model/research.js';
import type { PanelReading, RegimeRunDetail } from './model/snapshots.js';

/** The latest regime row as the swarm brief carries it (`body.regime`, snake_case per the spec). */
export interface BriefRegime {
  date: string;
  composite: number | null;
  regime: 'risk_off' | 'neutral' | 'risk_on' | null;
  macro_regime: string | null;
  onchain_regime: string | null;
}

/** A session's `regime_summary` (prior-art §3.5): the reading and an 8-point history. */
export interface RegimeSummary extends BriefRegime {
  composite_percentile: number | null;
  macro_percentile: number | null;
  onchain_percentile: number | null;
  factor_regime: string | null;
  factor_percentile: number | null;
  history: Array<{
    date: string;
    composite: number | null;
    regime: BriefRegime['regime'];
    macro: string | null;
    onchain: string | null;
    factor: string | null;
  }>;
}

export type SeriesProvenance = 'live' | 'seed' | 'fixture' | 'backfilled';

export interface RegimeSeriesTable {
  key: string;
  source: string;
  provenance: SeriesProvenance;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  stale: Generated<boolean>;
}

export interface RegimeObservationTable {
  series_key: string;
  date: DateText;
  value: number;
}

export interface RegimeSnapshotTable {
  date: DateText;
  version: string;
  source: string;
  composite: number | null;
  composite_percentile: number | null;
  regime: 'risk_off' | 'neutral' | 'risk_on' | null;
  panels: Json<Record<Panel, PanelReading>>;
  panel_weights: Json<Record<Panel, Record<string, number>>>;
}

export interface RegimeRunTable {
  id: Generated<number>;
  computed_at: Timestamp;
  latest_date: DateText;
  version: string;
  source: string;
  duration_ms: number;
  detail: Json<RegimeRunDetail>;
}

export interface ResearchSignalTable {
  signal_key: string;
  date: DateText;
  computed_at: Timestamp;
  source: string;
  payload: Json<ResearchPayload>;
}

export interface RegimeTables {
  regime_series: RegimeSeriesTable;
  regime_observation: RegimeObservationTable;
  regime_snapshot: RegimeSnapshotTable;
  regime_run: RegimeRunTable;
  research_signal: ResearchSignalTable;
}
