import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../app.js';
import { ADMIN_SECURITY, adminGuard } from '../http/admin-auth.js';
import { AdminErrorBody, AdminStatusSchema } from './schemas.js';
import { AdminStatusService } from './service.js';

/** GET /api/admin/status (X-Admin-Token): the operator's one-look summary (`convene admin status`). */
export const adminStatusRoutes: FastifyPluginAsyncTypebox<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const service = new AdminStatusService(context);
  app.get(
    '/api/admin/status',
    {
      preHandler: adminGuard(context.config.adminToken),
      schema: {
        tags: ['admin'],
        summary: 'Operator status: version, env, database, migrations, jobs, swarm, outbox',
        description:
          'Answers while a first demo start is still loading (`loading: true`), unlike the rest of the API.',
        security: ADMIN_SECURITY,
        response: { 200: AdminStatusSchema, 401: AdminErrorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status();
    },
  );
};
