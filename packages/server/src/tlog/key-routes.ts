import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { RequestErrorSchema } from '../error-schemas.js';
import { Base64Hash, EntrySchema, Size } from './routes.js';
import type { TlogService } from './service.js';

const tags = ['transparency log'];

const ProvenEntrySchema = Type.Object({
  ...EntrySchema.properties,
  proof: Type.Object({
    logIndex: Size,
    treeSize: Size,
    leafHash: Base64Hash,
    hashes: Type.Array(Base64Hash),
  }),
});

/** A member's logged key history with inclusion proofs (docs/protocol.md §14.10). */
export const tlogKeyRoutes: FastifyPluginAsyncTypebox<{ tlog: TlogService }> = async (
  app,
  { tlog },
) => {
  app.get(
    '/api/log/members/:memberId/keys',
    {
      schema: {
        tags,
        summary:
          "A member's key events and the keys-begin marker, each with an inclusion proof under the checkpoint of treeSize (default the latest)",
        params: Type.Object({ memberId: Type.String({ format: 'uuid' }) }),
        querystring: Type.Object({ treeSize: Type.Optional(Size) }),
        response: {
          200: Type.Object({
            memberId: Type.String(),
            treeSize: Size,
            checkpoint: Type.String({ description: 'the signed checkpoint of treeSize' }),
            marker: Type.Union([ProvenEntrySchema, Type.Null()]),
            events: Type.Array(ProvenEntrySchema),
          }),
          400: RequestErrorSchema,
          404: RequestErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const keys = await tlog.memberKeys(request.params.memberId, request.query.treeSize);
      reply.header('cache-control', 'no-cache');
      return keys;
    },
  );
};
