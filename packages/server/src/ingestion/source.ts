import { DATE_RE } from '@convene/protocol';

/** A real observation of a series on a date; forward-fills are never stored as observations. */
export interface Observation {
  readonly date: string;
  readonly value: number;
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(parsed) && new Date(parsed).toISOString().startsWith(value);
}

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
