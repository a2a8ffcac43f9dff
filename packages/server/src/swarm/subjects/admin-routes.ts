import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { documentOnly, swarmResponses } from '../shared/schemas.js';
import type { SubjectAdmin } from './admin.js';
import { SubjectBody } from './admin-schemas.js';
import { succeeded } from '../shared/envelope.js';

export const subjectAdminRoutes: FastifyPluginAsyncTypebox<{
  subjects: SubjectAdmin;
  adminToken: string | undefined;
}> = async (app, { subjects, adminToken }) => {
  app.put(
    '/api/swarm/admin/subjects/:id',
    {
      onRequest: adminGuard(adminToken),
      ...documentOnly,
      schema: {
        tags: ['swarm admin'],
        summary:
          'Create or edit a subject: identity fields, convene schedule (cron, UTC) and quorum',
        security: ADMIN_SECURITY,
        params: Type.Object({ id: Type.String({ description: 'subject slug' }) }),
        body: SubjectBody,
        response: swarmResponses(
          {
            200: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              created: Type.Boolean(),
              subject: Type.Unknown(),
            }),
            201: Type.Object({
              ok: Type.Literal(true),
              status: Type.Integer(),
              created: Type.Boolean(),
              subject: Type.Unknown(),
            }),
          },
          [401, 404],
        ),
      },
    },
    async (request, reply) => {
      const { created, subject } = await subjects.put(request.params.id, request.body);
      return succeeded(reply, created ? 201 : 200, { created, subject });
    },
  );
};
