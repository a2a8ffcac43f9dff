import { describe, expect, test } from 'vitest';
import type { Observation } from '../../src/ingestion/source.js';
import { alignSeries } from '../../src/regime/model/align.js';
import { runBacktest } from '../../src/regime/model/backtest.js';
import { dateOf, dayIndex } from '../../src/regime/model/calendar.js';
import type { IndicatorDefinition } from '../../src/regime/model/catalog.js';
import { computeRegime, DEFAULT_CLASSIFIER_OPTIONS } from '../../src/regime/model/classifier.js';
import { correlateIndex } from '../../src/regime/model/correlations.js';
import { generateDemoSeries } from '../../src/regime/demo-series.js';
import { classifyRegime } from '../../src/regime/model/labels.js';
import { rollingPercentile, signAlign } from '../../src/regime/model/percentile.js';
import { regimeDays } from '../../src/regime/model/snapshots.js';
import { spearman } from '../../src/regime/model/statistics.js';
import {
  capWeights,
  DEFAULT_WEIGHT_OPTIONS,
  inverseCorrelationWeights,
} from '../../src/regime/model/weights.js';

const START = '2020-01-01';
const daily = (values: readonly number[], start = START): Observation[] =>
  values.map((value, i) => ({ date: dateOf(dayIndex(start) + i), value }));

describe('percentiles', () => {
  test('a monotone rising indicator reads percentile 1 once 30 observations exist, NaN before', () => {
    const p = rollingPercentile(
      Array.from({ length: 200 }, (_, i) => i),
      1095,
      30,
    );
    expect(Number.isNaN(p[28]!)).toBe(true);
    for (let t = 29; t < 200; t++) expect(p[t]).toBe(1);
  });

  test('a falling indicator reads 0, and sign −1 flips it to 1', () => {
    const p = rollingPercentile(
      Array.from({ length: 100 }, (_, i) => -i),
      1095,
      30,
    );
    expect(p[99]).toBe(0);
    expect(signAlign(p, -1)[99]).toBe(1);
    expect(signAlign(p, 1)[99]).toBe(0);
  });

  test('ties take the mid rank: today counts half of the equal others', () => {
    // window values: 1,2,2,2,3 with today = 2 → below 1, equal others 2 → (1 + 1) / 4 = 0.5
    const p = rollingPercentile([1, 2, 3, 2, 2], 10, 2);
    expect(p[4]).toBe(0.5);
    expect(rollingPercentile([5, 5, 5, 5], 10, 2)[3]).toBe(0.5);
  });

  test('the window trails: values older than the window stop counting', () => {
    // window 3: on day 4 the window is [1, 0, 2]: 2 is above both others
    const p = rollingPercentile([100, 100, 1, 0, 2], 3, 2);
    expect(p[4]).toBe(1);
  });
});

describe('labels', () => {
  test('0.33 and 0.67 are neutral; just outside them are not', () => {
    expect(classifyRegime(0.33)).toBe('neutral');
    expect(classifyRegime(0.67)).toBe('neutral');
    expect(classifyRegime(0.3299999)).toBe('risk_off');
    expect(classifyRegime(0.6700001)).toBe('risk_on');
    expect(classifyRegime(0)).toBe('risk_off');
    expect(classifyRegime(1)).toBe('risk_on');
    expect(classifyRegime(Number.NaN)).toBeNull();
  });
});

describe('forward fill when read', () => {
  test('a print is carried forward with its age and expires after 120 days', () => {
    const aligned = alignSeries([{ date: START, value: 7 }], {
      start: dayIndex(START),
      length: 130,
    });
    expect(aligned.values[120]).toBe(7);
    expect(aligned.age[120]).toBe(120);
    expect(Number.isNaN(aligned.values[121]!)).toBe(true);
    expect(aligned.age[121]).toBe(121);
  });

  test('no value exists before the first print', () => {
    const aligned = alignSeries([{ date: '2020-01-05', value: 1 }], {
      start: dayIndex(START),
      length: 10,
    });
    expect(Number.isNaN(aligned.values[3]!)).toBe(true);
    expect(Number.isNaN(aligned.age[3]!)).toBe(true);
    expect(aligned.values[4]).toBe(1);
  });
});

describe('inverse-correlation weights', () => {
  test('the cap of 0.25 holds and the excess is redistributed proportionally', () => {
    const capped = capWeights([0.7, 0.1, 0.1, 0.05, 0.05], 0.25, 20);
    expect(Math.max(...capped)).toBeCloseTo(0.25, 12);
    expect(capped.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(capped[3]! / capped[4]!).toBeCloseTo(1, 12);
    expect(capped[1]).toBeCloseTo(0.25, 12);
  });

  test('fewer than four members cannot respect the cap and share equally', () => {
    expect(capWeights([0.8, 0.2, 0], 0.25, 20)).toEqual([0.5, 0.5, 0]);
  });

  test('an indicator with fewer than 60 observations gets weight 0; a loner outweighs a correlated pair', () => {
    const n = 300;
    const a = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 10));
    const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 10) + 0.01 * Math.cos(i));
    const c = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 3.7 + 1));
    const d = Float64Array.from({ length: n }, (_, i) => Math.cos(i / 5.3));
    const e = Float64Array.from({ length: n }, (_, i) => (i < n - 50 ? Number.NaN : i));
    const uncapped = inverseCorrelationWeights([a, b, c, d, e], n - 1, {
      ...DEFAULT_WEIGHT_OPTIONS,
      cap: 1,
    });
    expect(uncapped[4]).toBe(0);
    expect(uncapped.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(uncapped[0]!).toBeLessThan(uncapped[2]!);
    // with the 0.25 cap, four eligible members are pushed to exactly a quarter each
    expect(inverseCorrelationWeights([a, b, c, d, e], n - 1)).toEqual([0.25, 0.25, 0.25, 0.25, 0]);
  });
});

describe('the composite', () => {
  const panelIndicators: IndicatorDefinition[] = [
    { id: 'UP', name: 'up', panel: 'macro', inputs: ['UP'], transform: 'level', sign: 1 },
    { id: 'DOWN', name: 'down', panel: 'onchain', inputs: ['DOWN'], transform: 'level', sign: -1 },
    { id: 'FLAT', name: 'flat', panel: 'factor', inputs: ['FLAT'], transform: 'level', sign: 1 },
  ];
  const options = { ...DEFAULT_CLASSIFIER_OPTIONS, indicators: panelIndicators };
  const length = 400;
  const series = new Map([
    ['UP', daily(Array.from({ length }, (_, i) => i))],
    ['DOWN', daily(Array.from({ length }, (_, i) => -i))],
    ['FLAT', daily(Array.from({ length }, () => 3))],
  ]);

  test('hand-checkable panels: rising → 1, falling with sign −1 → 1, flat → 0.5; composite is their mean', async () => {
    const result = await computeRegime(series, { start: dayIndex(START), length }, options);
    const t = length - 1;
    expect(result.panels.macro.index[t]).toBe(1);
    expect(result.panels.onchain.index[t]).toBe(1);
    expect(result.panels.factor.index[t]).toBe(0.5);
    expect(result.composite[t]).toBeCloseTo(2.5 / 3, 12);
    const [day] = regimeDays(result, length - 1);
    expect(day?.regime).toBe('risk_on');
    expect(day?.panels.factor.regime).toBe('neutral');
  });

  test('no look-ahead: appending future points never changes an earlier snapshot (demo data)', async () => {
    const short = await generateDemoSeries('2020-03-31');
    const long = await generateDemoSeries('2021-06-30');
    const start = dayIndex('2016-01-04');
    const before = regimeDays(
      await computeRegime(short, { start, length: dayIndex('2020-03-31') - start + 1 }),
      1095,
    );
    const after = regimeDays(
      await computeRegime(long, { start, length: dayIndex('2021-06-30') - start + 1 }),
      1095,
    );
    expect(before.length).toBeGreaterThan(100);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(before.some((d) => d.composite !== null)).toBe(true);
  });
});

describe('backtests and correlations on hand-checkable series', () => {
  test('always risk-on in the eth portfolio equals holding ETH; always risk-off earns the cash yield', () => {
    const eth = [100, 110, 99, 120];
    const input = {
      start: dayIndex('2024-06-01'),
      labels: ['risk_on', 'risk_on', 'risk_on', 'risk_on'] as const,
      eth,
      spx: [1, 1, 1, 1],
      cashYieldPercent: [0, 0, 0, 0],
    };
    const on = runBacktest({ ...input, labels: [...input.labels] }, 'eth', 'composite');
    expect(on.finalMultiple).toBeCloseTo(1.2, 12);
    expect(on.maxDrawdown).toBeCloseTo(99 / 110 - 1, 12);
    expect(on.trades).toBe(0);
    const cash = runBacktest(
      { ...input, labels: ['risk_off', 'risk_off'], eth: [1, 2], cashYieldPercent: [3.65, 3.65] },
      'eth',
      'composite',
    );
    expect(cash.finalMultiple).toBeCloseTo(1.0365 ** (1 / 365), 12);
  });

  test('a transition rebalances once and pays ½ × Σ|Δw| × 10 bps', () => {
    const result = runBacktest(
      {
        start: dayIndex('2024-06-01'),
        labels: ['risk_off', 'risk_on', 'risk_on'],
        eth: [100, 100, 150],
        spx: [1, 1, 1],
        cashYieldPercent: [0, 0, 0],
      },
      'eth',
      'composite',
    );
    expect(result.trades).toBe(1);
    // day 1: all cash → all ETH: Σ|Δw| = 2, cost = 0.5 × 2 × 0.001 = 0.1%; then ETH +50%
    expect(result.finalMultiple).toBeCloseTo(0.999 * 1.5, 12);
  });

  test('Spearman ρ: perfect monotone relation → 1, reversed → −1, null below 10 pairs', () => {
    expect(
      spearman([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]).rho,
    ).toBeCloseTo(1, 12);
    expect(
      spearman([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]).rho,
    ).toBeCloseTo(-1, 12);
    expect(spearman([1, 2, 3], [1, 2, 3])).toEqual({ rho: null, n: 3 });
  });

  test('an index that rises with price correlates +1 with the concurrent log price and its forward returns are counted per horizon', () => {
    const n = 400;
    const index = Array.from({ length: n }, (_, i) => i / n);
    const price = Array.from({ length: n }, (_, i) => 100 * 1.01 ** i);
    const result = correlateIndex(index, price);
    expect(result.concurrent.rho).toBeCloseTo(1, 12);
    expect(result.forward30d.n).toBe(n - 30);
    expect(result.forward180d.n).toBe(n - 180);
    expect(correlateIndex(index.slice(0, 35), price.slice(0, 35)).forward30d).toEqual({
      rho: null,
      n: 5,
    });
  });
});
