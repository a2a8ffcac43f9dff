import { shareEventLoop } from '../../event-loop.js';
import { alignSeries, ratioSeries, type AlignedSeries, type DailyAxis } from './align.js';
import type { Observation } from '../../ingestion/source.js';
import { INDICATORS, PANELS, type IndicatorDefinition, type Panel } from './catalog.js';
import {
  PERCENTILE_MIN_OBSERVATIONS,
  PERCENTILE_WINDOW_DAYS,
  rollingPercentile,
  signAlign,
} from './percentile.js';
import { applyTransform } from './transforms.js';
import {
  DEFAULT_WEIGHT_OPTIONS,
  inverseCorrelationWeights,
  type WeightOptions,
} from './weights.js';

export interface ClassifierOptions {
  readonly percentileWindow: number;
  readonly percentileMinObservations: number;
  readonly weights: WeightOptions;
  /** Weights are refreshed on days whose day index is a multiple of this (a fixed calendar grid). */
  readonly weightCadenceDays: number;
  readonly maxForwardFillDays: number;
  readonly indicators: readonly IndicatorDefinition[];
}

export const DEFAULT_CLASSIFIER_OPTIONS: ClassifierOptions = {
  percentileWindow: PERCENTILE_WINDOW_DAYS,
  percentileMinObservations: PERCENTILE_MIN_OBSERVATIONS,
  weights: DEFAULT_WEIGHT_OPTIONS,
  weightCadenceDays: 21,
  maxForwardFillDays: 120,
  indicators: INDICATORS,
};

/** One indicator's daily tracks on the axis, each step of the method kept for display. */
export interface IndicatorTrack {
  readonly definition: IndicatorDefinition;
  readonly aligned: AlignedSeries;
  readonly transformed: Float64Array;
  readonly percentile: Float64Array;
  readonly signed: Float64Array;
  /** Panel weight in force each day (0 when not eligible or before the first refresh). */
  readonly weight: Float64Array;
}

export interface PanelTrack {
  readonly index: Float64Array;
  readonly percentile: Float64Array;
  readonly members: readonly IndicatorTrack[];
}

export interface RegimeComputation {
  readonly axis: DailyAxis;
  readonly aligned: ReadonlyMap<string, AlignedSeries>;
  readonly indicators: readonly IndicatorTrack[];
  readonly panels: Readonly<Record<Panel, PanelTrack>>;
  readonly composite: Float64Array;
  readonly compositePercentile: Float64Array;
}

/**
 * The three-panel regime method over every day of `axis`. Each day uses only observations dated on
 * or before it, so appending later observations never changes an earlier day. Pure: no I/O, no clock;
 * it lets the event loop turn between indicators (a few hundred ms of work in all).
 */
export async function computeRegime(
  series: ReadonlyMap<string, readonly Observation[]>,
  axis: DailyAxis,
  options: ClassifierOptions = DEFAULT_CLASSIFIER_OPTIONS,
): Promise<RegimeComputation> {
  const aligned = new Map<string, AlignedSeries>();
  const read = (key: string): AlignedSeries => {
    let found = aligned.get(key);
    if (found === undefined) {
      found = alignSeries(series.get(key) ?? [], axis, options.maxForwardFillDays);
      aligned.set(key, found);
    }
    return found;
  };

  const indicators: IndicatorTrack[] = [];
  for (const definition of options.indicators) {
    await shareEventLoop();
    const [first, second] = definition.inputs;
    const input = second === undefined ? read(first) : ratioSeries(read(first), read(second));
    const transformed = applyTransform(input.values, definition.transform);
    const percentile = rollingPercentile(
      transformed,
      options.percentileWindow,
      options.percentileMinObservations,
    );
    const signed = signAlign(percentile, definition.sign);
    const weight = new Float64Array(axis.length);
    indicators.push({ definition, aligned: input, transformed, percentile, signed, weight });
  }

  const panels = {} as Record<Panel, PanelTrack>;
  for (const panel of PANELS) {
    await shareEventLoop();
    const members = indicators.filter((track) => track.definition.panel === panel);
    const index = panelIndex(members, axis, options);
    const percentile = rollingPercentile(
      index,
      options.percentileWindow,
      options.percentileMinObservations,
    );
    panels[panel] = { index, percentile, members };
  }

  await shareEventLoop();
  const composite = new Float64Array(axis.length).fill(Number.NaN);
  for (let t = 0; t < axis.length; t++) {
    let sum = 0;
    let count = 0;
    for (const panel of PANELS) {
      const value = panels[panel].index[t] as number;
      if (Number.isFinite(value)) {
        sum += value;
        count++;
      }
    }
    if (count > 0) composite[t] = sum / count;
  }
  const compositePercentile = rollingPercentile(
    composite,
    options.percentileWindow,
    options.percentileMinObservations,
  );
  return { axis, aligned, indicators, panels, composite, compositePercentile };
}

/** Weighted mean of the members' signed percentiles, weights refreshed on the fixed grid. */
function panelIndex(
  members: readonly IndicatorTrack[],
  axis: DailyAxis,
  options: ClassifierOptions,
): Float64Array {
  const index = new Float64Array(axis.length).fill(Number.NaN);
  const signed = members.map((member) => member.signed);
  let weights: number[] | undefined;
  for (let t = 0; t < axis.length; t++) {
    if ((axis.start + t) % options.weightCadenceDays === 0) {
      weights = inverseCorrelationWeights(signed, t, options.weights);
    }
    if (weights === undefined) continue;
    let sum = 0;
    let total = 0;
    members.forEach((member, i) => {
      const weight = weights?.[i] ?? 0;
      member.weight[t] = weight;
      const value = member.signed[t] as number;
      if (weight > 0 && Number.isFinite(value)) {
        sum += weight * value;
        total += weight;
      }
    });
    if (total > 0) index[t] = sum / total;
  }
  return index;
}
