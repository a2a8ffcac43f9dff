import type { Generated, Timestamp } from '../db/column-types.js';

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Generated<Date>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface EmailTables {
  email_outbox: EmailOutboxTable;
}
