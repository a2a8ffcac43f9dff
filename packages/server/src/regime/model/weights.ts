import { pearson } from './statistics.js';

export interface WeightOptions {
  /** Trailing window of sign-aligned percentiles the correlations are measured over. */
  readonly window: number;
  /** Indicators with fewer finite percentiles in the window get weight 0. */
  readonly minObservations: number;
  /** Floor of an indicator's mean absolute correlation, so one loner cannot take everything. */
  readonly correlationFloor: number;
  /** Maximum weight of one indicator; the excess is redistributed. */
  readonly cap: number;
  readonly capIterations: number;
}

export const DEFAULT_WEIGHT_OPTIONS: WeightOptions = {
  window: 1095,
  minObservations: 60,
  correlationFloor: 0.05,
  cap: 0.25,
  capIterations: 20,
};

/**
 * Point-in-time inverse-correlation weights of one panel on day `end`, from the panel members'
 * sign-aligned percentiles over [end − window + 1, end]: weight ∝ 1 / max(floor, mean |ρ| with the
 * other eligible members), normalised, then capped. Returns all zeros when nobody is eligible.
 */
export function inverseCorrelationWeights(
  signed: readonly Float64Array[],
  end: number,
  options: WeightOptions = DEFAULT_WEIGHT_OPTIONS,
): number[] {
  const from = Math.max(0, end - options.window + 1);
  const eligible = signed.map(
    (series) => countFinite(series, from, end) >= options.minObservations,
  );
  const raw = signed.map((series, i) => {
    if (!eligible[i]) return 0;
    let sum = 0;
    let pairs = 0;
    signed.forEach((other, j) => {
      if (j === i || !eligible[j]) return;
      const rho = pearson(series, other, from, end, options.minObservations);
      if (Number.isFinite(rho)) {
        sum += Math.abs(rho);
        pairs++;
      }
    });
    const meanAbs = pairs === 0 ? options.correlationFloor : sum / pairs;
    return 1 / Math.max(options.correlationFloor, meanAbs);
  });
  return capWeights(normalise(raw), options.cap, options.capIterations);
}

function countFinite(series: Float64Array, from: number, to: number): number {
  let count = 0;
  for (let t = from; t <= to; t++) if (Number.isFinite(series[t])) count++;
  return count;
}

function normalise(weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return total > 0 ? weights.map((weight) => weight / total) : weights.map(() => 0);
}

/**
 * Caps each weight at `cap` and hands the excess to the uncapped ones in proportion to their weight,
 * repeating (a fixed point reached in at most `iterations` rounds). When fewer than 1/cap members have
 * weight the cap cannot hold, and the eligible members share equally instead.
 */
export function capWeights(weights: readonly number[], cap: number, iterations: number): number[] {
  const positive = weights.filter((weight) => weight > 0).length;
  if (positive === 0) return weights.map(() => 0);
  if (positive * cap < 1) return weights.map((weight) => (weight > 0 ? 1 / positive : 0));
  const out = [...weights];
  for (let round = 0; round < iterations; round++) {
    let excess = 0;
    let uncappedTotal = 0;
    for (let i = 0; i < out.length; i++) {
      const weight = out[i] as number;
      if (weight > cap) {
        excess += weight - cap;
        out[i] = cap;
      } else if (weight < cap) uncappedTotal += weight;
    }
    if (excess <= 1e-15 || uncappedTotal === 0) break;
    for (let i = 0; i < out.length; i++) {
      const weight = out[i] as number;
      if (weight < cap) out[i] = weight + (excess * weight) / uncappedTotal;
    }
  }
  return out;
}
