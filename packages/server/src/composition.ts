import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { DataVersions } from './db/data-versions.js';
import { kyselyTransactor } from './db/transactor.js';
import { AdminStatusRepository } from './admin/repository.js';
import { AdminStatusService } from './admin/service.js';
import { composeAnalytics } from './analytics/compose.js';
import type { AnalyticsImporter } from './analytics/import/importer.js';
import type { AnalyticsService } from './analytics/service.js';
import type { AppContext } from './context.js';
import { composeEvents } from './events/compose.js';
import type { EventStreams } from './events/streams.js';
import { HealthService, type HealthServiceOptions } from './health/service.js';
import type { Readiness } from './readiness.js';
import type { EdgeCache } from './http/edge-cache.js';
import { JobRunRepository } from './jobs/repository.js';
import { Scheduler, type Job } from './jobs/scheduler.js';
import { liveTreasuryJobs } from './onchain/live-jobs.js';
import { OnchainRepository } from './onchain/repository.js';
import { composeRegime } from './regime/compose.js';
import { regimeDailyJob, regimeSources } from './regime/jobs.js';
import type { RegimeService } from './regime/service.js';
import { SWARM_DATASET } from './swarm/shared/constants.js';
import { composeSwarm, type SwarmServices } from './swarm/compose.js';
import { composeTlog } from './tlog/compose.js';
import type { TlogService } from './tlog/service.js';
import { composeTreasury } from './treasury/compose.js';
import { TreasuryService } from './treasury/service.js';

/** Every service the routes use, one instance each. */
export interface Services {
  health: HealthService;
  adminStatus: AdminStatusService;
  treasury: TreasuryService;
  regime: RegimeService;
  analytics: AnalyticsService;
  analyticsImporter: AnalyticsImporter;
  swarm: SwarmServices;
  tlog: TlogService;
  /** GET /api/swarm/events: the open streams and the one reader behind them. */
  eventStreams: EventStreams;
}

/** What the HTTP app hands the composition root: what it was started with and its own gates. */
export interface Infrastructure {
  config: Config;
  database: Database;
  clock: Clock;
  /** The HTTP app's loading gate (503 while a first demo start seeds). */
  readiness: Readiness;
  /** The HTTP app's replayed answers (http/replay.ts). */
  edge: EdgeCache;
}

/**
 * The composition root, and the only place the app's parts are constructed: the data versions, the
 * scheduler and the transparency log, then every domain's repositories and services (each domain's
 * `compose.ts` builds its own from what it is given here) and every scheduled job. Tests and
 * benchmarks go through buildApp, so the clock and the database they pass reach every part from
 * here; an architecture test fails if a service or repository is constructed anywhere else.
 */
export async function composeApp(
  infrastructure: Infrastructure,
  log: FastifyBaseLogger,
  options: { health?: HealthServiceOptions } = {},
): Promise<{ context: AppContext; services: Services; jobs: Job[] }> {
  const { config, database, clock, readiness } = infrastructure;
  const versions = new DataVersions({ database: database, connectionString: config.databaseUrl });
  const scheduler = new Scheduler({
    locks: database,
    jobRuns: new JobRunRepository(database.db),
    clock,
    log,
  });
  const tlog = await composeTlog({ config, database, clock }, log);
  const context: AppContext = { ...infrastructure, versions, scheduler, tlog };
  const logged = config.logEnabled ? tlog.service : null;

  const transactor = kyselyTransactor(database.db);
  const { repository: regimeRepository, service: regime } = composeRegime(database, versions);
  const treasury = composeTreasury(database, versions, transactor);
  const analytics = composeAnalytics(database, versions, clock);
  const swarm = composeSwarm(context, log, regime, treasury, analytics.reads);
  const eventStreams = composeEvents({
    config,
    database,
    versions,
    checkpoints: logged,
    wakeOn: [SWARM_DATASET],
    log,
  });
  const services: Services = {
    health: new HealthService({
      ...options.health,
      database,
      env: config.appEnv,
      clock,
      readiness,
      ...(logged === null ? {} : { log: logged }),
    }),
    adminStatus: new AdminStatusService({
      repository: new AdminStatusRepository(database.db),
      config,
      database,
      clock,
      scheduler,
      readiness,
      log: logged,
      eventStreams,
    }),
    treasury: new TreasuryService({
      treasury: treasury.repository,
      allocations: treasury.allocations,
      clock,
      versions,
      config,
    }),
    regime,
    analytics: analytics.service,
    analyticsImporter: analytics.importer,
    swarm: swarm.services,
    tlog: tlog.service,
    eventStreams,
  };
  const jobs: Job[] = [
    ...swarm.jobs,
    regimeDailyJob({
      repository: regimeRepository,
      transactor,
      clock,
      versions,
      sources: regimeSources(config, clock),
      log,
      schedule: config.regimeSchedule,
    }),
    ...liveTreasuryJobs(context, log, {
      treasury,
      onchain: new OnchainRepository(database.db),
      transactor,
    }),
  ];
  return { context, services, jobs };
}
