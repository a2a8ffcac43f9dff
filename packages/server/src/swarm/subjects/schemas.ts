import { Type } from 'typebox';
import { IsoDateTime } from '../shared/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const RecommendationTypeSchema = Type.Union([
  Type.Literal('bucket_weights'),
  Type.Literal('position_actions'),
]);

const SubjectRecordFields = {
  id: Type.String({ description: 'subject id (slug)' }),
  status: Type.String(),
  name: Type.String(),
  operator: Nullable(Type.String()),
  homepage: Nullable(Type.String()),
  xHandle: Nullable(Type.String()),
  thesisBlurb: Nullable(Type.String()),
  wallets: Type.Array(Type.Unknown()),
  nftContracts: Type.Array(Type.Unknown()),
  source: Nullable(Type.String({ description: '"treasury" for the service’s own treasury' })),
  recommendationType: RecommendationTypeSchema,
  linkedMemberId: Nullable(Type.String()),
  structuralNotes: Nullable(Type.String()),
  lastReviewed: Nullable(Type.String({ description: 'UTC date YYYY-MM-DD' })),
};

/** The subject record (camelCase), as `subjectRecord` writes it: a brief's `body.subject`. */
export const SubjectRecordSchema = Type.Object(SubjectRecordFields);

/** GET /api/swarm/subjects: every subject, by id, with its name. */
export const SubjectListSchema = Type.Object({
  subjects: Type.Array(
    Type.Object({
      id: SubjectRecordFields.id,
      name: Type.String({ description: 'what readers call the subject' }),
      status: Type.String(),
    }),
  ),
});

/** GET /api/swarm/subjects/{id}: the record plus its quorum and schedule. */
export const SwarmSubjectSchema = Type.Object({
  ...SubjectRecordFields,
  quorumRequired: Type.Integer({ description: 'counted takes a session needs to aggregate' }),
  schedule: Type.Object({
    cron: Nullable(Type.String({ description: 'five-field cron expression, UTC' })),
    enabled: Type.Boolean(),
    nextFireAt: Nullable(IsoDateTime),
  }),
});

export const SnapshotHoldingSchema = Type.Object({
  wallet: Type.String(),
  asset: Type.String(),
  bucket: Nullable(Type.String()),
  amount: Nullable(Type.Number()),
  valueUsd: Nullable(Type.Number()),
  share: Nullable(
    Type.Number({ description: 'share of the snapshot total (0..1); null when unvalued' }),
  ),
  provenance: Type.String({ description: 'live, declared, or how the value was estimated' }),
});

/** A holdings snapshot taken when a session convened: what the swarm reasoned over. */
export const SubjectSnapshotSchema = Type.Object({
  id: Type.String(),
  subjectId: Type.String(),
  sessionId: Nullable(Type.String()),
  takenAt: IsoDateTime,
  totalUsd: Nullable(Type.Number()),
  holdings: Type.Array(SnapshotHoldingSchema),
  notable: Type.Array(Type.String()),
});
