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
 * A FRED-style observations API: GET {base}/fred/series/observations?series_id=…&file_type=json
 * answering `{ observations: [{ date, value }] }`, where value is a decimal string and "." means no
 * observation that day (skipped, never stored as 0).
 */
export class FredSource implements SeriesSource {
  readonly name = 'fred';
  readonly provenance = 'live' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey?: string | undefined,
  ) {}

  async fetchSeries(request: SeriesRequest): Promise<Observation[]> {
    const url = new URL('fred/series/observations', withSlash(this.baseUrl));
    url.searchParams.set('series_id', request.seriesId);
    url.searchParams.set('file_type', 'json');
    if (request.since !== undefined) url.searchParams.set('observation_start', request.since);
    if (this.apiKey !== undefined) url.searchParams.set('api_key', this.apiKey);
    const body = await getJson(this.name, url);
    if (!isRecord(body) || !Array.isArray(body.observations)) {
      throw new SourceError(this.name, `${request.seriesId}: no observations array`);
    }
    const observations: Observation[] = [];
    for (const row of body.observations as unknown[]) {
      if (!isRecord(row) || typeof row.date !== 'string' || !isIsoDate(row.date)) {
        throw new SourceError(this.name, `${request.seriesId}: malformed observation`);
      }
      if (row.value === '.' || row.value === null) continue;
      const value = typeof row.value === 'number' ? row.value : Number(row.value);
      if (!Number.isFinite(value)) {
        throw new SourceError(this.name, `${request.seriesId}: non-numeric value on ${row.date}`);
      }
      observations.push({ date: row.date, value });
    }
    return normaliseObservations(observations);
  }
}

export function withSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
