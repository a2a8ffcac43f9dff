import { Type } from 'typebox';
import { IsoDateTime } from '../shared/schemas.js';
import { SubjectRecordSchema } from '../subjects/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** `body.regime`: the latest regime row on or before the session date (snake_case per the spec). */
const BriefRegime = Type.Object({
  date: Type.String(),
  composite: Nullable(Type.Number()),
  regime: Nullable(
    Type.Union([Type.Literal('risk_off'), Type.Literal('neutral'), Type.Literal('risk_on')]),
  ),
  macro_regime: Nullable(Type.String()),
  onchain_regime: Nullable(Type.String()),
});

/** The stored brief body, as `composeBriefBody` writes it. */
const BriefBody = Type.Object({
  regime: Nullable(BriefRegime),
  subject: SubjectRecordSchema,
  recentSessions: Type.Array(
    Type.Object({
      id: Type.String(),
      convened_at: IsoDateTime,
      date: Type.String(),
      subject_id: Type.String(),
      state: Type.String(),
    }),
    { description: 'the subject’s latest published sessions (snake_case)' },
  ),
  researchSignals: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    description:
      '{ signalKey, date, href }; with include=researchSignals the legacy { signal_key, date, payload }',
  }),
  prompt: Type.Object({ system: Type.String(), user: Type.String() }),
  takeSchema: Type.Record(Type.String(), Type.Unknown(), {
    description: 'JSON-schema-like description of a take for this subject',
  }),
  windowClosesAt: Nullable(IsoDateTime),
});

/** SwarmBrief as served by /api/swarm/brief and inside a session. */
export const SwarmBrief = Type.Object({
  id: Type.Integer({ description: 'brief row id' }),
  date: Type.String(),
  subjectId: Type.String(),
  sessionId: Nullable(Type.String()),
  createdAt: IsoDateTime,
  body: Nullable(BriefBody),
});
