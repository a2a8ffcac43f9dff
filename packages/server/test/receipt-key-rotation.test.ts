/**
 * docs/operations.md, "Rotate the receipt signing key": a receipt signed before the rotation keeps
 * verifying after the replicas restart with a new RECEIPT_SIGNING_KEY, and new receipts are signed
 * with the new key. On both databases.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { TEST_ADMIN_TOKEN, testConfig } from './support/app.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';
import { newMember, newSubject, signed, submit } from './support/swarm.js';

const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };

describeEachDatabase('receipt key rotation', (kind) => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];
  const clock = new ManualClock('2026-06-01T12:00:00Z');
  // Outside demo the log key is required too; it stays the same across the receipt key's rotation.
  const logSeed = randomBytes(32).toString('base64');

  async function replica(seed: string): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig({ APP_ENV: 'prod', RECEIPT_SIGNING_KEY: seed, LOG_SIGNING_KEY: logSeed }),
      database: testDb.database,
      clock,
      logger: false,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  async function publishedSession(app: FastifyInstance, date: string): Promise<string> {
    const member = await newMember(app);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/swarm/admin/sessions',
      headers: admin,
      payload: { subjectId: 'convene-treasury', date, windowClosesAt: null },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect((await submit(app, member.token, await signed(member, { date }))).statusCode).toBe(201);
    const sessionId = opened.json<{ sessionId: string }>().sessionId;
    const published = await app.inject({
      method: 'POST',
      url: `/api/swarm/admin/sessions/${sessionId}/publish`,
      headers: admin,
    });
    expect(published.statusCode, published.body).toBe(200);
    return sessionId;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.destroy();
  });

  test('old receipts keep verifying after the key changes; new ones use the new key', async () => {
    const before = await replica(randomBytes(32).toString('base64'));
    await newSubject(testDb.database.db);
    const oldSession = await publishedSession(before, '2026-06-01');
    const oldKey = (await before.inject({ url: '/api/swarm/receipt-key' })).json<{
      keyId: string;
    }>();
    await before.close();

    const after = await replica(randomBytes(32).toString('base64'));
    const newKey = (await after.inject({ url: '/api/swarm/receipt-key' })).json<{
      keyId: string;
    }>();
    expect(newKey.keyId).not.toBe(oldKey.keyId);
    const old = (
      await after.inject({ url: `/api/swarm/sessions/${oldSession}/consensus-receipt` })
    ).json<{ verified: boolean; signature: { keyId: string } }>();
    expect(old).toMatchObject({ verified: true, signature: { keyId: oldKey.keyId } });
    // Verifiers (the CLI, auditors) learn every key the service vouches for, current first.
    const keys = (await after.inject({ url: '/api/swarm/receipt-keys' })).json<{
      keys: Array<{ keyId: string; current: boolean }>;
    }>().keys;
    expect(keys.map((key) => [key.keyId, key.current])).toEqual([
      [newKey.keyId, true],
      [oldKey.keyId, false],
    ]);

    clock.set('2026-06-02T12:00:00Z');
    const newSession = await publishedSession(after, '2026-06-02');
    const fresh = (
      await after.inject({ url: `/api/swarm/sessions/${newSession}/consensus-receipt` })
    ).json<{ verified: boolean; signature: { keyId: string } }>();
    expect(fresh).toMatchObject({ verified: true, signature: { keyId: newKey.keyId } });
  });
});
