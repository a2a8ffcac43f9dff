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

/*
 * A line from 2016's level straight to 2026's put ETH at $11 in January 2019 (it traded near $140),
 * so the demo's ETH backtest grew 249-fold from 2019. Each January the crypto prices sit within a
 * factor of three of where they traded: the demo's own cycle lifts or sinks them by up to ×2.6 (in
 * January 2023 it sits high where the market sat at its low).
 */
const JANUARY: Record<string, Record<string, number>> = {
  BTC: {
    2017: 1_000,
    2018: 14_000,
    2019: 3_800,
    2020: 7_200,
    2021: 32_000,
    2022: 47_000,
    2023: 16_700,
    2024: 44_000,
    2025: 96_000,
  },
  ETH: {
    2017: 8,
    2018: 800,
    2019: 140,
    2020: 130,
    2021: 740,
    2022: 3_700,
    2023: 1_200,
    2024: 2_300,
    2025: 3_400,
  },
};

test('each January BTC and ETH sit within a factor of three of where they traded', async () => {
  const series = await generateDemoSeries('2026-06-01');
  for (const [key, years] of Object.entries(JANUARY)) {
    const observations = series.get(key)!;
    for (const [year, traded] of Object.entries(years)) {
      const january = observations.find((o) => o.date >= `${year}-01-02`)!;
      const ratio = january.value / traded;
      expect(ratio, `${key} on ${january.date}: ${january.value}`).toBeGreaterThan(1 / 3);
      expect(ratio, `${key} on ${january.date}: ${january.value}`).toBeLessThan(3);
    }
  }
});
