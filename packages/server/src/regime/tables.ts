import type { DateText, Generated, Json, Timestamp } from '../db/schema.js';
import type { Panel } from './catalog.js';
import type { ResearchPayload } from './research.js';
import type { PanelReading, RegimeRunDetail } from './snapshots.js';

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
