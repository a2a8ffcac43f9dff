import type { Tx } from '../db/transactor.js';
import type { EmailRepository, OutgoingEmail } from './repository.js';

export type { OutgoingEmail } from './repository.js';

/**
 * What other domains use of the email outbox: queue a message in the caller's transaction `trx`,
 * so it is sent (by the delivery job) only if that transaction commits.
 */
export class EmailOutbox {
  constructor(private readonly emails: EmailRepository) {}

  async queue(trx: Tx, email: OutgoingEmail, now: Date): Promise<void> {
    await this.emails.queueEmail(email, now, trx);
  }
}
