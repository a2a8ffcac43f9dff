import type { Database } from '../db/database.js';
import type { Tx } from '../db/transactor.js';
import { EmailRepository, type OutgoingEmail } from './repository.js';

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

/**
 * The email domain's repository, built once by the composition root that uses the outbox (other
 * domains may not import a domain's repository), with the outbox over it.
 */
export function buildEmailOutbox(database: Database): {
  emails: EmailRepository;
  outbox: EmailOutbox;
} {
  const emails = new EmailRepository(database.db);
  return { emails, outbox: new EmailOutbox(emails) };
}
