import { Type, type Static } from 'typebox';

const Instant = Type.String({ format: 'date-time' });

/** The log's state for operators (`log` of GET /api/admin/status; /health and /metrics read it too). */
export const LogStatusSchema = Type.Object({
  size: Type.Integer({ description: 'entries integrated into the tree' }),
  checkpoint: Type.Union([
    Type.Object({
      size: Type.Integer(),
      createdAt: Instant,
      ageSeconds: Type.Integer(),
    }),
    Type.Null(),
  ]),
  signer: Type.Object({
    state: Type.Union([Type.Literal('ok'), Type.Literal('halted'), Type.Literal('stalled')], {
      description:
        '"halted": it refused to sign (a checkpoint signed by the log key that the tree does not bear out); "stalled": the tree has been ahead of the latest checkpoint for longer than LOG_STALL_SECONDS',
    }),
    reason: Type.Union([Type.String(), Type.Null()]),
    since: Type.Union([Instant, Type.Null()]),
  }),
  rejectedCheckpoints: Type.Object(
    {
      count: Type.Integer(),
      last: Type.Union([
        Type.Object({ size: Type.Integer(), reason: Type.String(), at: Instant }),
        Type.Null(),
      ]),
    },
    { description: 'checkpoint rows not served (not signed by the log key, or not the tree)' },
  ),
  witnesses: Type.Array(
    Type.Object({
      name: Type.String(),
      vkey: Type.String(),
      url: Type.Union([Type.String(), Type.Null()]),
      lastCosignature: Type.Union([
        Type.Object({ size: Type.Integer(), timestamp: Type.Integer(), at: Instant }),
        Type.Null(),
      ]),
      lastError: Type.Union([Type.Object({ at: Instant, message: Type.String() }), Type.Null()]),
    }),
    {
      description:
        "the configured witnesses (LOG_WITNESSES): each one's cosignature of the largest checkpoint and the last failure of a push to it since, as stored (every replica answers the same)",
    },
  ),
  integrity: Type.Object(
    {
      state: Type.Union(
        [Type.Literal('ok'), Type.Literal('inconsistent'), Type.Literal('unchecked')],
        {
          description:
            '"inconsistent": entries or rows are missing or do not match; "unchecked": the check has not run (the log is off, or the replica is starting)',
        },
      ),
      checkedAt: Type.Union([Instant, Type.Null()]),
      entries: Type.Union([
        Type.Integer({ description: 'entries stored when it ran' }),
        Type.Null(),
      ]),
      problems: Type.Array(Type.String(), { description: 'one sentence per kind of gap' }),
    },
    {
      description:
        'the check run at start: every entry the log holds resolves to a stored row with its hash (and its tree leaf), and every row the log should hold has its entry',
    },
  ),
});

export type LogStatus = Static<typeof LogStatusSchema>;
export type IntegrityStatus = LogStatus['integrity'];
export type WitnessStatus = LogStatus['witnesses'][number];
