import { spearman } from './statistics.js';

export const FORWARD_HORIZONS_DAYS = [30, 90, 180] as const;

export interface CorrelationCell {
  readonly rho: number | null;
  readonly n: number;
}

/** ρ of an index against one asset: forward log returns per horizon and the concurrent log price. */
export interface AssetCorrelation {
  readonly forward30d: CorrelationCell;
  readonly forward90d: CorrelationCell;
  readonly forward180d: CorrelationCell;
  readonly concurrent: CorrelationCell;
}

/**
 * Spearman ρ between an index level on day t and ln(P[t+h] / P[t]) for h in 30/90/180 calendar days,
 * and between the index and ln P[t] (prior-art §2.6). Only pairs where both are finite count;
 * ρ is null when fewer than 10 pairs remain. `index` and `price` share one daily axis.
 */
export function correlateIndex(
  index: ArrayLike<number>,
  price: ArrayLike<number>,
  from = 0,
): AssetCorrelation {
  const forward = (horizon: number): CorrelationCell => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let t = from; t + horizon < index.length; t++) {
      xs.push(index[t] as number);
      ys.push(Math.log((price[t + horizon] as number) / (price[t] as number)));
    }
    return spearman(xs, ys);
  };
  const xs: number[] = [];
  const ys: number[] = [];
  for (let t = from; t < index.length; t++) {
    xs.push(index[t] as number);
    ys.push(Math.log(price[t] as number));
  }
  return {
    forward30d: forward(30),
    forward90d: forward(90),
    forward180d: forward(180),
    concurrent: spearman(xs, ys),
  };
}
