import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** SQL for the email outbox; each method runs in `trx` when given. */
export class EmailRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Queues an email in the outbox, inside the caller's transaction so it commits with the change. */
  async queueEmail(email: OutgoingEmail, now: Date, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db
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
  async dueEmails(now: Date, limit: number, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('email_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async markSent(id: number, at: Date, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db
      .updateTable('email_outbox')
      .set({ sent_at: at, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  /** A failed attempt: its error, and when to try again. */
  async markFailed(
    id: number,
    failure: { attempts: number; error: string; nextAttemptAt: Date },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
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
}
