import type { Clock } from '../clock.js';
import { utcDate } from '@convene/protocol';
import { generateDemoSeries } from './demo-series.js';
import {
  SourceError,
  type Observation,
  type SeriesRequest,
  type SeriesSource,
} from '../ingestion/source.js';

/**
 * The demo generator behind the same interface as live sources: deterministic (fixed seed) history
 * through the clock's current UTC date, so the demo goes through the real ingestion path.
 */
export class SeedSource implements SeriesSource {
  readonly name = 'seed';
  readonly provenance = 'seed' as const;
  // The promise is kept, so concurrent fetches of one day share one generation.
  private cache: { end: string; series: Promise<Map<string, Observation[]>> } | undefined;

  constructor(private readonly clock: Clock) {}

  async fetchSeries(request: SeriesRequest): Promise<Observation[]> {
    const end = utcDate(this.clock.now());
    if (this.cache?.end !== end) this.cache = { end, series: generateDemoSeries(end) };
    const observations = (await this.cache.series).get(request.seriesId);
    if (observations === undefined)
      throw new SourceError(this.name, `unknown series ${request.seriesId}`);
    const since = request.since;
    return since === undefined ? observations : observations.filter((o) => o.date >= since);
  }
}
