import { shareEventLoop } from '../event-loop.js';
import type { Observation } from '../ingestion/source.js';
import { dateOf, dayIndex, weekday } from './model/calendar.js';
import { SERIES, type Cadence } from './model/catalog.js';

/** First day of the demo history: 9+ years before any plausible "today". */
export const DEMO_START_DATE = '2016-01-04';
export const DEMO_SEED = 0x5eed_2016;

/** mulberry32: a tiny deterministic PRNG; the same seed always yields the same stream. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function normalFrom(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

/** The day the trends of price-like series reach their `to` level; they hold it afterwards. */
export const DEMO_ANCHOR_DATE = '2026-01-02';
/** How fast a price-like series' deviation from its trend decays: half of it is gone in this many days. */
const DEVIATION_HALF_LIFE_DAYS = 120;

/** A rounded public magnitude a trend passes through on a date. */
type Waypoint = readonly [date: string, level: number];

/**
 * How one series moves. Prices and floats (`trend`) follow a line in log space through rounded
 * public magnitudes (`path`): from their level on DEMO_START_DATE to their level on
 * DEMO_ANCHOR_DATE, and for the crypto series through each year's start in between (their decade was
 * no straight line: a line from ETH's $1 in 2016 to $3,300 in 2026 put it at $11 in 2019, where it
 * traded near $140). On the line rides a deviation that the shared shocks and the latent cycle push
 * and that decays back to it (half-life DEVIATION_HALF_LIFE_DAYS): swings of tens of percent, never
 * a random walk that wanders off by orders of magnitude. Rates, spreads and counts (`level`) revert
 * to a mean.
 */
type Model =
  | {
      kind: 'trend';
      path: readonly Waypoint[];
      regimeDrift: number;
      vol: number;
      equity: number;
      crypto: number;
    }
  | {
      kind: 'level';
      mean: number;
      regimeShift: number;
      speed: number;
      vol: number;
      floor?: number;
      round?: boolean;
    };

const trend = (
  path: readonly Waypoint[],
  regimeDrift: number,
  vol: number,
  equity: number,
  crypto: number,
): Model => ({ kind: 'trend', path, regimeDrift, vol, equity, crypto });

/** A straight line from a level on DEMO_START_DATE to one on DEMO_ANCHOR_DATE. */
const span = (from: number, to: number): Waypoint[] => [
  [DEMO_START_DATE, from],
  [DEMO_ANCHOR_DATE, to],
];

/** Each year's first trading days, 2016 to 2026, at rounded public magnitudes (USD). */
const yearly = (levels: readonly number[]): Waypoint[] =>
  levels.map((level, index) =>
    index === 0
      ? [DEMO_START_DATE, level]
      : index === levels.length - 1
        ? [DEMO_ANCHOR_DATE, level]
        : [`${2016 + index}-01-02`, level],
  );
const level = (
  mean: number,
  regimeShift: number,
  speed: number,
  vol: number,
  floor?: number,
  round = false,
): Model => ({
  kind: 'level',
  mean,
  regimeShift,
  speed,
  vol,
  round,
  ...(floor === undefined ? {} : { floor }),
});

/** Plausible magnitudes and co-movements; `regime*` terms tie every series to one latent cycle. */
const MODELS: Readonly<Record<string, Model>> = {
  T10Y2Y: level(0.6, 0.7, 0.01, 0.03),
  DFII10: level(0.9, -0.8, 0.01, 0.03),
  T5YIE: level(2.0, 0.35, 0.01, 0.02, 0.2),
  BAMLH0A0HYM2: level(4.2, -1.6, 0.02, 0.06, 2.2),
  DTWEXBGS: level(116, -5, 0.01, 0.25),
  ICSA: level(235_000, -45_000, 0.03, 5_000, 150_000, true),
  DTB3: level(2.2, 0.8, 0.005, 0.015, 0.01),
  UMCSENT: level(82, 12, 0.03, 0.9, 45),
  BOGZ1FL663067003Q: trend(span(5.5e11, 7.5e11), 0.0006, 0.004, 0.3, 0),
  VIX: level(19, -6, 0.05, 1.1, 9),
  HG: trend(span(2.1, 4.6), 0.0006, 0.013, 0.5, 0),
  GC: trend(span(1_080, 3_400), -0.0003, 0.009, -0.1, 0),
  DEFI_TVL: trend(span(1.5e8, 1.2e11), 0.003, 0.03, 0, 0.7),
  STABLES: trend(span(1.5e9, 2.6e11), 0.0016, 0.008, 0, 0.3),
  BTC_ACTIVE: level(800_000, 180_000, 0.04, 30_000, 200_000, true),
  ETH_ACTIVE: level(450_000, 140_000, 0.04, 25_000, 50_000, true),
  BTC_MVRV: level(1.8, 0.9, 0.02, 0.04, 0.6),
  NEW_POOLS: level(6_000, 3_500, 0.05, 600, 100, true),
  BTC: trend(
    yearly([430, 1_000, 14_000, 3_800, 7_200, 32_000, 47_000, 16_700, 44_000, 96_000, 95_000]),
    0.0028,
    0.034,
    0.2,
    0.9,
  ),
  ETH: trend(
    yearly([1.0, 8, 800, 140, 130, 740, 3_700, 1_200, 2_300, 3_400, 3_300]),
    0.0031,
    0.04,
    0.2,
    0.9,
  ),
  SPX: trend(span(2_010, 5_900), 0.0007, 0.0105, 0.95, 0),
  SPY: trend(span(201, 590), 0.0007, 0.0105, 0.95, 0),
  RSP: trend(span(78, 180), 0.0006, 0.011, 0.9, 0),
  QQQ: trend(span(110, 520), 0.0009, 0.0135, 0.9, 0.15),
  IWM: trend(span(112, 225), 0.0009, 0.0135, 0.85, 0),
  SPHB: trend(span(30, 95), 0.0013, 0.016, 0.9, 0),
  SPLV: trend(span(38, 72), 0.0002, 0.0075, 0.8, 0),
  MTUM: trend(span(73, 225), 0.0008, 0.0115, 0.9, 0),
  IWF: trend(span(97, 420), 0.0009, 0.012, 0.95, 0),
  IWD: trend(span(98, 190), 0.0005, 0.01, 0.9, 0),
  XLU: trend(span(45, 80), -0.0004, 0.009, 0.5, 0),
  XLP: trend(span(52, 80), -0.0003, 0.008, 0.6, 0),
  XLY: trend(span(78, 215), 0.0009, 0.012, 0.9, 0),
  CAPE: level(28, 5, 0.01, 0.15, 12),
  SEC_S4: level(38, 12, 0.05, 3, 5, true),
};

const HOLIDAYS = new Set(['01-01', '07-04', '12-25']);

/** Whether a series of `cadence` publishes on `day` (real calendars have gaps; we keep them). */
export function printsOn(cadence: Cadence, day: number): boolean {
  const date = dateOf(day);
  switch (cadence) {
    case 'daily':
      return true;
    case 'business': {
      const dow = weekday(day);
      return dow >= 1 && dow <= 5 && !HOLIDAYS.has(date.slice(5));
    }
    case 'weekly':
      return weekday(day) === 6;
    case 'monthly':
      return date.endsWith('-01');
    case 'quarterly':
      return /-(01|04|07|10)-01$/.test(date);
  }
}

/** The log of a path's level on a day: straight between waypoints, flat before the first and after the last. */
function logLine(path: readonly Waypoint[]): (day: number) => number {
  const points = path.map(([date, level]) => ({ day: dayIndex(date), log: Math.log(level) }));
  return (day) => {
    if (day <= points[0]!.day) return points[0]!.log;
    for (let index = 1; index < points.length; index++) {
      const [a, b] = [points[index - 1]!, points[index]!];
      if (day <= b.day) return a.log + ((b.log - a.log) * (day - a.day)) / (b.day - a.day);
    }
    return points[points.length - 1]!.log;
  };
}

/**
 * Deterministic daily history for every catalogued series from DEMO_START_DATE through `end`
 * (inclusive), printed only on each series' publication days. The stream is generated day by day, so
 * a later `end` only appends: earlier points never change. Lets the event loop turn while it works.
 */
export async function generateDemoSeries(
  end: string,
  seed = DEMO_SEED,
): Promise<Map<string, Observation[]>> {
  const random = mulberry32(seed);
  const normal = normalFrom(random);
  const first = dayIndex(DEMO_START_DATE);
  const last = dayIndex(end);
  const out = new Map<string, Observation[]>(SERIES.map((series) => [series.key, []]));
  const decay = Math.LN2 / DEVIATION_HALF_LIFE_DAYS;
  /** A trend series' deviation from its line (log), a level series' value. */
  const state = new Map<string, number>();
  for (const [key, model] of Object.entries(MODELS)) {
    state.set(key, model.kind === 'trend' ? 0 : model.mean);
  }
  const lines = new Map(
    Object.entries(MODELS).flatMap(([key, model]) =>
      model.kind === 'trend' ? [[key, logLine(model.path)] as const] : [],
    ),
  );
  let regime = 1;
  let cycle = 0.5;
  for (let day = first; day <= last; day++) {
    await shareEventLoop();
    // A three-state latent cycle that switches every ~10 months on average, smoothed over ~2 months.
    if (random() < 1 / 300)
      regime = regime === 0 ? (random() < 0.5 ? -1 : 1) : random() < 0.6 ? 0 : -regime;
    cycle += (regime - cycle) / 60;
    const equityShock = normal();
    const cryptoShock = normal();
    for (const series of SERIES) {
      const model = MODELS[series.key];
      if (model === undefined) continue;
      const previous = state.get(series.key) as number;
      let next: number;
      if (model.kind === 'trend') {
        const idio = Math.sqrt(Math.max(0, 1 - model.equity ** 2 - model.crypto ** 2));
        const shock = model.equity * equityShock + model.crypto * cryptoShock + idio * normal();
        next = previous * (1 - decay) + model.regimeDrift * cycle + model.vol * shock;
      } else {
        const target = model.mean + model.regimeShift * cycle;
        next = previous + model.speed * (target - previous) + model.vol * normal();
        if (model.floor !== undefined) next = Math.max(model.floor, next);
      }
      state.set(series.key, next);
      if (!printsOn(series.cadence, day)) continue;
      const value =
        model.kind === 'trend'
          ? Math.exp((lines.get(series.key) as (day: number) => number)(day) + next)
          : model.round === true
            ? Math.round(next)
            : next;
      out.get(series.key)?.push({ date: dateOf(day), value: Number(value.toPrecision(8)) });
    }
  }
  return out;
}
