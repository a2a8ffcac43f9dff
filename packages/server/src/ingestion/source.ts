import type { Observation } from '../regime/align.js';

export type { Observation } from '../regime/align.js';

/** What an adapter fetches: one named series, optionally only from a date on. */
export interface SeriesRequest {
  readonly seriesId: string;
  /** Inclusive YYYY-MM-DD; adapters may return earlier points too (the store upserts). */
  readonly since?: string | undefined;
}

/**
 * One interface for every series source (FRED-style APIs, price endpoints, the demo generator):
 * it returns real observations only, ascending by date, and throws SourceError when it cannot.
 */
export interface SeriesSource {
  /** Short name recorded as the series' source, e.g. "fred", "prices", "seed". */
  readonly name: string;
  /** Provenance of what it returns: 'live' for real upstreams, 'seed' for generated demo data. */
  readonly provenance: 'live' | 'seed' | 'fixture';
  fetchSeries(request: SeriesRequest): Promise<Observation[]>;
}

export class SourceError extends Error {
  override readonly name = 'SourceError';
  constructor(
    readonly source: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${source}: ${message}`, options);
  }
}

/** Sorts by date, drops duplicates (last wins) and non-finite values. */
export function normaliseObservations(observations: readonly Observation[]): Observation[] {
  const byDate = new Map<string, number>();
  for (const observation of observations) {
    if (Number.isFinite(observation.value)) byDate.set(observation.date, observation.value);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, value]) => ({ date, value }));
}
