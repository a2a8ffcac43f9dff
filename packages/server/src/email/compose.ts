import type { Database } from '../db/database.js';
import { EmailOutbox } from './outbox.js';
import { EmailRepository } from './repository.js';

/**
 * The email domain's part of the composition root: its repository (which the delivery job reads)
 * and the outbox other domains queue messages through (they may not import a domain's repository).
 */
export function composeEmail(database: Database): {
  emails: EmailRepository;
  outbox: EmailOutbox;
} {
  const emails = new EmailRepository(database.db);
  return { emails, outbox: new EmailOutbox(emails) };
}
