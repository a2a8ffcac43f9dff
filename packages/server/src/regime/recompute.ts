import type { Clock } from '../clock.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Transactor } from '../db/transactor.js';
import type { Observation } from '../ingestion/source.js';
import { alignSeries, type DailyAxis } from './model/align.js';
import { utcDate } from '@convene/protocol';
import { dayIndex, weekday } from './model/calendar.js';
import { computeRegime, DEFAULT_CLASSIFIER_OPTIONS } from './model/classifier.js';
import { REGIME_DATASETS } from './datasets.js';
import {
  BUCKET_THRESHOLDS,
  REGIME_METHOD_VERSION,
  regimeDays,
  regimeDetail,
  WARMUP_DAYS,
} from './model/snapshots.js';
import { shareEventLoop } from '../event-loop.js';
import { researchPayloadAsOf, researchTracks, RESEARCH_SIGNAL_KEYS } from './model/research.js';
import type { RegimeRepository } from './repository.js';

export interface RecomputeDeps {
  readonly repository: RegimeRepository;
  readonly transactor: Transactor;
  readonly clock: Clock;
  readonly versions: DataVersions;
}

export interface RecomputeOptions {
  /**
   * Also store each research signal as it read on the Mondays of this many weeks before the latest
   * day: a demo backfill (a live deployment stores each day's row on that day). Weekly, because one
   * row is 390–650 KB of JSON.
   */
  readonly researchHistoryWeeks?: number;
}

export interface RecomputeResult {
  readonly days: number;
  readonly latestDate: string;
  /** Research-signal rows written for past Mondays (`researchHistoryWeeks`). */
  readonly researchHistoryRows: number;
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
 * observations, writes them in one transaction and bumps their data versions. Idempotent. Lets the
 * event loop turn while it computes (PGlite runs in this process: requests must keep getting through).
 */
export async function recomputeRegime(
  deps: RecomputeDeps,
  options: RecomputeOptions = {},
): Promise<RecomputeResult | undefined> {
  const started = performance.now();
  const series = await deps.repository.loadObservations();
  const axis = observedAxis(series, utcDate(deps.clock.now()));
  if (axis === undefined) return undefined;
  const computeStarted = performance.now();
  const computation = await computeRegime(series, axis, DEFAULT_CLASSIFIER_OPTIONS);
  await shareEventLoop();
  const days = regimeDays(computation, WARMUP_DAYS);
  const detail = {
    ...(await regimeDetail(computation, WARMUP_DAYS)),
    bucketThresholds: BUCKET_THRESHOLDS,
  };
  const read = (key: string) =>
    computation.aligned.get(key) ??
    alignSeries(series.get(key) ?? [], axis, DEFAULT_CLASSIFIER_OPTIONS.maxForwardFillDays);
  const tracks = [];
  for (const key of RESEARCH_SIGNAL_KEYS) tracks.push(await researchTracks(key, axis, read));
  const latest = axis.length - 1;
  const research = tracks.map((signal) => ({
    key: signal.key,
    payload: researchPayloadAsOf(signal, latest),
  }));
  const computeMs = performance.now() - computeStarted;

  const statuses = await deps.repository.seriesStatus();
  const source =
    statuses.length > 0 && statuses.every((s) => s.provenance === 'seed') ? 'seed' : 'live';
  const computedAt = deps.clock.now();
  await deps.transactor.transaction(async (trx) => {
    await deps.repository.replaceSnapshots(days, REGIME_METHOD_VERSION, source, trx);
    await deps.repository.insertRun(
      {
        computedAt,
        latestDate: detail.date,
        version: REGIME_METHOD_VERSION,
        source,
        durationMs: computeMs,
        detail,
      },
      trx,
    );
    for (const signal of research) {
      await deps.repository.upsertResearchSignal(
        {
          ...signal,
          date: signal.payload.asOf,
          computedAt,
          source,
        },
        trx,
      );
    }
    await deps.versions.bump(REGIME_DATASETS.snapshots, trx);
    await deps.versions.bump(REGIME_DATASETS.research, trx);
  });
  const mondays = pastMondays(axis, options.researchHistoryWeeks ?? 0);
  // Each past row stands alone, so each is its own short statement, not part of the transaction.
  for (const t of mondays) {
    for (const signal of tracks) {
      await shareEventLoop();
      const payload = researchPayloadAsOf(signal, t);
      await deps.repository.upsertResearchSignal({
        key: signal.key,
        date: payload.asOf,
        payload,
        computedAt,
        source,
      });
    }
  }
  if (mondays.length > 0) await deps.versions.bump(REGIME_DATASETS.research);
  return {
    days: days.length,
    latestDate: detail.date,
    researchHistoryRows: mondays.length * tracks.length,
    computeMs: Math.round(computeMs * 10) / 10,
    totalMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/** Axis positions of the Mondays in the `weeks` weeks before the axis's last day, oldest first. */
function pastMondays(axis: DailyAxis, weeks: number): number[] {
  const latest = axis.length - 1;
  const positions: number[] = [];
  for (let t = Math.max(0, latest - 7 * weeks); t < latest; t++) {
    if (weekday(axis.start + t) === 1) positions.push(t);
  }
  return positions;
}
