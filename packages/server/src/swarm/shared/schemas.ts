import { SESSION_STATES } from '@convene/protocol';
import { Type, type Static, type TSchema } from 'typebox';
import { ErrorCodeField } from '../../error-schemas.js';

/**
 * Error bodies of swarm routes: a swarm domain error `{ ok: false, status, error }`, or a request
 * that failed parsing before reaching the domain (malformed JSON, too large) as `{ error }`.
 */
export const SwarmErrorSchema = Type.Object(
  {
    ok: Type.Optional(Type.Literal(false)),
    status: Type.Optional(Type.Integer()),
    error: Type.String(),
    code: ErrorCodeField,
    expectedPayload: Type.Optional(
      Type.String({ description: 'apply only: the exact canonical text to sign' }),
    ),
    sessionId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'opening a session only: the session the date and subject already have (409)',
      }),
    ),
  },
  {
    description:
      'swarm domain error { ok: false, status, error, code }, or parsing error { error, code }',
  },
);

/** Every swarm 404, reads included: one shape (docs/decisions.md "One 404 body on the swarm routes"). */
export const SwarmNotFoundSchema = Type.Object(
  {
    ok: Type.Literal(false),
    status: Type.Literal(404),
    error: Type.String(),
    code: ErrorCodeField,
  },
  {
    description: 'swarm domain error { ok: false, status: 404, error, code }, on every swarm route',
  },
);

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDateTime = Type.String({ format: 'date-time' });

/** A superseded take's pointer to its member's newest revision, or null: one shape everywhere. */
export const SupersededBySchema = Type.Union(
  [Type.Object({ id: Uuid, revision: Type.Integer(), receivedAt: IsoDateTime }), Type.Null()],
  { description: "the member's newest revision in the same session, or null when this is it" },
);

/** Why `verified` is false (present only then): stable codes documented in docs/protocol.md. */
export const UnverifiedReasonsSchema = Type.Optional(
  Type.Array(Type.Object({ code: Type.String(), message: Type.String() }), {
    description: 'present only when verified is false: why (codes in docs/protocol.md)',
  }),
);

/** Where the transparency log holds a take: index and leaf hash, null when it holds none. */
export const TakeLogFields = {
  logIndex: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: "the take's index in the transparency log; null when the log holds none",
  }),
  leafHash: Type.Union([Type.String(), Type.Null()], {
    description: 'base64 SHA-256(0x00 ‖ entry) of its log entry',
  }),
};

/** Responses for a swarm route: the success schema plus the error statuses it can answer. */
export function swarmResponses(
  success: Record<number, TSchema>,
  errors: readonly number[],
): Record<number, TSchema> {
  const responses: Record<number, TSchema> = { ...success };
  for (const status of [...errors, 400, 413, 415]) {
    responses[status] = status === 404 ? SwarmNotFoundSchema : SwarmErrorSchema;
  }
  return responses;
}

/**
 * Swarm write routes parse their bodies by hand, one `parse…Body` per body in the domain's
 * `bodies.ts`, so the catalogue's exact messages answer and nothing is coerced; the route's body
 * schema documents the body for OpenAPI only. test/swarm/bodies.test.ts holds each parser to it.
 */
export const documentOnly = { validatorCompiler: () => (value: unknown) => ({ value }) } as const;

/** A session's state, one of the protocol's SESSION_STATES. */
export const SessionStateSchema = Type.Union(SESSION_STATES.map((s) => Type.Literal(s)));
/** The sleeve and bucket targets in force when the session convened: what its brief carries. */
export const ReferenceAllocationSchema = Type.Object(
  {
    version: Type.Integer({ description: 'allocation framework version' }),
    asOf: Type.Union([IsoDateTime, Type.Null()]),
    setBy: Type.String({ description: 'who set the targets: admin or swarm' }),
    sleeves: Type.Array(Type.Object({ key: Type.String(), target: Type.Number() })),
    buckets: Type.Array(Type.Object({ bucket: Type.String(), weight: Type.Number() })),
  },
  { description: 'sleeve and bucket targets carried by the brief' },
);

/** The sleeve and bucket targets a session's brief carries (`referenceAllocation` on list rows). */
export type ReferenceAllocation = Static<typeof ReferenceAllocationSchema>;

/**
 * A filed take as every read serves it: the signed fields, the exact bytes and signature, the key it
 * was filed with, and the checks recomputed on this read with its place in the log.
 */
export const SignedTakeFields = {
  revision: Type.Integer(),
  stance: Type.String(),
  confidence: Type.Number(),
  body: Type.String(),
  memoUrl: Type.Union([Type.String(), Type.Null()]),
  weights: Type.Union([
    Type.Array(Type.Object({ bucket: Type.String(), weight: Type.Number() })),
    Type.Null(),
  ]),
  nonce: Type.String(),
  canonical: Type.String({ description: 'the exact canonical text that was signed' }),
  signature: Type.String(),
  publicKey: Type.String({ description: 'the key this take was filed and is verified with' }),
  receivedAt: IsoDateTime,
  verified: Type.Boolean({
    description: 'signature, stored fields and the log entry re-checked on this read',
  }),
  unverifiedReasons: UnverifiedReasonsSchema,
  ...TakeLogFields,
};
