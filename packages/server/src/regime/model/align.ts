import type { Observation } from '../../ingestion/source.js';
import { dayIndex } from './calendar.js';

/** A contiguous run of calendar days, as day indices [start, start + length). */
export interface DailyAxis {
  readonly start: number;
  readonly length: number;
}

export const MAX_FORWARD_FILL_DAYS = 120;

/** A series read onto the daily axis: the last real print carried forward, and how old it is. */
export interface AlignedSeries {
  /** NaN before the first print and once the last print is older than the fill limit. */
  readonly values: Float64Array;
  /** Days since the last real print (0 on print days); NaN before the first print. */
  readonly age: Float64Array;
}

/**
 * Forward-fills `observations` (ascending by date) onto `axis` when read. A value whose last real print
 * is more than `maxFillDays` old becomes NaN, so a dead source cannot masquerade as a steady reading.
 */
export function alignSeries(
  observations: readonly Observation[],
  axis: DailyAxis,
  maxFillDays = MAX_FORWARD_FILL_DAYS,
): AlignedSeries {
  const values = new Float64Array(axis.length).fill(Number.NaN);
  const age = new Float64Array(axis.length).fill(Number.NaN);
  let next = 0;
  let lastDay = Number.NaN;
  let lastValue = Number.NaN;
  for (let t = 0; t < axis.length; t++) {
    const day = axis.start + t;
    while (next < observations.length) {
      const observation = observations[next] as Observation;
      const observedDay = dayIndex(observation.date);
      if (observedDay > day) break;
      if (Number.isFinite(observation.value)) {
        lastDay = observedDay;
        lastValue = observation.value;
      }
      next++;
    }
    if (Number.isNaN(lastDay)) continue;
    age[t] = day - lastDay;
    if (day - lastDay <= maxFillDays) values[t] = lastValue;
  }
  return { values, age };
}

/** The ratio of two aligned series; its age is the older input's, its value NaN if either is. */
export function ratioSeries(numerator: AlignedSeries, denominator: AlignedSeries): AlignedSeries {
  const values = numerator.values.map((value, t) => {
    const divisor = denominator.values[t] as number;
    return divisor === 0 ? Number.NaN : value / divisor;
  });
  const age = numerator.age.map((value, t) => Math.max(value, denominator.age[t] as number));
  return { values, age };
}
