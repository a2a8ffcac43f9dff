import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Readiness } from '../src/readiness.js';
import { createTestApp, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase('GET /health', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('reports env, the driver that answered and enforced guards', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      env: 'demo',
      db: `${kind}: ok`,
      handle_namespace: 'enforced',
      append_only_guard: 'enforced',
      transparency_log: 'ok',
    });
    expect(response.body.length).toBeLessThan(200);
  });

  test('the append-only outcome is probed, not constant: a dropped trigger is reported', async () => {
    const { db } = ctx.testDb.database;
    await sql`drop trigger nonce_ledger_append_only on nonce_ledger`.execute(db);
    try {
      const body = (await ctx.app.inject({ method: 'GET', url: '/health' })).json();
      expect(body).toMatchObject({
        status: 'degraded',
        append_only_guard: 'missing: nonce_ledger',
      });
    } finally {
      await sql`create trigger nonce_ledger_append_only before update or delete or truncate on nonce_ledger
        for each statement execute function convene_refuse_change()`.execute(db);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
      append_only_guard: 'enforced',
    });
  });

  test('the namespace outcome is probed, not constant: a dropped namespace trigger is reported', async () => {
    const { db } = ctx.testDb.database;
    await sql`drop trigger member_names on member`.execute(db);
    try {
      const body = (await ctx.app.inject({ method: 'GET', url: '/health' })).json();
      expect(body).toMatchObject({ status: 'degraded', handle_namespace: 'missing: member_name' });
    } finally {
      await sql`create trigger member_names after insert or update of id, handle on member
        for each row execute function convene_member_names()`.execute(db);
    }
  });

  test('while loading, /health answers 503 "loading" even when a probe fails, with the reason', async () => {
    const readiness = new Readiness(true);
    const loading = await createTestApp(kind, { readiness });
    const { db } = loading.testDb.database;
    try {
      await sql`drop trigger nonce_ledger_append_only on nonce_ledger`.execute(db);
      const during = await loading.app.inject({ method: 'GET', url: '/health' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toMatchObject({
        status: 'loading',
        append_only_guard: 'missing: nonce_ledger',
        reason: 'append_only_guard: missing: nonce_ledger',
      });
      readiness.markReady();
      const after = await loading.app.inject({ method: 'GET', url: '/health' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ status: 'degraded' });
    } finally {
      await loading.close();
    }
  });

  test('probes leave no rows behind', async () => {
    await ctx.app.inject({ method: 'GET', url: '/health' });
    const members = await ctx.testDb.database.db.selectFrom('member').select('id').execute();
    expect(members).toEqual([]);
  });

  test('env follows APP_ENV', async () => {
    const staging = await createTestApp(kind, {
      env: {
        APP_ENV: 'staging',
        RECEIPT_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64'),
        LOG_SIGNING_KEY: Buffer.alloc(32, 2).toString('base64'),
      },
    });
    try {
      expect((await staging.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
        env: 'staging',
      });
    } finally {
      await staging.close();
    }
  });
});
