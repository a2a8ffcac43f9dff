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

/** Unsent rows whose next attempt is due, oldest first. */
export async function dueEmails(db: Kysely<DB>, now: Date, limit: number) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markSent(db: Kysely<DB>, id: number, at: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ sent_at: at, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: its error, and when to try again. */
export async function markFailed(
  db: Kysely<DB>,
  id: number,
  failure: { attempts: number; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      attempts: failure.attempts,
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute();
}
