import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequestErrorSchema } from '../error-schemas.js';
import { NOT_MODIFIED } from '../http/edge-cache.js';
import {
  RegimeRangeQuery,
  RegimeSnapshotsResponse,
  ResearchKeyParams,
  ResearchSignalSchema,
  ResearchSignalSummarySchema,
} from './schemas.js';
import { parseRange, type RegimeService } from './service.js';

export const regimeRoutes: FastifyPluginAsyncTypebox<{ regime: RegimeService }> = async (
  app,
  { regime },
) => {
  app.get(
    '/api/dashboards/regime-snapshots',
    {
      schema: {
        tags: ['treasury'],
        summary:
          'Daily risk-on/risk-off regime: latest reading with indicators, backtests and correlations, plus history',
        querystring: RegimeRangeQuery,
        response: {
          200: RegimeSnapshotsResponse,
          304: NOT_MODIFIED,
        },
      },
    },
    async (request, reply) => {
      const { days, isDefault } = await regime.snapshotDays(parseRange(request.query.range));
      // Any other range is compressed at the quick levels: a stranger can ask for 3,650 of them.
      return app.edge.answer(request, reply, 'regime_ranges', {
        key: days,
        version: regime.snapshotsVersion,
        build: () => regime.snapshots(days),
        effort: isDefault ? 'best' : 'quick',
      });
    },
  );

  app.get(
    '/api/dashboards/research-signals/:key',
    {
      schema: {
        tags: ['treasury'],
        summary:
          'Research signal by key (late-cycle-signals or channel-divergence) with gauges and full series',
        params: ResearchKeyParams,
        response: {
          200: ResearchSignalSchema,
          304: NOT_MODIFIED,
          404: RequestErrorSchema,
        },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'regime_research', {
        key: request.params.key,
        version: regime.researchVersion,
        build: () => regime.researchSignalOf(request.params.key),
      }),
  );

  app.get(
    '/api/dashboards/research-signals/:key/summary',
    {
      schema: {
        tags: ['treasury'],
        summary:
          'Research signal by key without its daily series: the summary, gauges and indicator definitions (what /regime shows)',
        params: ResearchKeyParams,
        response: {
          200: ResearchSignalSummarySchema,
          304: NOT_MODIFIED,
          404: RequestErrorSchema,
        },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'regime_research', {
        key: request.params.key,
        version: regime.researchVersion,
        build: () => regime.researchSignalSummary(request.params.key),
      }),
  );
};
