import { DATE_RE, STANCES } from '@convene/protocol';
import { Type, type Static } from 'typebox';
import {
  IsoDateTime,
  SupersededBySchema,
  TakeLogFields,
  UnverifiedReasonsSchema,
  Uuid,
} from '../shared/schemas.js';

const Weight = Type.Object({
  bucket: Type.String({ maxLength: 100 }),
  weight: Type.Number({ minimum: 0 }),
});
const Stance = Type.Union(STANCES.map((s) => Type.Literal(s)));
export const DraftFields = {
  memberId: Type.String({ maxLength: 100 }),
  date: Type.String({ pattern: DATE_RE.source, description: 'the session date (UTC)' }),
  subjectId: Type.String({ maxLength: 100 }),
  nonce: Type.String({ maxLength: 200, description: 'unique per member forever' }),
  stance: Stance,
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  body: Type.Optional(Type.String({ maxLength: 10_000 })),
  memoUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  weights: Type.Optional(
    Type.Array(Weight, {
      description: 'distinct buckets, non-negative finite weights, positive total',
    }),
  ),
};

export const TakeReceiptSchema = Type.Object({
  id: Uuid,
  recommendationId: Type.Integer(),
  sessionId: Uuid,
  memberId: Uuid,
  date: Type.Union([Type.String(), Type.Null()]),
  subjectId: Type.Union([Type.String(), Type.Null()]),
  revision: Type.Integer({ minimum: 1, maximum: 5 }),
  stance: Type.String(),
  confidence: Type.Number(),
  body: Type.String(),
  memoUrl: Type.Union([Type.String(), Type.Null()]),
  weights: Type.Union([Type.Array(Weight), Type.Null()]),
  nonce: Type.String(),
  receivedAt: IsoDateTime,
  canonical: Type.String({ description: 'the exact canonical text that was signed' }),
  signature: Type.String({ description: 'base64 Ed25519 signature' }),
  publicKey: Type.Union([Type.String(), Type.Null()], {
    description: 'the key this take was filed and is verified with',
  }),
  verified: Type.Boolean({
    description:
      'recomputed on this request: signature, fields against the signed text, and the log entry',
  }),
  unverifiedReasons: UnverifiedReasonsSchema,
  ...TakeLogFields,
  inclusion: Type.Union(
    [
      Type.Object({
        checkpoint: Type.String({
          description: 'the signed checkpoint (C2SP signed note) the proof is against',
        }),
        treeSize: Type.Integer({ minimum: 1 }),
        hashes: Type.Array(Type.String(), {
          description: 'base64 RFC 9162 inclusion proof, bottom-up',
        }),
      }),
      Type.Null(),
    ],
    {
      description:
        'inclusion proof of the log entry against the latest checkpoint; null while none covers it yet (within a second) or when the log holds no entry (inclusionPending says which)',
    },
  ),
  inclusionPending: Type.Union([Type.String(), Type.Null()], {
    description:
      'why inclusion is null: "not yet covered by a checkpoint …", "the log\'s signer has stopped: …" (halted or stalled: the log signs no checkpoint), "the log holds no entry for this take"; null when inclusion is given',
  }),
  signer: Type.Object({
    id: Uuid,
    handle: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    publicKeyFingerprint: Type.Union([Type.String(), Type.Null()]),
  }),
  supersededBy: SupersededBySchema,
});

/** A take receipt as served by GET /api/swarm/takes/{id}. */
export type TakeReceipt = Static<typeof TakeReceiptSchema>;
