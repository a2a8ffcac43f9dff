import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { baseUrlForReply } from '../../http/base-url.js';
import type { TokenClaimService } from '../members/token-claim.js';
import { IsoDateTime, Uuid, documentOnly, swarmResponses } from '../shared/schemas.js';
import { parseMemoBody } from './bodies.js';
import type { MemoService } from './service.js';
import { succeeded } from '../shared/envelope.js';

const MemoSchema = Type.Object({
  id: Uuid,
  memberId: Uuid,
  handle: Type.String(),
  sessionId: Type.Union([Uuid, Type.Null()]),
  title: Type.String(),
  body: Type.String(),
  createdAt: IsoDateTime,
  url: Type.String(),
});

export const memoRoutes: FastifyPluginAsyncTypebox<{
  memos: MemoService;
  tokenClaims: TokenClaimService;
  publicBaseUrl: string | undefined;
}> = async (app, { memos, tokenClaims, publicBaseUrl }) => {
  app.post(
    '/api/swarm/memos',
    {
      ...documentOnly,
      schema: {
        tags: ['swarm memos'],
        summary: 'Post a memo (member bearer); its url can be a later take’s memoUrl',
        description:
          'Title and body are stored exactly as sent or refused: 400 `invalid memo` for an empty or over-long field or for text that cannot be stored exactly (U+0000, a lone UTF-16 surrogate), as on submit; never replaced by U+FFFD. 404 for an unknown sessionId.',
        security: [{ memberToken: [] }],
        body: Type.Object({
          title: Type.String({ maxLength: 200 }),
          body: Type.String({ maxLength: 100_000 }),
          sessionId: Type.Optional(Uuid),
        }),
        response: swarmResponses(
          {
            201: Type.Object({
              ok: Type.Literal(true),
              status: Type.Literal(201),
              id: Uuid,
              url: Type.String(),
            }),
          },
          [400, 401, 404],
        ),
      },
    },
    async (request, reply) => {
      const memberId = await tokenClaims.authenticate(request.headers.authorization);
      const memo = await memos.post(
        memberId,
        parseMemoBody(request.body),
        baseUrlForReply(request, reply, publicBaseUrl),
      );
      return succeeded(reply, 201, memo);
    },
  );

  app.get(
    '/api/swarm/memos/:id',
    {
      schema: {
        tags: ['swarm memos'],
        summary: 'A published memo',
        params: Type.Object({ id: Type.String() }),
        response: swarmResponses({ 200: MemoSchema }, [404]),
      },
    },
    async (request, reply) =>
      memos.get(request.params.id, baseUrlForReply(request, reply, publicBaseUrl)),
  );
};
