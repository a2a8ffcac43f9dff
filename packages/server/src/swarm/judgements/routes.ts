import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { documentOnly, swarmResponses, Uuid } from '../shared/schemas.js';
import type { JudgementService } from './service.js';
import { succeeded } from '../shared/envelope.js';

const PublicJudgement = Type.Object({
  id: Uuid,
  sessionId: Uuid,
  judgedBy: Type.String({ description: 'member id, or convene-rules for the in-house judge' }),
  memberId: Type.Union([Uuid, Type.Null()]),
  handle: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Literal('enforce'),
  releaseSafety: Type.String(),
  rationale: Type.String(),
  disagreements: Type.Array(Type.String()),
  model: Type.String(),
  promptHash: Type.String(),
  inputsDigest: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  canonical: Type.Union([Type.String(), Type.Null()], {
    description: 'judge members: the signed canonical judgement',
  }),
  signature: Type.Union([Type.String(), Type.Null()]),
  publicKey: Type.Union([Type.String(), Type.Null()]),
});
const JudgementList = Type.Object({ judgements: Type.Array(PublicJudgement) });

export const judgementRoutes: FastifyPluginAsyncTypebox<{ judgements: JudgementService }> = async (
  app,
  { judgements },
) => {
  app.post(
    '/api/swarm/judgements',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm judges'],
        summary:
          'A judge member files its signed judgement on a session (before it is published); shadow mode is stored, never served',
        security: [{ memberToken: [] }],
        body: Type.Object({
          sessionId: Uuid,
          memberId: Uuid,
          releaseSafety: Type.Union(['safe', 'caution', 'unsafe'].map((s) => Type.Literal(s))),
          rationale: Type.String({ maxLength: 10_000 }),
          disagreements: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }),
          signature: Type.String({
            description: 'Ed25519 over canonicalJudgement (docs/protocol.md §6)',
          }),
          mode: Type.Optional(Type.Union([Type.Literal('enforce'), Type.Literal('shadow')])),
          model: Type.Optional(Type.String({ maxLength: 200 })),
          promptHash: Type.Optional(Type.String({ maxLength: 200 })),
          inputsDigest: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: swarmResponses(
          {
            201: Type.Object({
              ok: Type.Literal(true),
              status: Type.Literal(201),
              judgementId: Uuid,
              mode: Type.String(),
            }),
          },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const filed = await judgements.file(request.headers.authorization, request.body);
      return succeeded(reply, 201, filed);
    },
  );

  app.get(
    '/api/swarm/sessions/:id/judgements',
    {
      schema: {
        tags: ['swarm judges'],
        summary:
          "A session's public judgements (enforce mode); empty until the session is published",
        params: Type.Object({ id: Type.String({ description: 'session UUID' }) }),
        response: swarmResponses({ 200: JudgementList }, [404]),
      },
    },
    async (request) => judgements.ofSession(request.params.id),
  );

  app.get(
    '/api/swarm/judgements/:id',
    {
      schema: {
        tags: ['swarm judges'],
        summary: 'One public judgement; 404 for shadow judgements and unpublished sessions',
        params: Type.Object({ id: Type.String() }),
        response: swarmResponses({ 200: PublicJudgement }, [404]),
      },
    },
    async (request) => judgements.one(request.params.id),
  );

  app.get(
    '/api/swarm/members/:id/judgements',
    {
      schema: {
        tags: ['swarm judges'],
        summary: "A judge member's public judgements, newest first, paged by cursor",
        params: Type.Object({ id: Type.String({ description: 'member UUID or handle' }) }),
        querystring: Type.Object({
          limit: Type.Optional(
            Type.String({ description: 'default 20, clamped to 1..100; non-integers are a 400' }),
          ),
          cursor: Type.Optional(
            Type.String({
              description: 'nextCursor of the previous page; a malformed cursor is a 400',
            }),
          ),
        }),
        response: swarmResponses(
          {
            200: Type.Object({
              judgements: Type.Array(PublicJudgement),
              nextCursor: Type.Union([Type.String(), Type.Null()], {
                description: 'opaque; pass as cursor for the next page; null when no more',
              }),
            }),
          },
          [404],
        ),
      },
    },
    async (request) => judgements.ofMember(request.params.id, request.query),
  );
};
