import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { parseLimit } from '../shared/paging.js';
import { swarmResponses } from '../shared/schemas.js';
import { SubjectListSchema, SubjectSnapshotSchema, SwarmSubjectSchema } from './schemas.js';
import type { SubjectReads } from './service.js';

const SNAPSHOTS_DEFAULT = 30;
const SNAPSHOTS_MAX = 365;

export const subjectRoutes: FastifyPluginAsyncTypebox<{ subjects: SubjectReads }> = async (
  app,
  { subjects },
) => {
  app.get(
    '/api/swarm/subjects',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'Every subject the swarm convenes on, by id, with its name',
        response: swarmResponses({ 200: SubjectListSchema }, []),
      },
    },
    async () => ({ subjects: await subjects.list() }),
  );

  app.get(
    '/api/swarm/subjects/:id',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'A subject the swarm convenes on, with its schedule and quorum',
        params: Type.Object({ id: Type.String({ description: 'subject id (slug)' }) }),
        response: swarmResponses({ 200: SwarmSubjectSchema }, [404]),
      },
    },
    async (request) => subjects.subject(request.params.id),
  );

  app.get(
    '/api/swarm/subjects/:id/snapshots',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'Holdings snapshots the swarm reasoned over, one per session, newest first',
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          limit: Type.Optional(Type.String({ description: 'default 30, clamped to 1..365' })),
        }),
        response: swarmResponses(
          { 200: Type.Object({ snapshots: Type.Array(SubjectSnapshotSchema) }) },
          [404],
        ),
      },
    },
    async (request) => ({
      snapshots: await subjects.snapshots(
        request.params.id,
        parseLimit(request.query.limit, SNAPSHOTS_DEFAULT, SNAPSHOTS_MAX),
      ),
    }),
  );

  app.get(
    '/api/swarm/sessions/:id/snapshot',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'The holdings snapshot a session reasoned over (taken when it convened)',
        description:
          '`snapshot` is null for a session that has none: every session opened takes one (with no holdings for a subject without wallets to read), so only a session from before snapshots were stored has none (its outcome is `no_snapshot`, docs/methodology.md §2).',
        params: Type.Object({ id: Type.String({ description: 'session UUID' }) }),
        response: swarmResponses(
          { 200: Type.Object({ snapshot: Type.Union([SubjectSnapshotSchema, Type.Null()]) }) },
          [404],
        ),
      },
    },
    async (request) => ({ snapshot: await subjects.ofSession(request.params.id) }),
  );
};
