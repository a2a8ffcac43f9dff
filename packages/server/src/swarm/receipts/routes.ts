import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { swarmResponses, UnverifiedReasonsSchema } from '../shared/schemas.js';
import type { ReceiptService } from './service.js';

const ConsensusReceiptSchema = Type.Object({
  sessionId: Type.String(),
  payload: Type.Unknown({ description: 'kind convene.consensus.v1 (docs/protocol.md §10)' }),
  canonicalBytes: Type.String({ description: 'RFC 8785 text of payload: the signed bytes' }),
  digest: Type.String({ description: 'sha256 hex of canonicalBytes' }),
  signature: Type.Object({
    keyId: Type.String(),
    publicKey: Type.String(),
    signature: Type.String(),
  }),
  verified: Type.Boolean({ description: 'recomputed on this request' }),
  unverifiedReasons: UnverifiedReasonsSchema,
});

export const receiptRoutes: FastifyPluginAsyncTypebox<{ receipts: ReceiptService }> = async (
  app,
  { receipts },
) => {
  app.get(
    '/api/swarm/receipt-key',
    {
      schema: {
        tags: ['swarm sessions'],
        summary: 'The service key consensus receipts are signed with',
        response: {
          200: Type.Object({
            keyId: Type.String(),
            publicKey: Type.String(),
            algorithm: Type.Literal('Ed25519'),
          }),
        },
      },
    },
    async () => receipts.receiptKey(),
  );

  app.get(
    '/api/swarm/receipt-keys',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'Every key the service has signed consensus receipts with: the current one first, then retired ones (after a rotation)',
        response: {
          200: Type.Object({
            keys: Type.Array(
              Type.Object({
                keyId: Type.String(),
                publicKey: Type.String(),
                algorithm: Type.Literal('Ed25519'),
                current: Type.Boolean(),
              }),
            ),
          }),
        },
      },
    },
    async () => ({ keys: await receipts.receiptKeys() }),
  );

  app.get(
    '/api/swarm/sessions/:id/consensus-receipt',
    {
      schema: {
        tags: ['swarm sessions'],
        summary:
          'The signed consensus receipt of a published session, re-verified on every read (verified:false with reasons on any failure)',
        params: Type.Object({ id: Type.String({ description: 'session UUID' }) }),
        response: swarmResponses({ 200: ConsensusReceiptSchema }, [404]),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return receipts.read(request.params.id);
    },
  );
};
