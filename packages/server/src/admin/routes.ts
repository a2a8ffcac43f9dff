import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_SECURITY, adminGuard } from '../http/admin-auth.js';
import { AdminErrorSchema } from '../error-schemas.js';
import { AdminStatusSchema } from './schemas.js';
import type { AdminStatusService } from './service.js';

/** GET /api/admin/status (X-Admin-Token): the operator's one-look summary (`convene admin status`). */
export const adminStatusRoutes: FastifyPluginAsyncTypebox<{
  status: AdminStatusService;
  adminToken: string | undefined;
}> = async (app, { status: service, adminToken }) => {
  app.get(
    '/api/admin/status',
    {
      preHandler: adminGuard(adminToken),
      schema: {
        tags: ['admin'],
        summary: 'Operator status: version, env, database, migrations, jobs, swarm, outbox',
        description:
          'Answers while a first demo start is still loading (`loading: true`), unlike the rest of the API.',
        security: ADMIN_SECURITY,
        response: { 200: AdminStatusSchema, 401: AdminErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status();
    },
  );
};
