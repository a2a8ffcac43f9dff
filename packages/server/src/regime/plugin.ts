import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../app.js';
import { regimeDailyJob, regimeSources } from './jobs.js';
import { regimeRoutes } from './routes.js';
import { RegimeService } from './service.js';

/** The regime domain: snapshots and research signals, and the daily ingest-and-recompute job. */
export const regimePlugin: FastifyPluginAsyncTypebox<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const regime = new RegimeService(context.database, context.versions);
  await app.register(regimeRoutes, { regime });
  context.scheduler.add(
    regimeDailyJob({
      ...context,
      sources: regimeSources(context.config, context.clock),
      log: app.log,
      schedule: context.config.regimeSchedule,
    }),
  );
};
