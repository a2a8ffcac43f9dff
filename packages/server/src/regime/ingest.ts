import type { Clock } from '../clock.js';
import type { Transactor } from '../db/transactor.js';
import type { SeriesSource } from '../ingestion/source.js';
import { dateOf, dayIndex } from './model/calendar.js';
import { SERIES, type SeriesDefinition, type SourceKind } from './model/catalog.js';
import type { RegimeRepository } from './repository.js';

export type RegimeSources = Readonly<Partial<Record<SourceKind, SeriesSource>>>;

export interface IngestReport {
  readonly fetched: ReadonlyArray<{ key: string; points: number }>;
  readonly failed: ReadonlyArray<{ key: string; error: string }>;
}

/** Re-fetch this many days before the last stored print, so upstream revisions replace old values. */
export const REVISION_OVERLAP_DAYS = 30;

/**
 * Fetches new points of every catalogued series from its source and upserts them. A failed fetch
 * (or a source that is not configured) marks that series stale and keeps its last good values.
 */
export async function ingestSeries(
  deps: { repository: RegimeRepository; transactor: Transactor; clock: Clock },
  sources: RegimeSources,
  series: readonly SeriesDefinition[] = SERIES,
): Promise<IngestReport> {
  const last = await deps.repository.lastObservationDates();
  const fetched: Array<{ key: string; points: number }> = [];
  const failed: Array<{ key: string; error: string }> = [];
  const work = series.map((definition) => async () => {
    const source = sources[definition.source];
    if (source === undefined) {
      await deps.repository.ensureSeries(definition.key, definition.source, 'live');
      await deps.repository.recordFetch(
        definition.key,
        deps.clock.now(),
        `no ${definition.source} source configured`,
      );
      failed.push({ key: definition.key, error: `no ${definition.source} source configured` });
      return;
    }
    const lastDate = last.get(definition.key);
    const since =
      lastDate === undefined ? undefined : dateOf(dayIndex(lastDate) - REVISION_OVERLAP_DAYS);
    try {
      const observations = await source.fetchSeries({ seriesId: definition.sourceId, since });
      await deps.transactor.transaction(async (trx) => {
        await deps.repository.ensureSeries(definition.key, source.name, source.provenance, trx);
        await deps.repository.upsertObservations(definition.key, observations, trx);
        await deps.repository.recordFetch(definition.key, deps.clock.now(), null, trx);
      });
      fetched.push({ key: definition.key, points: observations.length });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.repository.ensureSeries(definition.key, source.name, source.provenance);
      await deps.repository.recordFetch(definition.key, deps.clock.now(), message);
      failed.push({ key: definition.key, error: message });
    }
  });
  await runWithConcurrency(work, 4);
  return { fetched, failed };
}

async function runWithConcurrency(
  tasks: ReadonlyArray<() => Promise<void>>,
  limit: number,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
