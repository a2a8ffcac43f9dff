import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { deliverDueEmails, retryDelayMs, smtpMailer } from '../../src/email/delivery.js';
import { EmailRepository } from '../../src/email/repository.js';
import { freePort } from '@convene/test-support';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

async function startSmtp(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('approval email outbox delivered over SMTP', () => {
  let testDb: TestDatabase;
  const clock = new ManualClock('2026-06-01T00:00:00Z');
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  test('nothing is lost while SMTP is down: retries with backoff, then delivers once', async () => {
    const port = await freePort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    const { db } = testDb.database;
    const emails = new EmailRepository(db);
    await db
      .transaction()
      .execute((trx) =>
        emails.queueEmail(
          { to: 'agent@example.org', subject: 'Approved', text: 'Welcome aboard' },
          clock.now(),
          trx,
        ),
      );

    const down = await deliverDueEmails(
      emails,
      mailer,
      clock,
      'Convene <no-reply@convene.invalid>',
    );
    expect(down).toEqual({ sent: 0, failed: 1 });
    const pending = await db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ attempts: 1, sent_at: null });
    expect(pending.last_error).toMatch(/ECONNREFUSED/);
    expect(pending.next_attempt_at.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    const received: Received[] = [];
    const server = await startSmtp(port, received);
    try {
      expect(
        await deliverDueEmails(emails, mailer, clock, 'Convene <no-reply@convene.invalid>'),
      ).toEqual({ sent: 0, failed: 0 });
      clock.advance(retryDelayMs(1));
      expect(
        await deliverDueEmails(emails, mailer, clock, 'Convene <no-reply@convene.invalid>'),
      ).toEqual({ sent: 1, failed: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['agent@example.org']);
      expect(received[0]!.data).toContain('Welcome aboard');
      expect(await deliverDueEmails(emails, mailer, clock, 'x@y.z')).toEqual({
        sent: 0,
        failed: 0,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('retry delays double from 30 s and cap at one hour', () => {
    expect([1, 2, 3, 10, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });
});
