import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../schemas.js';
import type { TakeService } from './service.js';

const Weight = Type.Object({
  bucket: Type.String({ maxLength: 100 }),
  weight: Type.Number({ minimum: 0 }),
});
const Stance = Type.Union(
  ['bearish', 'cautious', 'neutral', 'constructive', 'bullish'].map((s) => Type.Literal(s)),
);
const DraftFields = {
  memberId: Type.String({ maxLength: 100 }),
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'the session date (UTC)' }),
  subjectId: Type.String({ maxLength: 100 }),
  nonce: Type.String({ maxLength: 200, description: 'unique per member forever' }),
  stance: Stance,
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  body: Type.Optional(Type.String({ maxLength: 10_000 })),
  memoUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  weights: Type.Optional(
    Type.Array(Weight, {
      description: 'distinct buckets, non-negative finite weights, positive total',
    }),
  ),
};

const TakeReceiptSchema = Type.Object({
  id: Uuid,
  recommendationId: Type.Integer(),
  sessionId: Uuid,
  memberId: Uuid,
  date: Type.Union([Type.String(), Type.Null()]),
  subjectId: Type.Union([Type.String(), Type.Null()]),
  revision: Type.Integer({ minimum: 1, maximum: 5 }),
  stance: Type.String(),
  confidence: Type.Number(),
  body: Type.String(),
  memoUrl: Type.Union([Type.String(), Type.Null()]),
  weights: Type.Union([Type.Array(Weight), Type.Null()]),
  nonce: Type.String(),
  receivedAt: IsoDateTime,
  canonical: Type.String({ description: 'the exact canonical text that was signed' }),
  signature: Type.String({ description: 'base64 Ed25519 signature' }),
  publicKey: Type.Union([Type.String(), Type.Null()], {
    description: 'the key this take was filed and is verified with',
  }),
  verified: Type.Boolean({ description: 'recomputed on this request' }),
  signer: Type.Object({
    id: Uuid,
    handle: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    publicKeyFingerprint: Type.Union([Type.String(), Type.Null()]),
  }),
  supersededBy: Type.Union([
    Type.Object({ id: Uuid, revision: Type.Integer(), receivedAt: IsoDateTime }),
    Type.Null(),
  ]),
});

export const takeRoutes: FastifyPluginAsyncTypebox<{ takes: TakeService }> = async (
  app,
  { takes },
) => {
  app.post(
    '/api/swarm/signing-payload',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm takes'],
        summary: 'The exact canonical string to sign for a take draft',
        body: Type.Object(DraftFields),
        response: swarmResponses({ 200: Type.Object({ canonical: Type.String() }) }, [400]),
      },
    },
    async (request) => takes.signingPayload(request.body),
  );

  app.post(
    '/api/swarm/submit',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm takes'],
        summary: 'File a signed take (or an amendment: a fresh nonce and revised content)',
        security: [{ memberToken: [] }],
        body: Type.Object({ ...DraftFields, signature: Type.String({ maxLength: 2000 }) }),
        response: swarmResponses(
          {
            201: Type.Object({
              ok: Type.Literal(true),
              status: Type.Literal(201),
              recommendationId: Type.Integer({
                description: 'also accepted by GET /api/swarm/takes/{id}',
              }),
              verified: Type.Literal(true),
            }),
          },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { recommendationId } = await takes.submit(request.headers.authorization, request.body);
      return reply.status(201).send({ ok: true, status: 201, recommendationId, verified: true });
    },
  );

  app.get(
    '/api/swarm/takes/:id',
    {
      schema: {
        tags: ['swarm takes'],
        summary: 'A take receipt, its signature re-verified on this request',
        params: Type.Object({
          id: Type.String({ description: 'take UUID (or its numeric recommendationId)' }),
        }),
        response: swarmResponses({ 200: TakeReceiptSchema }, [404]),
      },
    },
    async (request) => takes.receipt(request.params.id),
  );
};
