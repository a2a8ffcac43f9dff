import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Queues an email in the outbox, inside the caller's transaction so it commits with the change. */
export async function queueEmail(trx: Kysely<DB>, email: OutgoingEmail, now: Date): Promise<void> {
  await trx
    .insertInto('email_outbox')
    .values({
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      next_attempt_at: now,
    })
    .execute();
}
