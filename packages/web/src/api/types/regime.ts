// Shapes of the regime routes (packages/server/src/regime/schemas.ts).
export type RegimeLabel = 'risk_off' | 'neutral' | 'risk_on';

export interface RegimeSnapshot {
  date: string;
  composite: number | null;
  compositePercentile: number | null;
  regime: RegimeLabel | null;
  macroIndex: number | null;
  macroPercentile: number | null;
  macroRegime: RegimeLabel | null;
  onchainIndex: number | null;
  onchainPercentile: number | null;
  onchainRegime: RegimeLabel | null;
  factorIndex: number | null;
  factorPercentile: number | null;
  factorRegime: RegimeLabel | null;
  panelWeights: Record<string, Record<string, number>>;
  version: string;
  source: string;
}

export interface IndicatorReading {
  id: string;
  name: string;
  panel: string;
  sources: string[];
  unit: string;
  transform: string;
  sign: number;
  rawValue: number | null;
  rawDate: string | null;
  transformedValue: number | null;
  percentile: number | null;
  signedPercentile: number | null;
  panelWeight: number;
  forwardFillAgeDays: number | null;
  forwardFillExpired: boolean;
  sparkline: { date: string; value: number | null }[];
}

export interface Backtest {
  portfolio: string;
  strategy: string;
  finalMultiple: number | null;
  cagr: number | null;
  cagrInSample: number | null;
  cagrOutOfSample: number | null;
  sharpe: number | null;
  maxDrawdown: number | null;
  trades: number;
  equityCurve: { date: string; value: number }[];
}

export interface CorrelationCell {
  rho: number | null;
  n: number;
}

export interface AssetCorrelation {
  forward30d: CorrelationCell;
  forward90d: CorrelationCell;
  forward180d: CorrelationCell;
  concurrent: CorrelationCell;
}

export interface SeriesStatus {
  key: string;
  source: string;
  provenance: string;
  lastObservation: string | null;
  points: number;
  stale: boolean;
  lastError: string | null;
}

export interface RegimeLatest extends RegimeSnapshot {
  computedAt: string;
  indicators: IndicatorReading[];
  backtest: Backtest[];
  correlations: Record<string, Record<string, AssetCorrelation>>;
  bucketThresholds: {
    riskOff: string;
    neutral: string;
    riskOn: string;
    riskOffBelow: number;
    riskOnAbove: number;
  };
  series: SeriesStatus[];
}

export interface RegimeSnapshots {
  latest: RegimeLatest | null;
  history: RegimeSnapshot[];
}

export interface Point {
  date: string;
  value: number | null;
}

export interface Gauge {
  id: string;
  name: string;
  value: number | null;
  percentile: number | null;
  read: string | null;
}

export interface ResearchSignal {
  signalKey: string;
  date: string;
  computedAt: string;
  source: string;
  payload: {
    asOf: string;
    title: string;
    question: string;
    spec: string;
    summary: { score: number | null; read: string | null; text: string };
    gauges: Gauge[];
    indicators: Record<
      string,
      { name: string; definition: string; unit: string; median8y: number | null }
    >;
    series: Record<string, { date: string; value: number | null; percentile: number | null }[]>;
    btc_price: Point[];
    qqq_price: Point[];
  };
}

export const RESEARCH_KEYS = ['late-cycle-signals', 'channel-divergence'] as const;
export type ResearchKey = (typeof RESEARCH_KEYS)[number];
