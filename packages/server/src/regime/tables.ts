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

/** Where the regime's columns are narrower than the database's types (db/columns.generated.ts). */
export interface RegimeColumns {
  regime_series: { provenance: SeriesProvenance };
  regime_snapshot: {
    regime: 'risk_off' | 'neutral' | 'risk_on';
    panels: Record<Panel, PanelReading>;
    panel_weights: Record<Panel, Record<string, number>>;
  };
  regime_run: { detail: RegimeRunDetail };
  research_signal: { payload: ResearchPayload };
}
