import { expect, test } from 'vitest';
import { generateDemoSeries } from '../../src/regime/demo-series.js';

/*
 * The demo's market series stay where a reader would believe them (docs/regime.md, "Demo data"):
 * ten years of a log random walk once put the stablecoin float at $11.77T, BTC/ETH at 496 and BTC
 * near $1M, which undermined every other number on the site. Bounds are public magnitudes with a
 * wide margin, checked through 2031 so they hold for years of "today".
 */
const PLAUSIBLE: Record<string, [number, number]> = {
  BTC: [150, 250_000],
  ETH: [0.5, 10_000],
  STABLES: [5e8, 6e11],
  DEFI_TVL: [5e7, 3e11],
  SPX: [1_500, 10_000],
  QQQ: [80, 1_100],
  GC: [800, 6_000],
  HG: [1.5, 8],
};

test('every demo price and float stays within public magnitudes, and BTC/ETH within 10–200 since 2020', async () => {
  const series = await generateDemoSeries('2031-12-31');
  for (const [key, [low, high]] of Object.entries(PLAUSIBLE)) {
    const values = series.get(key)!.map((o) => o.value);
    expect(values.length, key).toBeGreaterThan(1_000);
    expect(Math.min(...values), key).toBeGreaterThanOrEqual(low);
    expect(Math.max(...values), key).toBeLessThanOrEqual(high);
  }
  const btc = new Map(series.get('BTC')!.map((o) => [o.date, o.value]));
  const ratios = series
    .get('ETH')!
    .filter((o) => o.date >= '2020-01-01' && btc.has(o.date))
    .map((o) => btc.get(o.date)! / o.value);
  expect(Math.min(...ratios)).toBeGreaterThanOrEqual(10);
  expect(Math.max(...ratios)).toBeLessThanOrEqual(200);
});

test('a later end only appends: the history up to an earlier end never changes', async () => {
  const [short, long] = [
    await generateDemoSeries('2026-03-01'),
    await generateDemoSeries('2026-06-01'),
  ];
  for (const [key, observations] of short)
    expect(long.get(key)!.slice(0, observations.length), key).toEqual(observations);
});
