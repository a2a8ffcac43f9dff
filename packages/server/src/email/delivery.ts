import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.js';
import type { Job, JobOutcome } from '../jobs/scheduler.js';
import type { EmailRepository } from './repository.js';

export interface Mailer {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
}

/** A nodemailer SMTP transport for `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}

/** Delay before retry n (1-based): 30 s doubling, capped at one hour. Nothing is ever dropped. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Delivers due outbox rows one by one. A failure records the error and schedules a retry; the row
 * stays until sent. Idempotent per row: a row is marked sent only after the server accepted it.
 */
export async function deliverDueEmails(
  emails: EmailRepository,
  mailer: Mailer,
  clock: Clock,
  from: string,
  batchSize = 20,
): Promise<{ sent: number; failed: number }> {
  const due = await emails.dueEmails(clock.now(), batchSize);
  let sent = 0;
  let failed = 0;
  for (const email of due) {
    try {
      await mailer.send({
        from,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
      });
      await emails.markSent(email.id, clock.now());
      sent++;
    } catch (error) {
      const attempts = email.attempts + 1;
      await emails.markFailed(email.id, {
        attempts,
        error: (error as Error).message.slice(0, 500),
        nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
      });
      failed++;
    }
  }
  return { sent, failed };
}

export function emailDeliveryJob(
  emails: EmailRepository,
  mailer: Mailer,
  clock: Clock,
  from: string,
): Job {
  return {
    name: 'email-outbox',
    schedule: { everyMs: 10_000 },
    idempotent: true,
    async run(): Promise<JobOutcome> {
      const { sent, failed } = await deliverDueEmails(emails, mailer, clock, from);
      if (failed > 0) return 'failed';
      return sent > 0 ? 'success' : 'skipped';
    },
  };
}
