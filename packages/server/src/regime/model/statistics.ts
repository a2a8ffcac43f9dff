/** Small numeric helpers shared by the classifier, backtests and research signals. */

/** Index of the first element ≥ value in an ascending array. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first element > value in an ascending array. */
export function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pearson correlation over the positions where both are finite; NaN below `minPairs` or zero variance. */
export function pearson(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  from: number,
  to: number,
  minPairs = 2,
): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = from; i <= to; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    n++;
    sx += a;
    sy += b;
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  if (n < minPairs) return Number.NaN;
  const cov = sxy - (sx * sy) / n;
  const vx = sxx - (sx * sx) / n;
  const vy = syy - (sy * sy) / n;
  if (vx <= 0 || vy <= 0) return Number.NaN;
  return cov / Math.sqrt(vx * vy);
}

/** Ranks 1..n with ties given their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]!.value === order[i]!.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!.index] = rank;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's ρ (Pearson over average ranks) of paired finite values; null when n < minN. */
export function spearman(
  x: readonly number[],
  y: readonly number[],
  minN = 10,
): { rho: number | null; n: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (Number.isFinite(a) && Number.isFinite(b)) {
      xs.push(a);
      ys.push(b);
    }
  }
  const n = xs.length;
  if (n < minN) return { rho: null, n };
  const rho = pearson(averageRanks(xs), averageRanks(ys), 0, n - 1);
  return { rho: Number.isFinite(rho) ? rho : null, n };
}

export function median(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 === 1
    ? (finite[mid] as number)
    : ((finite[mid - 1] as number) + (finite[mid] as number)) / 2;
}

/** JSON-friendly number: NaN/±Infinity become null, finite values are rounded to `digits` decimals. */
export function finiteOrNull(value: number, digits = 6): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** JSON-friendly number with `digits` significant digits (for series of very different scales). */
export function significantOrNull(value: number, digits = 6): number | null {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : null;
}
