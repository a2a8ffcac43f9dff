import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NOT_MODIFIED } from '../../http/edge-cache.js';
import { swarmResponses } from '../shared/schemas.js';
import { everyTakeVerified, type SessionReads } from './read-service.js';
import {
  OpenSession,
  SessionDetail,
  SessionListQuery,
  SessionListResponse,
  SessionOfDay,
} from './schemas.js';

export const sessionReadRoutes: FastifyPluginAsyncTypebox<{ reads: SessionReads }> = async (
  app,
  { reads },
) => {
  app.get(
    '/api/swarm/sessions',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'Sessions, newest first, paged with an opaque cursor',
        querystring: SessionListQuery,
        response: swarmResponses({ 200: SessionListResponse, 304: NOT_MODIFIED }, []),
      },
    },
    async (request, reply) => {
      const page = await reads.listPage(request.query);
      return app.edge.answer(request, reply, 'session_pages', {
        key: page,
        version: reads.swarmVersion(),
        build: () => reads.list(page),
      });
    },
  );

  app.get(
    '/api/swarm/sessions/:id',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'A session: brief, frozen roster, every take with its signature, quorum, disagreement, recommendation',
        params: Type.Object({ id: Type.String({ description: 'session UUID' }) }),
        response: swarmResponses({ 200: SessionDetail, 304: NOT_MODIFIED }, [404]),
      },
    },
    async (request, reply) => {
      const found = await reads.findById(request.params.id);
      return app.edge.answer(request, reply, 'session_details', {
        key: found.id,
        version: found.fingerprint,
        build: () => reads.detail(found),
        keep: everyTakeVerified,
      });
    },
  );

  app.get(
    '/api/swarm/sessions/:id/:subject',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'The latest session of a UTC day and subject, as { session, takes } (earlier same-day sessions: use the list)',
        params: Type.Object({
          id: Type.String({
            description:
              'the UTC date YYYY-MM-DD: 400 when not of that form; a well-formed date that is no calendar day (2026-02-30) has no session, 404',
          }),
          subject: Type.String({ description: 'subject id' }),
        }),
        response: swarmResponses({ 200: SessionOfDay, 304: NOT_MODIFIED }, [404]),
      },
    },
    async (request, reply) => {
      const found = await reads.findOfDay(request.params.id, request.params.subject);
      return app.edge.answer(request, reply, 'session_details', {
        key: found.id,
        version: found.fingerprint,
        build: () => reads.ofDay(found),
        keep: everyTakeVerified,
      });
    },
  );

  app.get(
    '/api/swarm/open-session',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'The session collecting takes, with its close time; null when none. With several collecting: the one whose window closes soonest (no deadline last), ties by subject id',
        response: { 200: OpenSession, 304: NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      app.edge.answer(request, reply, 'open_session', {
        key: null,
        version: reads.swarmVersion,
        build: () => reads.openSession(),
      }),
  );
};
