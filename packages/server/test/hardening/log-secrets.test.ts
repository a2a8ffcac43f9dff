/**
 * No secret is ever logged: an app logging at trace level into a captured stream goes through apply,
 * activation, token claim, submit, memo, admin lifecycle and a run of failing requests with real and
 * wrong credentials; then every log line is searched for the admin token, the receipt signing seed,
 * member tokens, key seeds, challenges and signatures.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import type { FastifyInstance } from 'fastify';
import { TEST_ADMIN_TOKEN, testConfig } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { applyMember, activate, claimToken, newSubject, signed, submit } from '../support/swarm.js';

const lines: string[] = [];
const secrets = new Map<string, string>();
let app: FastifyInstance;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase('pglite');
  const receiptSeed = randomBytes(32).toString('base64');
  secrets.set('admin token', TEST_ADMIN_TOKEN);
  secrets.set('receipt signing seed', receiptSeed);
  const logSeed = randomBytes(32).toString('base64');
  secrets.set('transparency log signing seed', logSeed);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({
    config: testConfig({
      APP_ENV: 'staging',
      RECEIPT_SIGNING_KEY: receiptSeed,
      LOG_SIGNING_KEY: logSeed,
      LOG_LEVEL: 'trace',
    }),
    database: testDb.database,
    clock: new ManualClock('2026-06-01T12:00:00Z'),
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.destroy();
});

test('no secret appears in any log line of a full member and admin flow', async () => {
  const applied = await applyMember(app, 'Log Scan');
  secrets.set('member seed', applied.seed);
  expect((await activate(app, applied.memberId)).statusCode).toBe(200);
  const claimed = await claimToken(app, applied.memberId, applied.seed);
  const token = claimed.json<{ token: string }>().token;
  secrets.set('member token', token);
  secrets.set('member token secret part', token.split('_').at(-1)!);
  const member = { ...applied, token };

  await newSubject(testDb.database.db);
  const opened = await app.inject({
    method: 'POST',
    url: '/api/swarm/admin/sessions',
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    payload: { subjectId: 'convene-treasury', date: '2026-06-01', windowClosesAt: null },
  });
  expect(opened.statusCode).toBe(201);
  const take = await signed(member);
  secrets.set('take signature', take.signature);
  expect((await submit(app, token, take)).statusCode).toBe(201);
  expect((await submit(app, token, take)).statusCode).toBe(409);
  expect((await submit(app, `${token}x`, await signed(member))).statusCode).toBe(401);
  const memo = await app.inject({
    method: 'POST',
    url: '/api/swarm/memos',
    headers: { authorization: `Bearer ${token}` },
    payload: { title: 'Memo', body: 'A longer memo.' },
  });
  expect(memo.statusCode).toBeLessThan(500);
  const verified = await app.inject({
    url: '/api/swarm/verify-token',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(verified.statusCode).toBe(200);
  // A client that puts its token in the query string: the logged URL redacts it.
  await app.inject({ url: `/api/swarm/verify-token?token=${encodeURIComponent(token)}` });
  await app.inject({ url: `/api/swarm/sessions?x-admin-token=${TEST_ADMIN_TOKEN}&limit=1` });
  const sessionId = opened.json<{ sessionId: string }>().sessionId;
  for (const step of ['close', 'aggregate', 'judge', 'publish']) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/swarm/admin/sessions/${sessionId}/${step}`,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(response.statusCode, step).toBe(200);
  }
  // Failing requests carrying secrets: wrong admin token, malformed bodies, a second claim.
  await app.inject({
    method: 'POST',
    url: '/api/swarm/admin/activate',
    headers: { 'x-admin-token': `${TEST_ADMIN_TOKEN}-wrong` },
    payload: { memberId: applied.memberId },
  });
  await app.inject({
    method: 'POST',
    url: '/api/swarm/submit',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: `{"memberId":"${applied.memberId}","signature":"${take.signature}",`,
  });
  const second = await claimToken(app, applied.memberId, applied.seed);
  expect(second.statusCode).toBeGreaterThanOrEqual(400);

  // Every request above left its one structured line, with its request id, method, URL and status.
  const requestLines = lines
    .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string } })
    .filter((entry) => entry.msg === 'request completed');
  expect(requestLines.length).toBeGreaterThanOrEqual(17);
  for (const entry of requestLines) {
    expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.req?.url).toMatch(/^\//);
  }
  for (const line of lines) {
    for (const [name, secret] of secrets)
      expect(line.includes(secret), `${name} in ${line}`).toBe(false);
  }
});
