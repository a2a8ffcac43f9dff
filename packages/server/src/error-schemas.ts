import { Type } from 'typebox';

/** Every error body's `code` (ours, beside the spec's fields): a catalogue entry's wire code. */
export const ErrorCodeField = Type.String({
  pattern: '^[a-z0-9_]+$',
  description:
    "the error's stable code (docs/errors.md lists them); key on it, not on the English message",
});

/** A request the service could not parse or address, and every error of the non-swarm routes. */
export const RequestErrorSchema = Type.Object(
  { error: Type.String(), code: ErrorCodeField },
  { description: 'request error { error, code }' },
);

/** The admin guard's refusals: the swarm domain shape on swarm routes, else `{ error, code }`. */
export const AdminErrorSchema = Type.Object({
  ok: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Integer()),
  error: Type.String(),
  code: ErrorCodeField,
});
