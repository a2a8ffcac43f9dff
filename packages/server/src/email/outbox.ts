import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import * as repository from './repository.js';

export type { OutgoingEmail } from './repository.js';

/**
 * What other domains use of the email outbox: queue a message in the caller's transaction `trx`,
 * so it is sent (by the delivery job) only if that transaction commits.
 */
export async function queueEmail(
  trx: Kysely<DB>,
  email: repository.OutgoingEmail,
  now: Date,
): Promise<void> {
  await repository.queueEmail(trx, email, now);
}
