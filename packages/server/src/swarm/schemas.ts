import { Type, type TSchema } from 'typebox';

/** Body of every swarm domain error: `{ ok: false, status, error }`. */
export const SwarmErrorSchema = Type.Object(
  {
    ok: Type.Literal(false),
    status: Type.Integer(),
    error: Type.String(),
    expectedPayload: Type.Optional(
      Type.String({ description: 'apply only: the exact canonical text to sign' }),
    ),
  },
  { description: 'swarm domain error' },
);

export const ParseErrorSchema = Type.Object(
  { error: Type.String() },
  { description: 'request parsing error' },
);

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDateTime = Type.String({ format: 'date-time' });

/** Responses for a swarm route: the success schema plus the error statuses it can answer. */
export function swarmResponses(
  success: Record<number, TSchema>,
  errors: readonly number[],
): Record<number, TSchema> {
  const responses: Record<number, TSchema> = { ...success };
  for (const status of errors) responses[status] = SwarmErrorSchema;
  return responses;
}

/**
 * Swarm write routes validate their bodies in the service, so the spec's exact messages answer and
 * nothing is coerced; the schema here documents the body for OpenAPI only.
 */
export const documentOnly = { validatorCompiler: () => (value: unknown) => ({ value }) } as const;
