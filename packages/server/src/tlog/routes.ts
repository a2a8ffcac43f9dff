import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequestErrorSchema } from '../error-schemas.js';
import { Type } from 'typebox';
import type { TlogService } from './service.js';
import { fail } from '../errors.js';
import { TLOG_ENTRY_KINDS } from './tables.js';

const tags = ['transparency log'];
/**
 * For answers that can never change: a kept checkpoint, a proof against an explicit tree size, an
 * entry. A CDN or browser may keep them forever (docs/operations.md).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
export const Size = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const Base64Hash = Type.String({ description: 'base64 of 32 bytes' });

const CosignatureSchema = Type.Object({
  name: Type.String(),
  keyId: Type.String({ description: '8 hex digits' }),
  vkey: Type.String({ description: "the witness's verifier key (type 0x04)" }),
  timestamp: Type.Integer({ description: 'POSIX seconds the witness signed at' }),
  line: Type.String({ description: 'the signature line to append to the note' }),
});

const CheckpointSchema = Type.Object({
  origin: Type.String(),
  size: Size,
  rootHash: Base64Hash,
  note: Type.String({ description: 'C2SP signed note: the checkpoint signed by the log key' }),
  cosignedNote: Type.String({ description: 'the note with every stored cosignature line added' }),
  createdAt: Type.String({ format: 'date-time' }),
  cosignatures: Type.Array(CosignatureSchema),
});

export const EntrySchema = Type.Object({
  index: Size,
  leafHash: Base64Hash,
  kind: Type.Union([
    Type.Literal(TLOG_ENTRY_KINDS[0]),
    Type.Literal(TLOG_ENTRY_KINDS[1]),
    Type.Literal(TLOG_ENTRY_KINDS[2]),
    Type.Literal(TLOG_ENTRY_KINDS[3]),
    Type.Literal(TLOG_ENTRY_KINDS[4]),
  ]),
  takeId: Type.Union([Type.String(), Type.Null()]),
  sessionId: Type.Union([Type.String(), Type.Null()]),
  memberId: Type.Union([Type.String(), Type.Null()], {
    description: 'the member of a key event; null for other entries',
  }),
  entry: Type.String({ description: 'the entry text (JCS), docs/protocol.md §14.1' }),
});

/** Public routes of the transparency log (docs/protocol.md §14). */
export const tlogRoutes: FastifyPluginAsyncTypebox<{ tlog: TlogService }> = async (
  app,
  { tlog },
) => {
  app.get(
    '/api/log/checkpoint',
    {
      schema: {
        tags,
        summary: 'The latest checkpoint: a C2SP signed note, with every stored cosignature line',
        produces: ['text/plain'],
        response: { 200: Type.String(), 404: RequestErrorSchema },
      },
    },
    async (_request, reply) => {
      const checkpoint = await tlog.latestCheckpoint();
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(checkpoint.cosignedNote);
    },
  );

  app.get(
    '/api/log/checkpoint.json',
    {
      schema: {
        tags,
        summary: 'The latest checkpoint as JSON, with its cosignatures',
        response: { 200: CheckpointSchema, 404: RequestErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return tlog.latestCheckpoint();
    },
  );

  app.get(
    '/api/log/checkpoints/:size',
    {
      schema: {
        tags,
        summary: 'The checkpoint of a given tree size (every checkpoint is kept)',
        params: Type.Object({ size: Size }),
        response: { 200: CheckpointSchema, 404: RequestErrorSchema },
      },
    },
    async (request, reply) => {
      const checkpoint = await tlog.checkpointOfSize(request.params.size);
      reply.header('cache-control', IMMUTABLE);
      return checkpoint;
    },
  );

  app.get(
    '/api/log/key',
    {
      schema: {
        tags,
        summary: "The log's verifier key (pin it to check checkpoints)",
        response: {
          200: Type.Object({
            origin: Type.String(),
            vkey: Type.String({ description: 'C2SP signed-note verifier key' }),
            publicKey: Type.String({ description: 'base64 Ed25519 public key (for --log-key)' }),
          }),
        },
      },
    },
    async () => ({ origin: tlog.key.origin, vkey: tlog.key.vkey, publicKey: tlog.key.publicKey }),
  );

  app.get(
    '/api/log/proof/inclusion',
    {
      schema: {
        tags,
        summary: 'Inclusion proof (RFC 9162 §2.1.3) of an entry, by index or leaf hash',
        querystring: Type.Object({
          index: Type.Optional(Size),
          leafHash: Type.Optional(Type.String({ description: 'base64 or hex' })),
          treeSize: Type.Optional(Size),
        }),
        response: {
          200: Type.Object({
            logIndex: Size,
            treeSize: Size,
            leafHash: Base64Hash,
            hashes: Type.Array(Base64Hash),
            entry: Type.String(),
          }),
          400: RequestErrorSchema,
          404: RequestErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const proof = await tlog.inclusionProof(request.query);
      reply.header('cache-control', request.query.treeSize === undefined ? 'no-cache' : IMMUTABLE);
      return proof;
    },
  );

  app.get(
    '/api/log/proof/consistency',
    {
      schema: {
        tags,
        summary: 'Consistency proof (RFC 9162 §2.1.4) between two tree sizes',
        querystring: Type.Object({ from: Size, to: Type.Optional(Size) }),
        response: {
          200: Type.Object({ oldSize: Size, newSize: Size, hashes: Type.Array(Base64Hash) }),
          400: RequestErrorSchema,
          404: RequestErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const proof = await tlog.consistencyProof(request.query.from, request.query.to);
      reply.header('cache-control', request.query.to === undefined ? 'no-cache' : IMMUTABLE);
      return proof;
    },
  );

  app.get(
    '/api/log/entries',
    {
      schema: {
        tags,
        summary: 'Entries [start, end) (at most 1000)',
        querystring: Type.Object({ start: Size, end: Size }),
        response: {
          200: Type.Object({ entries: Type.Array(EntrySchema) }),
          400: RequestErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const entries = await tlog.entries(request.query.start, request.query.end);
      reply.header('cache-control', IMMUTABLE);
      return { entries };
    },
  );

  app.get(
    '/api/log/takes/:id',
    {
      schema: {
        tags,
        summary: "A take's log entry",
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: EntrySchema, 404: RequestErrorSchema },
      },
    },
    async (request) => (await tlog.entryOfTake(request.params.id)) ?? notFound(),
  );

  app.get(
    '/api/log/receipts/:sessionId',
    {
      schema: {
        tags,
        summary: "A consensus receipt's log entry",
        params: Type.Object({ sessionId: Type.String({ format: 'uuid' }) }),
        response: { 200: EntrySchema, 404: RequestErrorSchema },
      },
    },
    async (request) => (await tlog.entryOfReceipt(request.params.sessionId)) ?? notFound(),
  );

  app.get(
    '/api/log/receipts/:sessionId/previous',
    {
      schema: {
        tags,
        summary: "The log entry of the same subject's receipt just before this one (the chain)",
        description:
          'Read from the log, not from the receipt rows: `previous` is the entry of the receipt ' +
          'of the same subject logged last before this receipt, null when this is the first. A ' +
          "receipt's previousReceiptDigest must be that entry's digest (docs/protocol.md §14.10).",
        params: Type.Object({ sessionId: Type.String({ format: 'uuid' }) }),
        response: {
          200: Type.Object({ previous: Type.Union([EntrySchema, Type.Null()]) }),
          404: RequestErrorSchema,
        },
      },
    },
    async (request) => (await tlog.previousReceiptEntry(request.params.sessionId)) ?? notFound(),
  );

  app.get(
    '/api/log/receipts/by-digest/:digest',
    {
      schema: {
        tags,
        summary:
          'The log entry of the consensus receipt with this digest (to walk a receipt chain)',
        params: Type.Object({ digest: Type.String({ pattern: '^[0-9a-f]{64}$' }) }),
        response: { 200: EntrySchema, 404: RequestErrorSchema },
      },
    },
    async (request) => (await tlog.receiptEntryByDigest(request.params.digest)) ?? notFound(),
  );

  app.post(
    '/api/log/cosignatures',
    {
      schema: {
        tags,
        summary: "Add a witness's cosignature (C2SP tlog-cosignature) to a checkpoint",
        description:
          'Only from a witness key the operator configured (LOG_WITNESSES; 403 for any other), ' +
          'when its cosignature verifies over a checkpoint this log issued and is dated at most 10 ' +
          'minutes ahead. Nothing is stored on a refusal. Readers choose which witnesses they trust.',
        body: Type.Object({
          vkey: Type.String({ maxLength: 500 }),
          cosignedCheckpoint: Type.String({
            maxLength: 20_000,
            description: 'the checkpoint note with the witness signature line added',
          }),
        }),
        response: {
          201: Type.Object({
            size: Size,
            vkey: Type.String(),
            timestamp: Type.Integer(),
            stored: Type.Boolean({ description: 'false when this witness had already cosigned' }),
          }),
          400: RequestErrorSchema,
          403: RequestErrorSchema,
          409: RequestErrorSchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await tlog.addCosignature(request.body)),
  );
};

function notFound(): never {
  throw fail('entryNotFound');
}
