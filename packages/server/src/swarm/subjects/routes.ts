import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { parseLimit } from '../sessions/list-query.js';
import { SESSION_ERRORS } from '../sessions/constants.js';
import { swarmResponses } from '../schemas.js';
import { snapshotResource, subjectResource } from './model.js';
import { findSubject, snapshotsOf } from './repository.js';

const SNAPSHOTS_DEFAULT = 30;
const SNAPSHOTS_MAX = 365;

export const subjectRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<DB>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  const requireSubject = async (id: string) => {
    const subject = await findSubject(db, id);
    if (subject === undefined) throw notFound(SESSION_ERRORS.subjectNotFound);
    return subject;
  };

  app.get(
    '/api/swarm/subjects/:id',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'A subject the swarm convenes on, with its schedule and quorum',
        params: Type.Object({ id: Type.String({ description: 'subject id (slug)' }) }),
        response: swarmResponses({ 200: Type.Unknown({ description: 'SwarmSubject' }) }, [404]),
      },
    },
    async (request) => subjectResource(await requireSubject(request.params.id), clock.now()),
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
          { 200: Type.Object({ snapshots: Type.Array(Type.Unknown()) }) },
          [404],
        ),
      },
    },
    async (request) => {
      const limit = parseLimit(request.query.limit, SNAPSHOTS_DEFAULT, SNAPSHOTS_MAX);
      const subject = await requireSubject(request.params.id);
      return { snapshots: (await snapshotsOf(db, subject.id, limit)).map(snapshotResource) };
    },
  );
};
