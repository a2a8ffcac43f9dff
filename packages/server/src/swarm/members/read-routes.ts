import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  IsoDateTime,
  SupersededBySchema,
  swarmResponses,
  TakeLogFields,
  UnverifiedReasonsSchema,
  Uuid,
} from '../schemas.js';
import { State } from '../sessions/schemas.js';
import type { MemberReads } from './read-service.js';

const SwarmMember = Type.Object({
  id: Type.String(),
  handle: Type.String(),
  displayName: Type.String(),
  status: Type.String(),
  role: Type.String({ description: 'member (files takes) or judge (files judgements)' }),
  lens: Type.Union([Type.String(), Type.Null()]),
  mandate: Type.Union([Type.String(), Type.Null()]),
  tagline: Type.Union([Type.String(), Type.Null()]),
  biases: Type.Array(Type.String()),
  operator: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Union([Type.String(), Type.Null()]),
  house: Type.Boolean(),
  publicKey: Type.Union([Type.String(), Type.Null()], {
    description: 'base64 Ed25519 key new takes are verified with',
  }),
  appliedAt: Type.String({ format: 'date-time' }),
  activatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** A take in a member's history, with its session's date, subject and state. */
const MemberTake = Type.Object({
  id: Uuid,
  recommendationId: Type.Integer(),
  sessionId: Uuid,
  date: Type.String({ description: 'UTC date YYYY-MM-DD of the session' }),
  subjectId: Type.String(),
  sessionState: State,
  revision: Type.Integer(),
  stance: Type.String(),
  confidence: Type.Number(),
  body: Type.String(),
  memoUrl: Nullable(Type.String()),
  weights: Nullable(Type.Array(Type.Object({ bucket: Type.String(), weight: Type.Number() }))),
  nonce: Type.String(),
  canonical: Type.String({ description: 'the exact canonical text that was signed' }),
  signature: Type.String(),
  publicKey: Type.String({ description: 'the key this take was filed and is verified with' }),
  receivedAt: IsoDateTime,
  verified: Type.Boolean({
    description: 'signature, stored fields and the log entry re-checked on this read',
  }),
  unverifiedReasons: UnverifiedReasonsSchema,
  ...TakeLogFields,
  superseded: Type.Boolean({ description: 'a later revision of this take exists' }),
  supersededBy: SupersededBySchema,
});

export const memberReadRoutes: FastifyPluginAsyncTypebox<{ reads: MemberReads }> = async (
  app,
  { reads },
) => {
  app.get(
    '/api/swarm/members',
    {
      schema: {
        tags: ['swarm members'],
        summary: 'Active members (house and external, members and judges)',
        response: { 200: Type.Object({ members: Type.Array(SwarmMember) }) },
      },
    },
    async () => reads.list(),
  );

  app.get(
    '/api/swarm/members/:id',
    {
      schema: {
        tags: ['swarm members'],
        summary: 'A member by UUID or handle',
        params: Type.Object({ id: Type.String({ description: 'member UUID or handle' }) }),
        response: swarmResponses({ 200: SwarmMember }, [404]),
      },
    },
    async (request) => reads.one(request.params.id),
  );

  app.get(
    '/api/swarm/members/:id/takes',
    {
      schema: {
        tags: ['swarm members'],
        summary: "A member's takes, newest first, including sessions still collecting",
        params: Type.Object({ id: Type.String({ description: 'member UUID or handle' }) }),
        querystring: Type.Object({
          limit: Type.Optional(
            Type.String({
              description:
                'page size, clamped to 1..1000; non-integers are a 400. Absent: every take, no cap',
            }),
          ),
          cursor: Type.Optional(
            Type.String({ description: 'nextCursor of the previous page (with limit)' }),
          ),
        }),
        response: swarmResponses(
          {
            200: Type.Object({
              memberId: Type.String(),
              handle: Type.String(),
              takes: Type.Array(MemberTake),
              nextCursor: Nullable(
                Type.String({
                  description: 'opaque; pass as cursor for the next page; null when no more',
                }),
              ),
            }),
          },
          [404],
        ),
      },
    },
    async (request) => reads.takes(request.params.id, request.query),
  );
};
