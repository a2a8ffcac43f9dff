import { Type, type Static } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

export const SubjectBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  recommendationType: Type.Union([
    Type.Literal('bucket_weights'),
    Type.Literal('position_actions'),
  ]),
  status: Type.Optional(Type.String({ maxLength: 50 })),
  operator: Nullable(Type.String()),
  homepage: Nullable(Type.String()),
  xHandle: Nullable(Type.String()),
  thesisBlurb: Nullable(Type.String()),
  wallets: Type.Optional(Type.Array(Type.Unknown())),
  nftContracts: Type.Optional(Type.Array(Type.Unknown())),
  source: Nullable(Type.String()),
  linkedMemberId: Nullable(Type.String({ description: 'member UUID or handle' })),
  structuralNotes: Nullable(Type.String()),
  lastReviewed: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  schedule: Nullable(Type.String({ description: 'cron expression (UTC) that convenes sessions' })),
  scheduleEnabled: Type.Optional(Type.Boolean()),
  quorumRequired: Type.Optional(Type.Integer({ minimum: 1 })),
});

/** The fields an operator sets on a subject (PUT /api/swarm/admin/subjects/{id}). */
export type SubjectSettings = Static<typeof SubjectBody>;
