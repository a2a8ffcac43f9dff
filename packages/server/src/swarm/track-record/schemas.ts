import { LABEL_MISSING, LEADERBOARD_SORTS, NO_OUTCOME_REASONS, STANCES } from '@convene/protocol';
import { Type } from 'typebox';
import { IsoDateTime, Uuid } from '../shared/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Num = (description: string) => Nullable(Type.Number({ description }));
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Weights = Type.Array(Type.Object({ bucket: Type.String(), weight: Type.Number() }));
const Point = Nullable(Type.Object({ date: DateText, value: Type.Number() }));

/** docs/methodology.md §2, "The record". */
export const OutcomeRecordSchema = Type.Object(
  {
    kind: Type.Literal('convene.outcome.v1'),
    sessionId: Uuid,
    subjectId: Type.String(),
    sessionDate: DateText,
    receiptDigest: Type.String({ description: "the session's consensus receipt digest" }),
    horizonDays: Type.Integer(),
    startDate: DateText,
    endDate: DateText,
    status: Type.Union([Type.Literal('scored'), Type.Literal('no_outcome')]),
    reason: Nullable(Type.Union(NO_OUTCOME_REASONS.map((r) => Type.Literal(r)))),
    labels: Type.Array(
      Type.Object({
        label: Type.String(),
        source: Nullable(
          Type.String({ description: 'regime:<KEY>, own-vault, coin:<id>, vault:<id>' }),
        ),
        start: Point,
        end: Point,
        return: Num('end / start − 1'),
        missing: Nullable(Type.Union(LABEL_MISSING.map((r) => Type.Literal(r)))),
      }),
    ),
    holdings: Type.Array(Type.Object({ bucket: Type.String(), valueUsd: Type.Number() })),
    subjectReturn: Num("the snapshot's buy-and-hold return"),
    event: Type.Object({
      name: Type.Literal('subject_rises'),
      occurred: Nullable(Type.Boolean()),
    }),
    reference: Nullable(Type.Object({ weights: Weights, return: Num('R(reference)') })),
    consensus: Type.Object({ weights: Weights, return: Num('R(consensus)') }),
    computedAt: IsoDateTime,
  },
  { description: 'an outcome record (docs/methodology.md §2), exactly as logged' },
);

export const SessionScoreSchema = Type.Object({
  sessionId: Uuid,
  sessionDate: DateText,
  subjectId: Type.String(),
  horizonDays: Type.Integer(),
  counted: Type.Integer(),
  probability: Num("the pooled forecast: the mean of the counted takes' probabilities"),
  occurred: Type.Boolean(),
  brier: Num('Brier score of the pooled forecast'),
  consensusReturn: Num('R(consensus)'),
  referenceReturn: Num('R(reference)'),
  excess: Num('R(consensus) − R(reference)'),
});

export const ScoredTakeSchema = Type.Object({
  sessionId: Uuid,
  sessionDate: DateText,
  subjectId: Type.String(),
  horizonDays: Type.Integer(),
  memberId: Uuid,
  handle: Nullable(Type.String()),
  takeId: Uuid,
  revision: Type.Integer(),
  stance: Type.Union(STANCES.map((s) => Type.Literal(s))),
  confidence: Type.Number(),
  probability: Type.Number({ description: 'p = 0.5 + 0.49 · stance score · confidence' }),
  occurred: Type.Boolean(),
  brier: Type.Number(),
  log: Type.Number(),
  weightReturn: Num('R(take weights)'),
  excessVsReference: Num('R(take) − R(reference)'),
  excessVsConsensus: Num('R(take) − R(consensus)'),
  weightContribution: Num('R(consensus) − R(consensus without the member)'),
  stanceContribution: Num('Brier(pooled without the member) − Brier(pooled)'),
  takeLogIndex: Nullable(Type.Integer({ description: "the take's transparency-log index" })),
  outcomeLogIndex: Nullable(Type.Integer({ description: "the outcome's transparency-log index" })),
  links: Type.Object({
    take: Type.String(),
    takeLogEntry: Type.String(),
    session: Type.String(),
    outcome: Type.String(),
  }),
});

const CalibrationBinSchema = Type.Object({
  from: Type.Number({ description: 'bin / 10: the lowest p in the bin' }),
  to: Type.Number({ description: '(bin + 1) / 10: p below it (the last bin includes 1)' }),
  count: Type.Integer({ description: 'scored takes whose p falls in the bin' }),
  meanProbability: Num('mean p of the takes in the bin'),
  observedFrequency: Num('share of those takes whose event occurred'),
});

const memberRecordFields = {
  memberId: Uuid,
  horizonDays: Type.Integer(),
  scoredTakes: Type.Integer(),
  rosterSessions: Type.Integer({
    description: 'scored sessions whose receipt lists the member (counted or absent)',
  }),
  participation: Num('scored takes / sessions on the roster'),
  rankingBrier: Num('mean Brier over roster sessions, an absence scoring 0.25'),
  meanBrier: Num('mean Brier over scored takes'),
  meanLog: Num('mean log score over scored takes'),
  weightTakes: Type.Integer({ description: 'scored takes whose weights have a return' }),
  meanReturn: Num('mean R(take weights)'),
  meanExcessVsReference: Num('mean R(take) − R(reference), where both exist'),
  meanExcessVsConsensus: Num('mean R(take) − R(consensus), where both exist'),
  meanWeightContribution: Num('mean R(consensus) − R(consensus without the member)'),
  meanStanceContribution: Num('mean Brier(pool without the member) − Brier(pool)'),
  calibration: Type.Array(CalibrationBinSchema),
  eligible: Type.Boolean({ description: 'at least minScoredTakes scored takes' }),
  rank: Nullable(Type.Integer({ description: 'by rankingBrier among eligible members' })),
};
export const MemberRecordSchema = Type.Object(memberRecordFields);

const RecordStatus = Type.Union([Type.Literal('ranked'), Type.Literal('not_enough_history')]);

export const SessionOutcomeResponse = Type.Object({
  sessionId: Uuid,
  horizons: Type.Array(Type.Integer(), { description: 'the configured horizons' }),
  outcomes: Type.Array(
    Type.Object({
      horizonDays: Type.Integer(),
      status: Type.Union([Type.Literal('scored'), Type.Literal('no_outcome')]),
      reason: Nullable(Type.String()),
      digest: Type.String({ description: 'SHA-256 of the record text' }),
      logIndex: Nullable(Type.Integer()),
      computedAt: IsoDateTime,
      record: OutcomeRecordSchema,
      swarm: Nullable(SessionScoreSchema),
      takes: Type.Array(ScoredTakeSchema),
    }),
    { description: 'one per horizon whose outcome is published; none before' },
  ),
});

export const MemberTrackRecordResponse = Type.Object({
  memberId: Uuid,
  handle: Type.String(),
  minScoredTakes: Type.Integer(),
  horizons: Type.Array(
    Type.Object({
      horizonDays: Type.Integer(),
      status: RecordStatus,
      record: Nullable(MemberRecordSchema),
      takes: Type.Array(ScoredTakeSchema, { description: 'scored takes, newest first' }),
    }),
  ),
});

export const SwarmRecordSchema = Type.Object({
  horizonDays: Type.Integer(),
  sessions: Type.Integer({ description: "sessions with a 'scored' outcome" }),
  meanBrier: Num('mean Brier of the pooled forecasts (sessions with a counted take)'),
  excessSessions: Type.Integer({
    description:
      'scored sessions with both R(consensus) and R(reference): the excess figures denominator',
  }),
  meanExcess: Num('mean R(consensus) − R(reference)'),
  positiveExcessShare: Num('share of the excessSessions whose excess is above 0'),
  sumExcess: Num('sum of the excesses (overlapping horizons: not one portfolio)'),
});

export const SeriesResponse = Type.Object({
  label: Type.String(),
  source: Type.String({ description: 'regime:<KEY>, own-vault, coin:<id> or vault:<id>' }),
  from: DateText,
  to: DateText,
  points: Type.Array(Type.Object({ date: DateText, value: Type.Number() }), {
    description: 'every stored observation from `from` to `to`, ascending',
  }),
});

export const LeaderboardQuery = Type.Object({
  horizon: Type.Optional(Type.Integer({ description: 'days; default the first configured' })),
  sort: Type.Optional(
    Type.String({ description: `one of ${LEADERBOARD_SORTS.join(', ')}; default rank` }),
  ),
  limit: Type.Optional(Type.String({ description: 'page size, default 50, at most 200' })),
  cursor: Type.Optional(Type.String({ description: 'opaque, from the previous nextCursor' })),
  subject: Type.Optional(Type.String({ description: "only this subject's sessions" })),
});

export const LeaderboardResponse = Type.Object({
  horizonDays: Type.Integer(),
  horizons: Type.Array(Type.Integer()),
  subject: Nullable(Type.String()),
  sort: Type.String(),
  minScoredTakes: Type.Integer(),
  swarm: SwarmRecordSchema,
  sessions: Type.Array(SessionScoreSchema, { description: 'the swarm per session, oldest first' }),
  leaderboard: Type.Array(
    Type.Object({
      handle: Nullable(Type.String()),
      status: RecordStatus,
      ...memberRecordFields,
    }),
  ),
  total: Type.Integer({ description: 'members on the leaderboard, every page' }),
  nextCursor: Nullable(Type.String()),
});
