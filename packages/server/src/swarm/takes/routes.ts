import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorCode } from '@convene/protocol';
import { Type } from 'typebox';
import {
  documentOnly,
  IsoDateTime,
  SessionStateSchema,
  SignedTakeFields,
  SupersededBySchema,
  swarmResponses,
  Uuid,
} from '../shared/schemas.js';

/** A take the service filed and no longer serves: the 410 of the take receipt route. */
const TakeRemovedSchema = Type.Object(
  {
    ok: Type.Literal(false),
    status: Type.Literal(410),
    error: Type.String(),
    code: Type.Literal(errorCode('takeRowMissing')),
    memberId: Type.String({ description: 'the member the nonce ledger names' }),
    filedAt: IsoDateTime,
  },
  {
    description:
      'a take the service filed (its append-only nonce ledger names it) whose row it no longer serves: removed behind its back',
  },
);

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

import { parseSigningDraftBody } from './bodies.js';
import { DraftFields, TakeReceiptSchema } from './schemas.js';
import type { TakeReads } from './read-service.js';
import type { TakeService } from './service.js';
import { succeeded } from '../shared/envelope.js';

/** A take in a member's history, with its session's date, subject and state. */
const MemberTake = Type.Object({
  id: Uuid,
  recommendationId: Type.Integer(),
  sessionId: Uuid,
  date: Type.String({
    description:
      'UTC date YYYY-MM-DD of the session; a well-formed date that is no calendar day (2026-02-30) names no session (submit: 404 no session for date/subject)',
  }),
  subjectId: Type.String(),
  sessionState: SessionStateSchema,
  ...SignedTakeFields,
  superseded: Type.Boolean({ description: 'a later revision of this take exists' }),
  supersededBy: SupersededBySchema,
});

export const takeRoutes: FastifyPluginAsyncTypebox<{
  takes: TakeService;
  reads: TakeReads;
}> = async (app, { takes, reads }) => {
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
    async (request) => takes.signingPayload(parseSigningDraftBody(request.body)),
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
              logIndex: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
                description:
                  "the take's index in the transparency log, assigned in the statement that filed it (null only when the server runs with LOG_ENABLED=false)",
              }),
              leafHash: Type.Union([Type.String(), Type.Null()], {
                description: "base64 RFC 6962 leaf hash of the take's log entry",
              }),
            }),
          },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const { recommendationId, logIndex, leafHash } = await takes.submit(
        request.headers.authorization,
        request.body,
      );
      return succeeded(reply, 201, { recommendationId, verified: true, logIndex, leafHash });
    },
  );

  app.get(
    '/api/swarm/takes/:id',
    {
      schema: {
        tags: ['swarm takes'],
        summary: 'A take receipt: signature, fields and log entry re-checked on this request',
        params: Type.Object({
          id: Type.String({ description: 'take UUID (or its numeric recommendationId)' }),
        }),
        response: swarmResponses({ 200: TakeReceiptSchema, 410: TakeRemovedSchema }, [404]),
      },
    },
    async (request) => reads.receipt(request.params.id),
  );

  app.get(
    '/api/swarm/members/:id/takes',
    {
      schema: {
        tags: ['swarm members'],
        summary:
          "A member's takes, newest first, including sessions still collecting; optionally on one subject",
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
          subject: Type.Optional(
            Type.String({
              description:
                'only takes in sessions of this subject id; an unknown subject is an empty list',
            }),
          ),
        }),
        response: swarmResponses(
          {
            200: Type.Object({
              memberId: Type.String(),
              handle: Type.String(),
              subjects: Type.Array(Type.String(), {
                description: 'every subject the member has a take on, sorted, whatever the filter',
              }),
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
    async (request) => reads.ofMember(request.params.id, request.query),
  );
};
