import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Observation } from '../ingestion/source.js';
import { alignSeries, type DailyAxis } from './align.js';
import { utcDate } from '@convene/protocol';
import { dayIndex } from './calendar.js';
import { computeRegime, DEFAULT_CLASSIFIER_OPTIONS } from './classifier.js';
import { REGIME_DATASETS } from './datasets.js';
import {
  BUCKET_THRESHOLDS,
  REGIME_METHOD_VERSION,
  regimeDays,
  regimeDetail,
  WARMUP_DAYS,
} from './snapshots.js';
import { computeResearchSignal, RESEARCH_SIGNAL_KEYS } from './research.js';
import * as repository from './repository.js';

export interface RecomputeDeps {
  readonly database: Database;
  readonly clock: Clock;
  readonly versions: DataVersions;
}

export interface RecomputeResult {
  readonly days: number;
  readonly latestDate: string;
  readonly computeMs: number;
  readonly totalMs: number;
}

/**
 * The daily axis the stored observations cover: from the earliest print to the latest print that is
 * not in the future (a clock-driven cap, so a bad upstream date cannot move "today").
 */
export function observedAxis(
  series: ReadonlyMap<string, readonly Observation[]>,
  today: string,
): DailyAxis | undefined {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const cap = dayIndex(today);
  for (const observations of series.values()) {
    const head = observations[0];
    if (head === undefined) continue;
    first = Math.min(first, dayIndex(head.date));
    for (let i = observations.length - 1; i >= 0; i--) {
      const day = dayIndex((observations[i] as Observation).date);
      if (day <= cap) {
        last = Math.max(last, day);
        break;
      }
    }
  }
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first) return undefined;
  return { start: first, length: last - first + 1 };
}

/**
 * Recomputes every regime snapshot, the latest detail and both research signals from the stored
 * observations, writes them in one transaction and bumps their data versions. Idempotent.
 */
export async function recomputeRegime(deps: RecomputeDeps): Promise<RecomputeResult | undefined> {
  const started = performance.now();
  const { db } = deps.database;
  const series = await repository.loadObservations(db);
  const axis = observedAxis(series, utcDate(deps.clock.now()));
  if (axis === undefined) return undefined;
  const computeStarted = performance.now();
  const computation = computeRegime(series, axis, DEFAULT_CLASSIFIER_OPTIONS);
  const days = regimeDays(computation, WARMUP_DAYS);
  const detail = { ...regimeDetail(computation, WARMUP_DAYS), bucketThresholds: BUCKET_THRESHOLDS };
  const read = (key: string) =>
    computation.aligned.get(key) ??
    alignSeries(series.get(key) ?? [], axis, DEFAULT_CLASSIFIER_OPTIONS.maxForwardFillDays);
  const research = RESEARCH_SIGNAL_KEYS.map((key) => ({
    key,
    payload: computeResearchSignal(key, axis, read),
  }));
  const computeMs = performance.now() - computeStarted;

  const statuses = await repository.seriesStatus(db);
  const source =
    statuses.length > 0 && statuses.every((s) => s.provenance === 'seed') ? 'seed' : 'live';
  const computedAt = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    await repository.replaceSnapshots(trx, days, REGIME_METHOD_VERSION, source);
    await repository.insertRun(trx, {
      computedAt,
      latestDate: detail.date,
      version: REGIME_METHOD_VERSION,
      source,
      durationMs: computeMs,
      detail,
    });
    for (const signal of research) {
      await repository.upsertResearchSignal(trx, {
        ...signal,
        date: signal.payload.asOf,
        computedAt,
        source,
      });
    }
    await deps.versions.bump(REGIME_DATASETS.snapshots, trx);
    await deps.versions.bump(REGIME_DATASETS.research, trx);
  });
  return {
    days: days.length,
    latestDate: detail.date,
    computeMs,
    totalMs: performance.now() - started,
  };
}
