import type { FastifyBaseLogger } from 'fastify';
import { AdminStatusRepository } from './admin/repository.js';
import { AdminStatusService } from './admin/service.js';
import { buildImporter, type AnalyticsImporter } from './analytics/import/importer.js';
import { AnalyticsReads } from './analytics/reads.js';
import { AnalyticsRepository } from './analytics/repository.js';
import { AnalyticsService } from './analytics/service.js';
import type { AppContext } from './context.js';
import { buildEventStreams } from './events/compose.js';
import type { EventStreams } from './events/streams.js';
import { HealthService, type HealthServiceOptions } from './health/service.js';
import { kyselyTransactor } from './db/transactor.js';
import type { Job } from './jobs/scheduler.js';
import { liveTreasuryJobs } from './onchain/live-jobs.js';
import { OnchainRepository } from './onchain/repository.js';
import { buildRegime } from './regime/compose.js';
import { regimeDailyJob, regimeSources } from './regime/jobs.js';
import type { RegimeService } from './regime/service.js';
import { SWARM_DATASET } from './swarm/shared/constants.js';
import { buildSwarmServices, type SwarmServices } from './swarm/services.js';
import type { TlogService } from './tlog/service.js';
import { buildTreasury } from './treasury/compose.js';
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

/**
 * The composition root: every repository and service built once from the app's infrastructure (the
 * config, database, clock, data versions, scheduler, readiness and log that buildApp makes) and
 * handed to the routes that use it, plus every scheduled job. Tests and benchmarks go through
 * buildApp, so the clock and the database they pass reach every service from here.
 */
export function composeServices(
  context: AppContext,
  log: FastifyBaseLogger,
  options: { health?: HealthServiceOptions } = {},
): { services: Services; jobs: Job[] } {
  const { config, database, clock, versions, readiness } = context;
  const transactor = kyselyTransactor(database.db);
  const { repository: regimeRepository, service: regime } = buildRegime(database, versions);
  const treasury = buildTreasury(database, versions, transactor);
  const analytics = new AnalyticsRepository(database.db);
  const swarm = buildSwarmServices(context, log, regime, treasury, new AnalyticsReads(analytics));
  const services: Services = {
    health: new HealthService(database, config.appEnv, clock, {
      ...options.health,
      readiness,
      ...(config.logEnabled ? { log: context.tlog.service } : {}),
    }),
    adminStatus: new AdminStatusService(new AdminStatusRepository(database.db), context),
    treasury: new TreasuryService({
      treasury: treasury.repository,
      allocations: treasury.allocations,
      clock,
      versions,
      config,
    }),
    regime,
    analytics: new AnalyticsService({ repository: analytics, versions, clock }),
    analyticsImporter: buildImporter(database, versions, clock),
    swarm: swarm.services,
    tlog: context.tlog.service,
    eventStreams: buildEventStreams({
      config,
      database,
      versions,
      checkpoints: config.logEnabled ? context.tlog.service : null,
      wakeOn: [SWARM_DATASET],
      log,
    }),
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
  return { services, jobs };
}
