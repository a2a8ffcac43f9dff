import type { FastifyReply } from 'fastify';

/** A swarm write's success body: `{ ok: true, status, …fields }`, the status echoed in the body. */
export type Succeeded<Fields extends object> = { ok: true; status: number } & Fields;

/**
 * Answers a swarm write with `status` and its success envelope (spec: every swarm write answers
 * `{ ok: true, status, … }`, the HTTP status repeated in the body), the one place it is written.
 */
export function succeeded<Fields extends object>(
  reply: FastifyReply,
  status: number,
  fields: Fields,
): Succeeded<Fields> {
  void reply.status(status);
  return { ok: true, status, ...fields };
}
