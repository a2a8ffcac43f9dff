import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NOT_MODIFIED } from '../../http/edge-cache.js';
import { swarmResponses } from '../shared/schemas.js';
import { SwarmBrief } from './schemas.js';
import type { BriefService } from './service.js';

export const briefRoutes: FastifyPluginAsyncTypebox<{ briefs: BriefService }> = async (
  app,
  { briefs },
) => {
  app.get(
    '/api/swarm/brief',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'The brief of a session (session=, preferred) or of the latest session of a day with a published brief (date= & subject=)',
        querystring: Type.Object({
          session: Type.Optional(Type.String({ description: 'session UUID (preferred)' })),
          date: Type.Optional(
            Type.String({
              description:
                'UTC date YYYY-MM-DD, with subject: 400 when not of that form; a well-formed date that is no calendar day (2026-02-30) has no brief, 404',
            }),
          ),
          subject: Type.Optional(Type.String({ description: 'subject id, with date' })),
          include: Type.Optional(
            Type.String({
              description: 'researchSignals: embed the signal payloads (legacy, ~1 MB)',
            }),
          ),
        }),
        response: swarmResponses({ 200: SwarmBrief, 304: NOT_MODIFIED }, [404]),
      },
    },
    async (request, reply) => {
      const found = await briefs.find(request.query);
      // Its embedded variant is ~1 MB before compression.
      return app.edge.answer(request, reply, 'briefs', {
        key: [found.brief.id, found.embed],
        version: briefs.version(),
        build: () => briefs.resource(found),
      });
    },
  );
};
