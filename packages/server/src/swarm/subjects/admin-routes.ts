import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ADMIN_SECURITY, adminGuard } from '../../http/admin-auth.js';
import { documentOnly, swarmResponses } from '../schemas.js';
import type { SubjectAdmin } from './admin.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

const SubjectBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  recommendationType: Type.Union([
    Type.Literal('bucket_weights'),
    Type.Literal('position_actions'),
  ]),
  status: Type.Optional(Type.String({ maxLength: 50 })),
  operator: Nullable(Type.String()),
  homepage: Nullable(Type.String()),
  xHandle: Nullable(Type.String()),
  thesisBlurb: Nullable(Type.String()),
  wallets: Type.Optional(Type.Array(Type.Unknown())),
  nftContracts: Type.Optional(Type.Array(Type.Unknown())),
  source: Nullable(Type.String()),
  linkedMemberId: Nullable(Type.String({ description: 'member UUID or handle' })),
  structuralNotes: Nullable(Type.String()),
  lastReviewed: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  schedule: Nullable(Type.String({ description: 'cron expression (UTC) that convenes sessions' })),
  scheduleEnabled: Type.Optional(Type.Boolean()),
  quorumRequired: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const subjectAdminRoutes: FastifyPluginAsyncTypebox<{
  subjects: SubjectAdmin;
  adminToken: string | undefined;
}> = async (app, { subjects, adminToken }) => {
  app.put(
    '/api/swarm/admin/subjects/:id',
    {
      preHandler: adminGuard(adminToken),
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
      const status = created ? 201 : 200;
      return reply.status(status).send({ ok: true, status, created, subject });
    },
  );
};
