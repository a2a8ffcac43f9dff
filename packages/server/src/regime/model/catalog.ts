/**
 * What the classifier reads: raw series (stored as sparse real observations, one source each) and the
 * 26 indicators of the three-panel method derived from them (prior-art §2.2).
 */
export type SourceKind = 'fred' | 'prices';
/** Publication cadence; the demo generator prints on these days and ingestion expects gaps between. */
export type Cadence = 'daily' | 'business' | 'weekly' | 'monthly' | 'quarterly';

export interface SeriesDefinition {
  readonly key: string;
  readonly name: string;
  readonly source: SourceKind;
  /** The identifier the source knows it by (FRED series id, ticker). */
  readonly sourceId: string;
  readonly cadence: Cadence;
  readonly unit: string;
}

const fred = (key: string, name: string, cadence: Cadence, unit: string): SeriesDefinition => ({
  key,
  name,
  source: 'fred',
  sourceId: key,
  cadence,
  unit,
});
const prices = (key: string, name: string, cadence: Cadence, unit: string): SeriesDefinition => ({
  key,
  name,
  source: 'prices',
  sourceId: key,
  cadence,
  unit,
});

export const SERIES: readonly SeriesDefinition[] = [
  fred('T10Y2Y', '10y–2y Treasury spread', 'business', 'percent'),
  fred('DFII10', '10y TIPS real yield', 'business', 'percent'),
  fred('T5YIE', '5y breakeven inflation', 'business', 'percent'),
  fred('BAMLH0A0HYM2', 'ICE BofA US high-yield OAS', 'business', 'percent'),
  fred('DTWEXBGS', 'Trade-weighted US dollar (broad)', 'business', 'index'),
  fred('ICSA', 'Initial jobless claims', 'weekly', 'count'),
  fred('DTB3', '3-month Treasury bill rate', 'business', 'percent'),
  fred('UMCSENT', 'University of Michigan consumer sentiment', 'monthly', 'index'),
  fred('BOGZ1FL663067003Q', 'Broker-dealer margin loans (Z.1)', 'quarterly', 'usd'),
  prices('VIX', 'CBOE volatility index', 'business', 'index'),
  prices('HG', 'Copper futures', 'business', 'usd'),
  prices('GC', 'Gold futures', 'business', 'usd'),
  prices('DEFI_TVL', 'Total DeFi TVL', 'daily', 'usd'),
  prices('STABLES', 'Total stablecoin float', 'daily', 'usd'),
  prices('BTC_ACTIVE', 'BTC active addresses', 'daily', 'count'),
  prices('ETH_ACTIVE', 'ETH active addresses', 'daily', 'count'),
  prices('BTC_MVRV', 'BTC market value to realised value', 'daily', 'ratio'),
  prices('NEW_POOLS', 'New DEX pools (24h)', 'daily', 'count'),
  prices('BTC', 'Bitcoin', 'daily', 'usd'),
  prices('ETH', 'Ether', 'daily', 'usd'),
  prices('SPX', 'S&P 500 index', 'business', 'index'),
  prices('SPY', 'SPDR S&P 500 ETF', 'business', 'usd'),
  prices('RSP', 'Equal-weight S&P 500 ETF', 'business', 'usd'),
  prices('QQQ', 'Nasdaq-100 ETF', 'business', 'usd'),
  prices('IWM', 'Russell 2000 ETF', 'business', 'usd'),
  prices('SPHB', 'S&P 500 high-beta ETF', 'business', 'usd'),
  prices('SPLV', 'S&P 500 low-volatility ETF', 'business', 'usd'),
  prices('MTUM', 'Momentum factor ETF', 'business', 'usd'),
  prices('IWF', 'Russell 1000 growth ETF', 'business', 'usd'),
  prices('IWD', 'Russell 1000 value ETF', 'business', 'usd'),
  prices('XLU', 'Utilities sector ETF', 'business', 'usd'),
  prices('XLP', 'Consumer staples sector ETF', 'business', 'usd'),
  prices('XLY', 'Consumer discretionary sector ETF', 'business', 'usd'),
  prices('CAPE', 'Shiller CAPE (PE10)', 'monthly', 'ratio'),
  prices('SEC_S4', 'SEC EDGAR S-4 filings per month', 'monthly', 'count'),
];

export const SERIES_BY_KEY: ReadonlyMap<string, SeriesDefinition> = new Map(
  SERIES.map((series) => [series.key, series]),
);

export const PANELS = ['macro', 'onchain', 'factor'] as const;
export type Panel = (typeof PANELS)[number];
export type Transform = 'level' | 'trend_50_200' | 'change90';

export interface IndicatorDefinition {
  readonly id: string;
  readonly name: string;
  readonly panel: Panel;
  /** One series, or two whose ratio (first ÷ second) is the indicator. */
  readonly inputs: readonly [string] | readonly [string, string];
  readonly transform: Transform;
  /** +1: higher is risk-on; −1: higher is risk-off (the percentile is flipped). */
  readonly sign: 1 | -1;
}

const ind = (
  id: string,
  name: string,
  panel: Panel,
  inputs: readonly [string] | readonly [string, string],
  transform: Transform,
  sign: 1 | -1,
): IndicatorDefinition => ({ id, name, panel, inputs, transform, sign });

export const INDICATORS: readonly IndicatorDefinition[] = [
  ind('T10Y2Y', '10y–2y yield curve', 'macro', ['T10Y2Y'], 'level', 1),
  ind('DFII10', 'Real 10y yield (TIPS)', 'macro', ['DFII10'], 'level', -1),
  ind('T5YIE', '5y breakeven inflation', 'macro', ['T5YIE'], 'level', 1),
  ind('HY_OAS', 'HY OAS credit spread', 'macro', ['BAMLH0A0HYM2'], 'level', -1),
  ind('DXY', 'Trade-weighted USD', 'macro', ['DTWEXBGS'], 'level', -1),
  ind('ICSA', 'Initial jobless claims', 'macro', ['ICSA'], 'level', -1),
  ind('VIX', 'VIX', 'macro', ['VIX'], 'level', -1),
  ind('COPPER_GOLD', 'Copper/Gold ratio', 'macro', ['HG', 'GC'], 'level', 1),
  ind('DEFI_TVL', 'Total DeFi TVL', 'onchain', ['DEFI_TVL'], 'level', 1),
  ind('STABLES', 'Total stablecoin float', 'onchain', ['STABLES'], 'level', 1),
  ind('BTC_ACTIVE', 'BTC active addresses', 'onchain', ['BTC_ACTIVE'], 'level', 1),
  ind('ETH_ACTIVE', 'ETH active addresses', 'onchain', ['ETH_ACTIVE'], 'level', 1),
  ind('BTC_MVRV', 'BTC MVRV', 'onchain', ['BTC_MVRV'], 'level', 1),
  ind('BTC_ETH', 'BTC/ETH ratio', 'onchain', ['BTC', 'ETH'], 'level', -1),
  ind('ETH_TREND', 'ETH 50d/200d trend', 'onchain', ['ETH'], 'trend_50_200', 1),
  ind('NEW_TOKENS', 'New DEX pools (24h)', 'onchain', ['NEW_POOLS'], 'level', -1),
  ind('DEFI_GROWTH', 'DeFi TVL growth (90d)', 'onchain', ['DEFI_TVL'], 'change90', 1),
  ind('STABLES_GROWTH', 'Stablecoin float growth (90d)', 'onchain', ['STABLES'], 'change90', 1),
  ind('SPX_TREND', 'S&P 500 50d/200d trend', 'factor', ['SPX'], 'trend_50_200', 1),
  ind('IWM_SPY', 'Equity breadth', 'factor', ['IWM', 'SPY'], 'level', 1),
  ind('SPHB_SPLV', 'High-beta vs low-vol', 'factor', ['SPHB', 'SPLV'], 'level', 1),
  ind('MTUM_SPY', 'Momentum factor', 'factor', ['MTUM', 'SPY'], 'level', 1),
  ind('IWF_IWD', 'Growth vs value', 'factor', ['IWF', 'IWD'], 'level', 1),
  ind('XLU_SPY', 'Utilities leadership', 'factor', ['XLU', 'SPY'], 'level', -1),
  ind('XLP_XLY', 'Staples vs discretionary', 'factor', ['XLP', 'XLY'], 'level', -1),
  ind('SHILLER_CAPE', 'Shiller CAPE', 'factor', ['CAPE'], 'level', -1),
];
