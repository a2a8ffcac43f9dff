import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { swarmResponses } from '../shared/schemas.js';
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
};
