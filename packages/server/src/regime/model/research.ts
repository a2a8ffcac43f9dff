import { shareEventLoop } from '../../event-loop.js';
import type { AlignedSeries, DailyAxis } from './align.js';
import { dateOf } from './calendar.js';
import { rollingPercentile } from './percentile.js';
import { finiteOrNull, lowerBound, median, significantOrNull, upperBound } from './statistics.js';
import { percentChange } from './transforms.js';

/** The daily series of a research signal's payload, which its summary leaves out. */
export const RESEARCH_SERIES_FIELDS = ['series', 'btc_price', 'qqq_price'] as const;

export const RESEARCH_SIGNAL_KEYS = ['late-cycle-signals', 'channel-divergence'] as const;
export type ResearchSignalKey = (typeof RESEARCH_SIGNAL_KEYS)[number];
/** Length of the point series in each payload (the raw btc/qqq price series included). */
export const RESEARCH_SERIES_POINTS = 3168;
const EIGHT_YEARS_DAYS = 8 * 365;

export interface Gauge {
  readonly id: string;
  readonly name: string;
  /** null means no reading (never 0). */
  readonly value: number | null;
  readonly percentile: number | null;
  readonly read: string | null;
}

export interface SeriesPoint {
  readonly date: string;
  readonly value: number | null;
}

export interface ResearchPayload {
  readonly asOf: string;
  readonly title: string;
  readonly question: string;
  readonly spec: string;
  readonly summary: {
    readonly score: number | null;
    readonly read: string | null;
    readonly text: string;
  } & Record<string, unknown>;
  readonly gauges: readonly Gauge[];
  readonly indicators: Readonly<Record<string, IndicatorNote>>;
  readonly series: Readonly<
    Record<string, ReadonlyArray<{ date: string; value: number | null; percentile: number | null }>>
  >;
  readonly btc_price: readonly SeriesPoint[];
  readonly qqq_price: readonly SeriesPoint[];
}

export interface IndicatorNote {
  readonly name: string;
  readonly definition: string;
  readonly unit: string;
  readonly median8y: number | null;
}

/** A component computed daily on the shared axis: its value and its trailing 3-year percentile. */
interface Component {
  readonly id: string;
  readonly name: string;
  readonly definition: string;
  readonly unit: string;
  readonly value: Float64Array;
  readonly percentile: Float64Array;
  /** The input whose real prints mark the component's own points (no forward-filled repeats). */
  readonly printedBy: AlignedSeries;
}

/** Points of a daily track, formatted once, with the axis position of each. */
interface FormattedPoints<P> {
  readonly positions: readonly number[];
  readonly points: readonly P[];
}

type PrintedPoint = { date: string; value: number | null; percentile: number | null };

type Read = (key: string) => AlignedSeries;

/**
 * A research signal's components over every day of an axis, computed once. Every component uses only
 * values dated on or before each day, so the payload as of day `t` (`researchPayloadAsOf`) equals the
 * one computed on the axis cut at `t`: the signal's history costs one computation.
 */
export interface ResearchTracks {
  readonly key: ResearchSignalKey;
  readonly axis: DailyAxis;
  readonly components: readonly Component[];
  /** Each component's points on the days its input printed (a payload's `series` are ranges of them). */
  readonly printed: ReadonlyMap<string, FormattedPoints<PrintedPoint>>;
  readonly btc: FormattedPoints<SeriesPoint>;
  readonly qqq: FormattedPoints<SeriesPoint>;
}

/** The signal's tracks; lets the event loop turn between components. */
export async function researchTracks(
  key: ResearchSignalKey,
  axis: DailyAxis,
  read: Read,
): Promise<ResearchTracks> {
  const components: Component[] = [];
  for (const definition of key === 'late-cycle-signals'
    ? lateCycleComponents(read)
    : channelComponents(read)) {
    await shareEventLoop();
    components.push(definition());
  }
  await shareEventLoop();
  const printed = new Map(components.map((c) => [c.id, printedPoints(c, axis)]));
  await shareEventLoop();
  const btc = dailyPoints(read('BTC').values, axis);
  const qqq = dailyPoints(read('QQQ').values, axis);
  return { key, axis, components, printed, btc, qqq };
}

/** The payload as it reads on axis position `t` (the axis's last day: the current signal). */
export function researchPayloadAsOf(tracks: ResearchTracks, t: number): ResearchPayload {
  return tracks.key === 'late-cycle-signals' ? lateCycle(tracks, t) : channelDivergence(tracks, t);
}

/** The signal as of the axis's last day. */
export async function computeResearchSignal(
  key: ResearchSignalKey,
  axis: DailyAxis,
  read: Read,
): Promise<ResearchPayload> {
  return researchPayloadAsOf(await researchTracks(key, axis, read), axis.length - 1);
}

function component(
  id: string,
  name: string,
  definition: string,
  unit: string,
  value: Float64Array,
  printedBy: AlignedSeries,
): Component {
  return { id, name, definition, unit, value, percentile: rollingPercentile(value), printedBy };
}

function ratio(a: AlignedSeries, b: AlignedSeries): Float64Array {
  return a.values.map((value, t) => value / (b.values[t] as number));
}

function lateCycleComponents(read: Read): Array<() => Component> {
  return [
    () =>
      component(
        'CONCENTRATION',
        'Index concentration (SPY ÷ RSP)',
        'cap-weighted over equal-weighted S&P 500, 3-year percentile',
        'ratio4',
        ratio(read('SPY'), read('RSP')),
        read('SPY'),
      ),
    () =>
      component(
        'MNA',
        'M&A activity (S-4 filings per month)',
        'monthly count of SEC EDGAR S-4 filings, 3-year percentile',
        'count',
        read('SEC_S4').values,
        read('SEC_S4'),
      ),
    () =>
      component(
        'MARGIN',
        'Margin debt growth (YoY)',
        'broker-dealer margin loans (Z.1, quarterly), year-over-year growth',
        'percent_change',
        percentChange(read('BOGZ1FL663067003Q').values, 365),
        read('BOGZ1FL663067003Q'),
      ),
    () =>
      component(
        'CONF',
        'Consumer confidence',
        'University of Michigan consumer sentiment, level',
        'index',
        read('UMCSENT').values,
        read('UMCSENT'),
      ),
  ];
}

function channelComponents(read: Read): Array<() => Component> {
  const btc = read('BTC');
  const qqq = read('QQQ');
  return [
    () =>
      component(
        'BTC_BETA',
        'BTC beta to growth-over-market',
        '90-day OLS beta of BTC daily returns on (QQQ − SPY) daily returns, over trading days',
        'ratio2',
        rollingBeta(btc, qqq, read('SPY'), 90),
        qqq,
      ),
    () =>
      component(
        'BTC_QQQ_RATIO',
        'BTC ÷ QQQ',
        'BTC price over QQQ price, 3-year percentile',
        'ratio2',
        ratio(btc, qqq),
        qqq,
      ),
    () => {
      const stablesGrowth = percentChange(read('STABLES').values, 90);
      const qqqGrowth = percentChange(qqq.values, 90);
      return component(
        'STABLES_QQQ_FLOW',
        'Stablecoin flow minus QQQ',
        '90-day % change of stablecoin float minus 90-day % change of QQQ',
        'percent_change',
        stablesGrowth.map((value, t) => value - (qqqGrowth[t] as number)),
        qqq,
      );
    },
  ];
}

function lateCycle(tracks: ResearchTracks, t: number): ResearchPayload {
  const { components } = tracks;
  const readOf = (p: number | null): string | null =>
    p === null ? null : p >= 0.7 ? 'saturated (late-cycle)' : p >= 0.5 ? 'elevated' : 'benign';
  const gauges = components.map((c) => gauge(c, t, readOf));
  const reads = gauges.map((g) => g.read);
  const score = meanOf(gauges.map((g) => g.percentile));
  const saturated = reads.filter((r) => r?.startsWith('saturated')).length;
  const elevated = reads.filter((r) => r === 'elevated').length;
  const withReading = reads.filter((r) => r !== null).length;
  return payload(tracks, t, gauges, {
    title: 'How late in the rally are we?',
    question:
      'Do slow-moving signposts of a market peak (concentration, M&A, leverage, confidence) read saturated?',
    spec: 'Each gauge is ranked against its own trailing 1,095 calendar days (mid-rank, values forward-filled when read). Reads: percentile ≥ 0.7 saturated (late-cycle), ≥ 0.5 elevated, otherwise benign. Score: mean of the gauges that have a reading.',
    summary: {
      score: finiteOrNull(score ?? Number.NaN, 4),
      read: readOf(score),
      saturated,
      elevated,
      benign: withReading - saturated - elevated,
      withReading,
      text:
        withReading === 0
          ? 'No gauge has a reading yet.'
          : `${saturated} of ${withReading} signposts saturated, ${elevated} elevated; mean at the ${score === null ? 'n/a' : percentileText(score)}.`,
    },
  });
}

function channelDivergence(tracks: ResearchTracks, t: number): ResearchPayload {
  const { components } = tracks;
  const readOf = (p: number | null): string | null =>
    p === null ? null : p >= 0.6 ? 'channel intact' : p <= 0.35 ? 'breaking down' : 'softening';
  const gauges = components.map((c) => gauge(c, t, readOf));
  const channel = meanOf(gauges.map((g) => g.percentile));
  const [beta, btcQqq, flow] = gauges;
  const betaMedian = median(trailing(components[0]!.value, t, EIGHT_YEARS_DAYS));
  const weak = {
    betaBelowHalfMedian:
      beta?.value == null || !Number.isFinite(betaMedian) ? null : beta.value < 0.5 * betaMedian,
    ratioPercentileBelow30: btcQqq?.percentile == null ? null : btcQqq.percentile < 0.3,
    negativeFlow: flow?.value == null ? null : flow.value < 0,
  };
  const channelGauge: Gauge = {
    id: 'CHANNEL',
    name: 'Channel (mean of components)',
    value: finiteOrNull(channel ?? Number.NaN, 4),
    percentile: finiteOrNull(channel ?? Number.NaN, 4),
    read: readOf(channel),
  };
  return payload(tracks, t, [channelGauge, ...gauges], {
    title: 'Is the macro-to-crypto channel breaking?',
    question: 'Does the marginal speculative dollar still flow from growth equities into crypto?',
    spec: 'BTC_BETA, BTC_QQQ_RATIO and STABLES_QQQ_FLOW are each ranked against their trailing 1,095 calendar days; CHANNEL is the mean of the finite component percentiles. Reads: ≥ 0.6 channel intact, ≤ 0.35 breaking down, otherwise softening. Weak channel: beta below half its 8-year median, BTC/QQQ percentile below 0.30, or a negative flow difference.',
    summary: {
      score: finiteOrNull(channel ?? Number.NaN, 4),
      read: readOf(channel),
      weak,
      text:
        channel === null
          ? 'No component has a reading yet.'
          : `Channel at the ${percentileText(channel)}: ${readOf(channel)}.`,
    },
  });
}

/** A 0..1 rank as the site prints a percentile ("67th percentile", "52nd percentile"). */
export function percentileText(rank: number): string {
  const n = Math.round(rank * 100);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix} percentile`;
}

function gauge(c: Component, t: number, readOf: (p: number | null) => string | null): Gauge {
  const percentile = finiteOrNull(c.percentile[t] as number, 4);
  return {
    id: c.id,
    name: c.name,
    value: finiteOrNull(c.value[t] as number, 6),
    percentile,
    read: readOf(percentile),
  };
}

function payload(
  tracks: ResearchTracks,
  t: number,
  gauges: readonly Gauge[],
  text: Pick<ResearchPayload, 'title' | 'question' | 'spec' | 'summary'>,
): ResearchPayload {
  const { axis, components } = tracks;
  const from = Math.max(0, t + 1 - RESEARCH_SERIES_POINTS);
  return {
    asOf: dateOf(axis.start + t),
    ...text,
    gauges,
    indicators: Object.fromEntries(
      components.map((c) => [
        c.id,
        {
          name: c.name,
          definition: c.definition,
          unit: c.unit,
          median8y: finiteOrNull(median(trailing(c.value, t, EIGHT_YEARS_DAYS)), 6),
        },
      ]),
    ),
    series: Object.fromEntries(
      components.map((c) => [c.id, pointsBetween(tracks.printed.get(c.id), from, t)]),
    ),
    btc_price: pointsBetween(tracks.btc, from, t),
    qqq_price: pointsBetween(tracks.qqq, from, t),
  };
}

/** The component on the days its driving input really printed. */
function printedPoints(c: Component, axis: DailyAxis): FormattedPoints<PrintedPoint> {
  const positions: number[] = [];
  const points: PrintedPoint[] = [];
  for (let t = 0; t < axis.length; t++) {
    if (c.printedBy.age[t] !== 0) continue;
    positions.push(t);
    points.push({
      date: dateOf(axis.start + t),
      value: significantOrNull(c.value[t] as number, 6),
      percentile: finiteOrNull(c.percentile[t] as number, 3),
    });
  }
  return { positions, points };
}

/** Every day of a daily series (null = no reading). */
function dailyPoints(values: Float64Array, axis: DailyAxis): FormattedPoints<SeriesPoint> {
  return {
    positions: Array.from(values, (_, t) => t),
    points: Array.from(values, (value, t) => ({
      date: dateOf(axis.start + t),
      value: significantOrNull(value, 7),
    })),
  };
}

/** The points at axis positions `from` to `to`, both included. */
function pointsBetween<P>(
  formatted: FormattedPoints<P> | undefined,
  from: number,
  to: number,
): P[] {
  if (formatted === undefined) return [];
  const { positions, points } = formatted;
  return points.slice(lowerBound(positions, from), upperBound(positions, to));
}

function trailing(values: Float64Array, t: number, days: number): number[] {
  return Array.from(values.subarray(Math.max(0, t - days + 1), t + 1));
}

function meanOf(values: ReadonlyArray<number | null>): number | null {
  const finite = values.filter((value): value is number => value !== null);
  return finite.length === 0 ? null : finite.reduce((sum, value) => sum + value, 0) / finite.length;
}

/**
 * Rolling OLS beta of BTC's return between consecutive trading days on the (QQQ − SPY) return over
 * the same span, using the trading days of the trailing `days` calendar days (at least 30 pairs).
 */
export function rollingBeta(
  btc: AlignedSeries,
  qqq: AlignedSeries,
  spy: AlignedSeries,
  days: number,
): Float64Array {
  const out = new Float64Array(btc.values.length).fill(Number.NaN);
  const pairs: Array<{ t: number; x: number; y: number }> = [];
  let previous = -1;
  for (let t = 0; t < out.length; t++) {
    const traded = qqq.age[t] === 0 && spy.age[t] === 0 && Number.isFinite(btc.values[t]);
    if (traded) {
      if (previous >= 0) {
        const x =
          (qqq.values[t] as number) / (qqq.values[previous] as number) -
          (spy.values[t] as number) / (spy.values[previous] as number);
        const y = (btc.values[t] as number) / (btc.values[previous] as number) - 1;
        if (Number.isFinite(x) && Number.isFinite(y)) pairs.push({ t, x, y });
      }
      previous = t;
    }
    while (pairs.length > 0 && pairs[0]!.t <= t - days) pairs.shift();
    if (pairs.length < 30) continue;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (const pair of pairs) {
      sx += pair.x;
      sy += pair.y;
      sxx += pair.x * pair.x;
      sxy += pair.x * pair.y;
    }
    const n = pairs.length;
    const variance = sxx - (sx * sx) / n;
    if (variance > 0) out[t] = (sxy - (sx * sy) / n) / variance;
  }
  return out;
}
