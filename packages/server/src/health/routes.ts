import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RETRY_AFTER_SECONDS } from '../http/readiness.js';
import type { HealthService } from './service.js';

const GuardOutcome = Type.String({
  description:
    '"enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise',
});

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('loading')], {
    description:
      '"ok"; "loading" while a first demo start builds its data (the API answers 503 meanwhile), even when a probe fails (see reason); "degraded" when the database, a guard, the log\'s signer or its integrity check fails (see reason)',
  }),
  env: Type.Union([Type.Literal('prod'), Type.Literal('staging'), Type.Literal('demo')], {
    description: 'anything but "prod" means demo or staging data, not the live treasury',
  }),
  db: Type.String({ description: 'driver and whether it answered, e.g. "pglite: ok"' }),
  handle_namespace: GuardOutcome,
  append_only_guard: GuardOutcome,
  transparency_log: Type.String({
    description:
      'the transparency log: "ok"; "inconsistent: <what>" when the check at start found entries or rows lost (every problem in /api/admin/status); "halted: <why>" when its signer refused to sign; "stalled: <why>" when the tree has been ahead of the latest checkpoint for longer than LOG_STALL_SECONDS; "off" when no log is kept',
  }),
  reason: Type.Optional(
    Type.String({
      description:
        'what failed: why the status is "degraded", or a probe failing while loading (absent otherwise)',
    }),
  ),
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
        description:
          '503 (same body, status "loading", Retry-After) while a first demo start builds its data.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const answer = await health.check();
      if (answer.status !== 'loading') return answer;
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );
};
