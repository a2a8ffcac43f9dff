import { withSlash } from './fred.js';
import { getJson, isRecord } from './http-json.js';
import {
  isIsoDate,
  SourceError,
  normaliseObservations,
  type Observation,
  type SeriesRequest,
  type SeriesSource,
} from './source.js';

/**
 * A generic daily price/series endpoint: GET {base}/series/{id}?start=YYYY-MM-DD answering
 * `{ id, points: [{ date, value }] }` with value a number or null (null = no print, skipped).
 */
export class PriceSeriesSource implements SeriesSource {
  readonly name = 'prices';
  readonly provenance = 'live' as const;

  constructor(private readonly baseUrl: string) {}

  async fetchSeries(request: SeriesRequest): Promise<Observation[]> {
    const url = new URL(`series/${encodeURIComponent(request.seriesId)}`, withSlash(this.baseUrl));
    if (request.since !== undefined) url.searchParams.set('start', request.since);
    const body = await getJson(this.name, url);
    if (!isRecord(body) || !Array.isArray(body.points)) {
      throw new SourceError(this.name, `${request.seriesId}: no points array`);
    }
    const observations: Observation[] = [];
    for (const point of body.points as unknown[]) {
      if (!isRecord(point) || typeof point.date !== 'string' || !isIsoDate(point.date)) {
        throw new SourceError(this.name, `${request.seriesId}: malformed point`);
      }
      if (point.value === null) continue;
      if (typeof point.value !== 'number' || !Number.isFinite(point.value)) {
        throw new SourceError(this.name, `${request.seriesId}: non-numeric value on ${point.date}`);
      }
      observations.push({ date: point.date, value: point.value });
    }
    return normaliseObservations(observations);
  }
}
