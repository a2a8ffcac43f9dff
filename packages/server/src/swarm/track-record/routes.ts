import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NOT_MODIFIED } from '../../http/edge-cache.js';
import { swarmResponses } from '../shared/schemas.js';
import {
  LeaderboardQuery,
  LeaderboardResponse,
  MemberTrackRecordResponse,
  SeriesResponse,
  SessionOutcomeResponse,
} from './schemas.js';
import type { TrackRecordService } from './service.js';

const TAGS = ['swarm track records'];

export const trackRecordRoutes: FastifyPluginAsyncTypebox<{
  trackRecords: TrackRecordService;
}> = async (app, { trackRecords }) => {
  app.get(
    '/api/swarm/sessions/:id/outcome',
    {
      schema: {
        tags: TAGS,
        summary:
          "A session's published outcomes, one per horizon, with the scores of its counted takes and of the swarm (docs/methodology.md)",
        params: Type.Object({ id: Type.String({ description: 'session UUID' }) }),
        response: swarmResponses({ 200: SessionOutcomeResponse, 304: NOT_MODIFIED }, [404]),
      },
    },
    async (request, reply) => {
      const sessionId = await trackRecords.outcomeSession(request.params.id);
      return app.edge.answer(request, reply, 'track_record', {
        key: sessionId,
        version: trackRecords.version,
        build: () => trackRecords.sessionOutcome(sessionId),
      });
    },
  );

  app.get(
    '/api/swarm/members/:id/track-record',
    {
      schema: {
        tags: TAGS,
        summary:
          "A member's track record per horizon: scores, calibration bins and every scored take with its log entry and outcome",
        params: Type.Object({ id: Type.String({ description: 'member UUID or handle' }) }),
        response: swarmResponses({ 200: MemberTrackRecordResponse, 304: NOT_MODIFIED }, [404]),
      },
    },
    async (request, reply) => {
      const member = await trackRecords.member(request.params.id);
      return app.edge.answer(request, reply, 'track_record', {
        key: member.id,
        version: trackRecords.version,
        build: () => trackRecords.memberTrackRecord(member),
      });
    },
  );

  app.get(
    '/api/swarm/track-record/series/:label',
    {
      schema: {
        tags: TAGS,
        summary:
          "The daily series a label is valued with (TRACK_RECORD_SERIES), as outcomes read it: what an outcome's start and end values can be checked against",
        params: Type.Object({ label: Type.String({ description: 'a bucket label' }) }),
        querystring: Type.Object({
          from: Type.String({ description: 'YYYY-MM-DD, required' }),
          to: Type.String({ description: 'YYYY-MM-DD, required, from ≤ to ≤ from + 800 days' }),
        }),
        response: swarmResponses({ 200: SeriesResponse }, [404]),
      },
    },
    async (request) =>
      trackRecords.series(request.params.label, request.query.from, request.query.to),
  );

  app.get(
    '/api/swarm/track-record',
    {
      schema: {
        tags: TAGS,
        summary:
          "The swarm's cumulative record against the reference and the members' leaderboard, sorted and paged on the server",
        querystring: LeaderboardQuery,
        response: swarmResponses({ 200: LeaderboardResponse, 304: NOT_MODIFIED }, []),
      },
    },
    async (request, reply) => {
      const page = await trackRecords.leaderboardPage(request.query);
      return app.edge.answer(request, reply, 'track_record', {
        key: page,
        version: trackRecords.version,
        build: () => trackRecords.leaderboard(page),
      });
    },
  );
};
