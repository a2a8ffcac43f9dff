import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { composeApp, type Services } from './composition.js';
import type { AppContext } from './context.js';
import { healthRoutes } from './health/routes.js';
import type { HealthServiceOptions } from './health/service.js';
import { registerFiniteNumbers } from './http/finite-numbers.js';
import { registerCompression } from './http/compression.js';
import { answerError, registerErrorHandling } from './http/error-handler.js';
import { registerStrictJsonBodies } from './http/json-body.js';
import { registerCacheMetrics, registerEventStreamGauge, registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { loggerOptions } from './http/logging.js';
import { registerReadinessGate } from './http/readiness.js';
import { Readiness } from './readiness.js';
import { EdgeCache } from './http/edge-cache.js';
import { edgeServer, registerEdgeCache } from './http/edge-server.js';
import { lazyChildLogger, OneLinePerRequest } from './http/request-log.js';
import { registerSecurity } from './http/security.js';
import { siteLinkRoutes } from './site/routes.js';
import { staticSitePlugin } from './http/static-site.js';
import { skillRoutes } from './skills/routes.js';
import { swarmRoutes } from './swarm/routes.js';
import { treasuryRoutes } from './treasury/routes.js';
import { regimeRoutes } from './regime/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { adminStatusRoutes } from './admin/routes.js';
import { eventRoutes } from './events/routes.js';
import { tlogRoutes } from './tlog/routes.js';
import { tlogKeyRoutes } from './tlog/key-routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Fastify logger options; tests usually pass false. */
  logger?: FastifyServerOptions['logger'];
  health?: HealthServiceOptions;
  /** Start the job scheduler when the app is ready (default true; main defers it in demo). */
  startScheduler?: boolean;
  /** Loading while a first demo start seeds: the API answers 503 and /health says so (default: ready). */
  readiness?: Readiness;
  /** The built web site to serve (default: packages/web/dist). */
  siteRoot?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    convene: AppContext;
    /** Every service, as the composition root built them (the entry point and tests read some). */
    services: Services;
  }
}

/** Builds the HTTP app without listening; the entry point, tests and benchmarks all call this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const readiness = deps.readiness ?? new Readiness();
  const edge = new EdgeCache(readiness, config.edgeCacheBytes);
  const logger = deps.logger ?? loggerOptions(config);
  const requestLog = new OneLinePerRequest(typeof logger === 'object' ? logger : {});
  const app = Fastify({
    serverFactory: edgeServer(edge),
    logger,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    frameworkErrors: (error, request, reply) => {
      void answerError(error, request, reply);
    },
    logController: requestLog,
    childLoggerFactory: lazyChildLogger,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  requestLog.attach(app.log);

  const { context, services, jobs } = await composeApp(
    { config, database, clock, readiness, edge },
    app.log,
    deps.health === undefined ? {} : { health: deps.health },
  );
  const { versions, scheduler, tlog } = context;
  app.decorate('convene', context);
  app.decorate('services', services);

  // Infrastructure first, then domains, in this explicit order.
  registerErrorHandling(app);
  registerReadinessGate(app, readiness);
  registerStrictJsonBodies(app);
  registerFiniteNumbers(app);
  await registerSecurity(app);
  registerCompression(app);
  const metrics = registerMetrics(app, scheduler, tlog, config.logEnabled, edge);
  registerEdgeCache(app, edge, requestLog);
  await registerOpenApi(app);

  for (const job of jobs) scheduler.add(job);
  registerEventStreamGauge(metrics, services.eventStreams);
  registerCacheMetrics(metrics, edge);
  const { adminToken, publicBaseUrl } = config;
  await app.register(healthRoutes, { health: services.health });
  await app.register(swarmRoutes, { swarm: services.swarm, clock, adminToken, publicBaseUrl });
  await app.register(eventRoutes, { streams: services.eventStreams });
  await app.register(tlogRoutes, { tlog: services.tlog });
  await app.register(tlogKeyRoutes, { tlog: services.tlog });
  await app.register(skillRoutes, { publicBaseUrl });
  await app.register(siteLinkRoutes, { links: config.sourceLinks });
  await app.register(treasuryRoutes, {
    treasury: services.treasury,
    tokenKey: config.tokenKey,
    adminToken,
  });
  await app.register(regimeRoutes, { regime: services.regime });
  await app.register(analyticsRoutes, {
    analytics: services.analytics,
    importer: services.analyticsImporter,
    adminToken,
  });
  await app.register(adminStatusRoutes, { status: services.adminStatus, adminToken });
  // Last: the site's fallback route answers only paths no API route claimed.
  await app.register(staticSitePlugin, {
    readiness,
    ...(deps.siteRoot === undefined ? {} : { root: deps.siteRoot }),
  });

  app.addHook('onReady', async () => {
    await versions.start();
    await tlog.start(config.logLoopsEnabled);
    // While loading, /health answers from the latest check: the first one runs before seeding does.
    if (readiness.isLoading) await services.health.check();
    if (config.schedulerEnabled && deps.startScheduler !== false) scheduler.start();
  });
  // Open event streams would keep the server's close waiting: end them first.
  app.addHook('preClose', (done) => {
    services.eventStreams.closeAll();
    done();
  });
  app.addHook('onClose', async () => {
    scheduler.stop();
    await tlog.stop();
    await versions.stop();
  });
  return app;
}
