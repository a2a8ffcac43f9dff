import { dateOf } from './calendar.js';
import type { RegimeLabel } from './labels.js';

export type PortfolioName = 'eth' | 'sp500' | 'mixed';
export type Holding = 'cash' | 'eth' | 'spx';
type Mix = Readonly<Record<Holding, number>>;

/** Target mixes per bucket (prior-art §2.5) and the buy-and-hold baseline. */
export const PORTFOLIOS: Readonly<Record<PortfolioName, Record<RegimeLabel | 'hodl', Mix>>> = {
  eth: {
    risk_off: { cash: 1, eth: 0, spx: 0 },
    neutral: { cash: 0.5, eth: 0.5, spx: 0 },
    risk_on: { cash: 0, eth: 1, spx: 0 },
    hodl: { cash: 0, eth: 1, spx: 0 },
  },
  sp500: {
    risk_off: { cash: 1, eth: 0, spx: 0 },
    neutral: { cash: 0.5, eth: 0, spx: 0.5 },
    risk_on: { cash: 0, eth: 0, spx: 1 },
    hodl: { cash: 0, eth: 0, spx: 1 },
  },
  mixed: {
    risk_off: { cash: 1, eth: 0, spx: 0 },
    neutral: { cash: 0.5, eth: 0.25, spx: 0.25 },
    risk_on: { cash: 0, eth: 0.5, spx: 0.5 },
    hodl: { cash: 0, eth: 0.5, spx: 0.5 },
  },
};

export const BACKTEST_DEFAULTS = {
  costBps: 10,
  /** Last in-sample day; out of sample starts the day after (prior-art §2.5). */
  inSampleEnd: '2024-01-31',
};

export interface BacktestInput {
  /** Day index of the first element of every array. */
  readonly start: number;
  /** Label known at each day's close; null keeps the previous allocation (cash before the first). */
  readonly labels: readonly (RegimeLabel | null)[];
  readonly eth: ArrayLike<number>;
  readonly spx: ArrayLike<number>;
  /** Annual cash yield in percent (3-month T-bill), compounded daily. */
  readonly cashYieldPercent: ArrayLike<number>;
}

export interface BacktestResult {
  readonly portfolio: PortfolioName;
  readonly strategy: 'composite' | 'hodl' | 'cash';
  readonly finalMultiple: number;
  readonly cagr: number;
  readonly cagrInSample: number;
  readonly cagrOutOfSample: number;
  readonly sharpe: number;
  readonly maxDrawdown: number;
  readonly trades: number;
  /** Portfolio value at each month's last day (and the final day), starting from 1. */
  readonly equityCurve: ReadonlyArray<{ date: string; value: number }>;
}

/**
 * Simulates a portfolio that holds `mixFor(label)` and rebalances only when the bucket changes,
 * paying ½ × Σ|Δw| × cost on the value traded. The label at day t's close sets the holdings that
 * earn day t+1's return, so no day trades on information it did not have.
 */
export function runBacktest(
  input: BacktestInput,
  portfolio: PortfolioName,
  strategy: 'composite' | 'hodl' | 'cash',
  options = BACKTEST_DEFAULTS,
): BacktestResult {
  const days = input.labels.length;
  const mixes = PORTFOLIOS[portfolio];
  const target = (t: number, previous: Mix | undefined): Mix => {
    if (strategy === 'hodl') return mixes.hodl;
    if (strategy === 'cash') return mixes.risk_off;
    const label = input.labels[t] ?? null;
    return label === null ? (previous ?? mixes.risk_off) : mixes[label];
  };
  const cost = options.costBps / 10_000;
  let holdings: Record<Holding, number> = { ...target(0, undefined) };
  let current: Mix = target(0, undefined);
  let trades = 0;
  const values = new Float64Array(days);
  const dailyExcess: number[] = [];
  values[0] = 1;
  for (let t = 1; t < days; t++) {
    const cashReturn = (1 + finiteOr(input.cashYieldPercent[t - 1], 0) / 100) ** (1 / 365) - 1;
    const before = values[t - 1] as number;
    holdings = {
      cash: holdings.cash * (1 + cashReturn),
      eth: holdings.eth * (1 + dayReturn(input.eth, t)),
      spx: holdings.spx * (1 + dayReturn(input.spx, t)),
    };
    let value = holdings.cash + holdings.eth + holdings.spx;
    dailyExcess.push(value / before - 1 - cashReturn);
    const next = target(t, current);
    if (next !== current) {
      const turnover = (['cash', 'eth', 'spx'] as const).reduce(
        (sum, asset) => sum + Math.abs(next[asset] - holdings[asset] / value),
        0,
      );
      value -= 0.5 * turnover * cost * value;
      holdings = { cash: next.cash * value, eth: next.eth * value, spx: next.spx * value };
      if (turnover > 0) trades++;
      current = next;
    }
    values[t] = value;
  }
  const splitAt = splitIndex(input.start, days, options.inSampleEnd);
  return {
    portfolio,
    strategy,
    finalMultiple: values[days - 1] as number,
    cagr: cagr(values, 0, days - 1),
    cagrInSample: splitAt > 0 ? cagr(values, 0, Math.min(splitAt, days - 1)) : Number.NaN,
    cagrOutOfSample: splitAt < days - 1 ? cagr(values, Math.max(splitAt, 0), days - 1) : Number.NaN,
    sharpe: sharpe(dailyExcess),
    maxDrawdown: maxDrawdown(values),
    trades,
    equityCurve: monthEnds(values, input.start),
  };
}

function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

function dayReturn(prices: ArrayLike<number>, t: number): number {
  const today = prices[t] as number;
  const yesterday = prices[t - 1] as number;
  return Number.isFinite(today) && Number.isFinite(yesterday) && yesterday > 0
    ? today / yesterday - 1
    : 0;
}

function splitIndex(start: number, days: number, inSampleEnd: string): number {
  const end = Math.floor(Date.parse(`${inSampleEnd}T00:00:00Z`) / 86_400_000);
  return Math.min(Math.max(end - start, -1), days);
}

/** Compound annual growth between two days of a value series (calendar-day annualisation). */
export function cagr(values: ArrayLike<number>, from: number, to: number): number {
  if (to <= from) return Number.NaN;
  return ((values[to] as number) / (values[from] as number)) ** (365 / (to - from)) - 1;
}

/** Annualised Sharpe of daily excess returns (√365: the portfolios hold assets that trade daily). */
export function sharpe(dailyExcess: readonly number[]): number {
  if (dailyExcess.length < 2) return Number.NaN;
  const mean = dailyExcess.reduce((sum, value) => sum + value, 0) / dailyExcess.length;
  const variance =
    dailyExcess.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (dailyExcess.length - 1);
  return variance > 0 ? (mean / Math.sqrt(variance)) * Math.sqrt(365) : Number.NaN;
}

/** The worst fall from a running peak, as a negative fraction (0 when it never fell). */
export function maxDrawdown(values: ArrayLike<number>): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (let t = 0; t < values.length; t++) {
    const value = values[t] as number;
    peak = Math.max(peak, value);
    worst = Math.min(worst, value / peak - 1);
  }
  return worst;
}

function monthEnds(values: Float64Array, start: number): Array<{ date: string; value: number }> {
  const curve: Array<{ date: string; value: number }> = [];
  for (let t = 0; t < values.length; t++) {
    const date = dateOf(start + t);
    const last = t === values.length - 1 || dateOf(start + t + 1).slice(0, 7) !== date.slice(0, 7);
    if (last) curve.push({ date, value: values[t] as number });
  }
  return curve;
}
