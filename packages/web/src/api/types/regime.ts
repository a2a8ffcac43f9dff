// Shapes of the regime routes, derived from the generated OpenAPI types
// (server schemas: packages/server/src/regime/schemas.ts).
import type { JsonOf } from './openapi.js';

export type RegimeSnapshots = JsonOf<'/api/dashboards/regime-snapshots'>;
export type RegimeLatest = NonNullable<RegimeSnapshots['latest']>;
export type RegimeSnapshot = RegimeSnapshots['history'][number];
export type RegimeLabel = NonNullable<RegimeSnapshot['regime']>;
export type IndicatorReading = RegimeLatest['indicators'][number];
export type Backtest = RegimeLatest['backtest'][number];
export type SeriesStatus = RegimeLatest['series'][number];
type CorrelationsByAsset = RegimeLatest['correlations'][string];
export type AssetCorrelation = CorrelationsByAsset[string];
export type CorrelationCell = AssetCorrelation['concurrent'];

export type ResearchSignal = JsonOf<'/api/dashboards/research-signals/{key}'>;
/** The signal without its daily series, as `/regime` loads it. */
export type ResearchSignalSummary = JsonOf<'/api/dashboards/research-signals/{key}/summary'>;
export type Gauge = ResearchSignal['payload']['gauges'][number];
export type Point = ResearchSignal['payload']['btc_price'][number];

export const RESEARCH_KEYS = ['late-cycle-signals', 'channel-divergence'] as const;
export type ResearchKey = (typeof RESEARCH_KEYS)[number];
