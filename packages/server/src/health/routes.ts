import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { HealthService } from './service.js';

const GuardOutcome = Type.String({
  description:
    '"enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise',
});

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  env: Type.Union([Type.Literal('prod'), Type.Literal('staging'), Type.Literal('demo')], {
    description: 'anything but "prod" means demo or staging data, not the live treasury',
  }),
  db: Type.String({ description: 'driver and whether it answered, e.g. "pglite: ok"' }),
  handle_namespace: GuardOutcome,
  append_only_guard: GuardOutcome,
});

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthService }> = async (
  app,
  { health },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service health with live database guard probes',
        response: { 200: HealthSchema },
      },
    },
    async () => health.check(),
  );
};
