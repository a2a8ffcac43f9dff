import type { DailyAxis } from './align.js';
import { runBacktest, type BacktestResult, type PortfolioName } from './backtest.js';
import { dateOf } from './calendar.js';
import { PANELS, SERIES_BY_KEY, type Panel, type Transform } from './catalog.js';
import type { IndicatorTrack, RegimeComputation } from './classifier.js';
import { correlateIndex, type AssetCorrelation } from './correlations.js';
import { shareEventLoop } from '../../event-loop.js';
import { classifyRegime, REGIME_THRESHOLDS, type RegimeLabel } from './labels.js';
import { finiteOrNull } from './statistics.js';

/** Bumped whenever the method changes in a way that changes numbers. */
export const REGIME_METHOD_VERSION = 'convene-3panel-v1';
export const WARMUP_DAYS = 1095;

export interface PanelReading {
  readonly index: number | null;
  readonly percentile: number | null;
  readonly regime: RegimeLabel | null;
}

/** One day of the classifier, as stored and served in `history`. */
export interface RegimeDay {
  readonly date: string;
  readonly composite: number | null;
  readonly compositePercentile: number | null;
  readonly regime: RegimeLabel | null;
  readonly panels: Readonly<Record<Panel, PanelReading>>;
  /** Weight in force per indicator, by panel. */
  readonly panelWeights: Readonly<Record<Panel, Record<string, number>>>;
}

export interface IndicatorReading {
  readonly id: string;
  readonly name: string;
  readonly panel: Panel;
  readonly sources: readonly string[];
  readonly unit: string;
  readonly transform: Transform;
  readonly sign: 1 | -1;
  readonly rawValue: number | null;
  readonly rawDate: string | null;
  readonly transformedValue: number | null;
  readonly percentile: number | null;
  readonly signedPercentile: number | null;
  readonly panelWeight: number;
  readonly forwardFillAgeDays: number | null;
  readonly forwardFillExpired: boolean;
  /** Signed percentile at the end of each of the last 24 months (the last point is today). */
  readonly sparkline: ReadonlyArray<{ date: string; value: number | null }>;
}

export interface RegimeDetail {
  readonly date: string;
  readonly indicators: readonly IndicatorReading[];
  readonly backtest: readonly BacktestResult[];
  readonly correlations: Readonly<
    Record<'composite' | Panel, Record<'spx' | 'eth', AssetCorrelation>>
  >;
}

/** The days that get a snapshot: every day once the warm-up has passed. */
export function snapshotRange(
  axis: DailyAxis,
  warmupDays = WARMUP_DAYS,
): { from: number; to: number } {
  return { from: Math.min(warmupDays, axis.length), to: axis.length - 1 };
}

export function regimeDays(computation: RegimeComputation, warmupDays = WARMUP_DAYS): RegimeDay[] {
  const { from, to } = snapshotRange(computation.axis, warmupDays);
  const days: RegimeDay[] = [];
  for (let t = from; t <= to; t++) days.push(regimeDay(computation, t));
  return days;
}

export function regimeDay(computation: RegimeComputation, t: number): RegimeDay {
  const panels = {} as Record<Panel, PanelReading>;
  const panelWeights = {} as Record<Panel, Record<string, number>>;
  for (const panel of PANELS) {
    const track = computation.panels[panel];
    const index = track.index[t] as number;
    panels[panel] = {
      index: finiteOrNull(index),
      percentile: finiteOrNull(track.percentile[t] as number),
      regime: classifyRegime(index),
    };
    panelWeights[panel] = Object.fromEntries(
      track.members.map((member) => [
        member.definition.id,
        finiteOrNull(member.weight[t] as number, 4) ?? 0,
      ]),
    );
  }
  const composite = computation.composite[t] as number;
  return {
    date: dateOf(computation.axis.start + t),
    composite: finiteOrNull(composite),
    compositePercentile: finiteOrNull(computation.compositePercentile[t] as number),
    regime: classifyRegime(composite),
    panels,
    panelWeights,
  };
}

/** The latest day's detail; lets the event loop turn between backtests and correlations. */
export async function regimeDetail(
  computation: RegimeComputation,
  warmupDays = WARMUP_DAYS,
): Promise<RegimeDetail> {
  const t = computation.axis.length - 1;
  const { from } = snapshotRange(computation.axis, warmupDays);
  const eth = computation.aligned.get('ETH')?.values ?? new Float64Array(computation.axis.length);
  const spx = computation.aligned.get('SPX')?.values ?? new Float64Array(computation.axis.length);
  const cash = computation.aligned.get('DTB3')?.values ?? new Float64Array(computation.axis.length);
  const labels = Array.from(computation.composite.subarray(from), (value) => classifyRegime(value));
  const input = {
    start: computation.axis.start + from,
    labels,
    eth: eth.subarray(from),
    spx: spx.subarray(from),
    cashYieldPercent: cash.subarray(from),
  };
  const backtest: BacktestResult[] = [];
  const runs: Array<[PortfolioName, Parameters<typeof runBacktest>[2]]> = [
    ['eth', 'composite'],
    ['eth', 'hodl'],
    ['sp500', 'composite'],
    ['sp500', 'hodl'],
    ['mixed', 'composite'],
    ['mixed', 'hodl'],
    ['eth', 'cash'],
  ];
  for (const [portfolio, strategy] of runs) {
    await shareEventLoop();
    backtest.push(runBacktest(input, portfolio, strategy));
  }

  const correlate = async (index: Float64Array) => {
    await shareEventLoop();
    const withSpx = correlateIndex(index, spx, from);
    await shareEventLoop();
    return { spx: withSpx, eth: correlateIndex(index, eth, from) };
  };
  return {
    date: dateOf(computation.axis.start + t),
    indicators: computation.indicators.map((track) => indicatorReading(track, computation.axis, t)),
    backtest,
    correlations: {
      composite: await correlate(computation.composite),
      macro: await correlate(computation.panels.macro.index),
      onchain: await correlate(computation.panels.onchain.index),
      factor: await correlate(computation.panels.factor.index),
    },
  };
}

function indicatorReading(track: IndicatorTrack, axis: DailyAxis, t: number): IndicatorReading {
  const { definition, aligned } = track;
  const age = aligned.age[t] as number;
  const lastPrint = Number.isFinite(age) ? t - age : Number.NaN;
  const firstSeries = SERIES_BY_KEY.get(definition.inputs[0]);
  return {
    id: definition.id,
    name: definition.name,
    panel: definition.panel,
    sources: definition.inputs.map((key) => SERIES_BY_KEY.get(key)?.sourceId ?? key),
    unit: definition.inputs.length === 2 ? 'ratio' : (firstSeries?.unit ?? 'index'),
    transform: definition.transform,
    sign: definition.sign,
    rawValue: Number.isFinite(lastPrint)
      ? finiteOrNull(aligned.values[lastPrint] as number, 8)
      : null,
    rawDate: Number.isFinite(lastPrint) ? dateOf(axis.start + lastPrint) : null,
    transformedValue: finiteOrNull(track.transformed[t] as number, 8),
    percentile: finiteOrNull(track.percentile[t] as number),
    signedPercentile: finiteOrNull(track.signed[t] as number),
    panelWeight: finiteOrNull(track.weight[t] as number) ?? 0,
    forwardFillAgeDays: Number.isFinite(age) ? age : null,
    forwardFillExpired: Number.isFinite(age) ? Number.isNaN(aligned.values[t]) : true,
    sparkline: monthlyPoints(axis, t, 24).map((day) => ({
      date: dateOf(axis.start + day),
      value: finiteOrNull(track.signed[day] as number, 4),
    })),
  };
}

/** Axis positions of the last day of each of the `count` months ending with day `t` (t itself last). */
export function monthlyPoints(axis: DailyAxis, t: number, count: number): number[] {
  const points: number[] = [t];
  let cursor = t;
  while (points.length < count) {
    const date = new Date((axis.start + cursor) * 86_400_000);
    const previousMonthEnd = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0) / 86_400_000;
    cursor = previousMonthEnd - axis.start;
    if (cursor < 0) break;
    points.unshift(cursor);
  }
  return points;
}

export const BUCKET_THRESHOLDS = {
  riskOff: `composite < ${REGIME_THRESHOLDS.riskOffBelow}`,
  neutral: `${REGIME_THRESHOLDS.riskOffBelow} <= composite <= ${REGIME_THRESHOLDS.riskOnAbove}`,
  riskOn: `composite > ${REGIME_THRESHOLDS.riskOnAbove}`,
  ...REGIME_THRESHOLDS,
};

/** The latest run's detail as stored in `regime_run.detail` and spread into the latest snapshot. */
export type RegimeRunDetail = RegimeDetail & { bucketThresholds: typeof BUCKET_THRESHOLDS };
