import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Transactor } from '../db/transactor.js';
import { FredSource } from '../ingestion/fred.js';
import { PriceSeriesSource } from '../ingestion/price-series.js';
import { SeedSource } from './seed-source.js';
import type { Job } from '../jobs/scheduler.js';
import { ingestSeries, type RegimeSources } from './ingest.js';
import { recomputeRegime } from './recompute.js';
import type { RegimeRepository } from './repository.js';

/**
 * The configured sources: FRED_BASE_URL and PRICE_BASE_URL when set; in demo, the seeded generator
 * stands in for any that are unset; elsewhere an unset source leaves its series stale.
 */
export function regimeSources(config: Config, clock: Clock): RegimeSources {
  const seed = config.appEnv === 'demo' ? new SeedSource(clock) : undefined;
  const fred =
    config.fredBaseUrl === undefined ? seed : new FredSource(config.fredBaseUrl, config.fredApiKey);
  const prices =
    config.priceBaseUrl === undefined ? seed : new PriceSeriesSource(config.priceBaseUrl);
  return { ...(fred === undefined ? {} : { fred }), ...(prices === undefined ? {} : { prices }) };
}

export interface RegimeJobDeps {
  readonly repository: RegimeRepository;
  readonly transactor: Transactor;
  readonly clock: Clock;
  readonly versions: DataVersions;
  readonly sources: RegimeSources;
  readonly log: FastifyBaseLogger;
  readonly schedule: string;
}

/**
 * Daily: ingest new points from every source, then recompute snapshots and research signals.
 * Idempotent (upserts, full recompute). 'failed' when any series could not be fetched; the
 * recomputation still runs on the last good values and the failed series read as stale.
 */
export function regimeDailyJob(deps: RegimeJobDeps): Job {
  return {
    name: 'regime.daily',
    schedule: deps.schedule,
    idempotent: true,
    async run() {
      const report = await ingestSeries(deps, deps.sources);
      for (const failure of report.failed)
        deps.log.warn(failure, 'regime series fetch failed; kept last values');
      const result = await recomputeRegime(deps);
      if (result === undefined) return report.failed.length > 0 ? 'failed' : 'skipped';
      deps.log.info(
        { ...result, fetched: report.fetched.length, failed: report.failed.length },
        'regime recomputed',
      );
      return report.failed.length > 0 ? 'failed' : 'success';
    },
  };
}
