import { Type } from 'typebox';
import { SwarmBrief } from '../briefs/schemas.js';
import {
  IsoDateTime,
  ReferenceAllocationSchema,
  SignedTakeFields,
  SessionStateSchema as State,
  SupersededBySchema,
  Uuid,
} from '../shared/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Weights = Type.Array(Type.Object({ bucket: Type.String(), weight: Type.Number() }));

export const Recommendation = Type.Object(
  {
    stances: Type.Record(Type.String(), Type.Integer()),
    score: Type.Number(),
    confidence: Type.Number(),
    weights: Weights,
    drift: Type.Union([Type.Number(), Type.Null()], {
      description:
        'total-variation distance of the weights from the reference allocation, over the buckets it knows (renormalised); null without a reference or without weight on a known bucket',
    }),
    unknownBuckets: Type.Array(Type.String(), {
      description:
        'buckets the weights name that the reference allocation does not know: reported, left out of drift and ignored by the allocation',
    }),
  },
  { description: 'the recommendation vector: unweighted means over the counted takes' },
);

/** The protocol's quorum (packages/protocol/src/aggregate.ts), as stored with the aggregate. */
const Quorum = Type.Object(
  {
    rosterSize: Type.Integer({
      description:
        'members expected to file: the frozen roster minus excused members and judges (judges file no takes)',
    }),
    submitted: Type.Integer(),
    absent: Type.Array(Type.String(), {
      description: 'expected members (not excused, not judges) without a counted take',
    }),
    participation: Type.Number({ description: 'submitted / rosterSize; 0 for an empty roster' }),
    required: Type.Integer(),
    met: Type.Boolean(),
  },
  { description: 'null until the session is aggregated' },
);

const StancePole = Type.Object({
  stance: Type.String(),
  members: Type.Array(Type.String(), { description: 'members holding that stance' }),
});

/** The protocol's disagreement map (packages/protocol/src/disagreement.ts). */
const DisagreementMap = Type.Object(
  {
    stanceSpread: Type.Number(),
    stanceStdev: Type.Number(),
    poles: Nullable(Type.Object({ mostConstructive: StancePole, leastConstructive: StancePole })),
    buckets: Type.Array(
      Type.Object({
        bucket: Type.String(),
        min: Type.Number(),
        max: Type.Number(),
        spread: Type.Number(),
        stdev: Type.Number(),
      }),
    ),
  },
  { description: 'null until the session is aggregated' },
);

const IgnoredBuckets = Type.Array(Type.String(), {
  description: 'buckets the recommendation named that the treasury does not hold: ignored',
});
/** What a published session did to the treasury allocation (sessions/allocation-bridge.ts). */
const AllocationEffectSchema = Type.Union(
  [
    Type.Object({
      status: Type.Literal('applied'),
      version: Type.Integer({ description: 'the allocation version it produced' }),
      ignoredBuckets: IgnoredBuckets,
      decidedAt: IsoDateTime,
    }),
    Type.Object({
      status: Type.Literal('not_applied'),
      reason: Type.Union(
        [
          'advisory_subject',
          'quorum_not_met',
          'no_weights',
          'judged_unsafe',
          'no_known_bucket',
          'superseded',
        ].map((r) => Type.Literal(r)),
      ),
      detail: Type.String(),
      ignoredBuckets: IgnoredBuckets,
      decidedAt: IsoDateTime,
    }),
  ],
  {
    description:
      "the published recommendation's effect on the treasury allocation; null until decided",
  },
);

const SummaryFields = {
  id: Uuid,
  date: Type.String({ description: 'UTC date YYYY-MM-DD' }),
  subjectId: Type.String(),
  state: State,
  convenedAt: IsoDateTime,
  windowClosesAt: Nullable(IsoDateTime),
  closedAt: Nullable(IsoDateTime),
  aggregatedAt: Nullable(IsoDateTime),
  publishedAt: Nullable(IsoDateTime),
  fireAt: Nullable(IsoDateTime),
  takeCount: Type.Integer({ description: 'distinct members with a take in this session' }),
  referenceAllocation: Nullable(ReferenceAllocationSchema),
  quorum: Nullable(Quorum),
  recommendation: Nullable(Recommendation),
  rationale: Nullable(Type.String()),
  allocationEffect: Nullable(AllocationEffectSchema),
};
const FullFields = {
  ...SummaryFields,
  rosterFrozen: Type.Boolean(),
  synthesis: Nullable(Type.String()),
  regimeSummary: Type.Unknown(),
  disagreement: Nullable(DisagreementMap),
  counted: Type.Unknown({ description: 'the counted take per member: memberId, takeId, revision' }),
};

export const SessionSummary = Type.Object(SummaryFields);
export const SessionFull = Type.Object(FullFields);

export const SessionListResponse = Type.Object({
  sessions: Type.Array(Type.Union([SessionFull, SessionSummary])),
  nextCursor: Nullable(Type.String({ description: 'opaque; pass as cursor for the next page' })),
  nextSessionAt: Nullable(IsoDateTime),
});

export const SessionTakeSchema = Type.Object({
  id: Uuid,
  recommendationId: Type.Integer(),
  memberId: Uuid,
  handle: Nullable(Type.String()),
  ...SignedTakeFields,
  counted: Type.Boolean({
    description:
      'the aggregate uses this take (false: excused, off the roster, or filed after aggregation)',
  }),
  supersededBy: SupersededBySchema,
});

const MissingTakes = Type.Array(
  Type.Object({
    takeId: Uuid,
    memberId: Uuid,
    revision: Type.Integer(),
    code: Type.Literal('take_row_missing'),
    message: Type.String(),
  }),
  {
    description:
      'takes the aggregate counted whose rows the service no longer serves (removed behind its back); empty normally',
  },
);

const DetailFields = {
  ...FullFields,
  missingTakes: MissingTakes,
  brief: Nullable(SwarmBrief),
  roster: Type.Array(
    Type.Object({
      memberId: Uuid,
      handle: Type.String(),
      displayName: Type.String(),
      excused: Type.Boolean(),
      addedAt: IsoDateTime,
    }),
  ),
};
const NewestTakes = Type.Array(SessionTakeSchema, {
  description:
    "one take per member: its highest revision; earlier ones at /api/swarm/takes/{id} and the member's takes",
});
export const SessionDetail = Type.Object({ ...DetailFields, takes: NewestTakes });
export const SessionOfDay = Type.Object({
  session: Type.Object(DetailFields),
  takes: NewestTakes,
});

export const OpenSession = Nullable(
  Type.Object({
    id: Uuid,
    date: Type.String(),
    subjectId: Type.String(),
    state: Type.Literal('collecting'),
    convenedAt: IsoDateTime,
    windowClosesAt: Nullable(IsoDateTime),
    takeCount: Type.Integer(),
    briefUrl: Type.String(),
  }),
);

export const SessionListQuery = Type.Object({
  state: Type.Optional(State),
  subject: Type.Optional(Type.String({ description: 'subject id' })),
  search: Type.Optional(
    Type.String({
      description:
        'literal phrase, case-insensitive, over date, rationale, synthesis; a date matches as ISO (2026-11-20) or as the site shows it (20 Nov 2026, Nov 2026, Nov)',
    }),
  ),
  limit: Type.Optional(
    Type.String({
      description: 'page size, default 20, clamped to 1..100; non-integers are a 400',
    }),
  ),
  cursor: Type.Optional(Type.String({ description: 'nextCursor of the previous page' })),
  full: Type.Optional(
    Type.String({ description: '1: every field incl. regimeSummary, synthesis' }),
  ),
});
