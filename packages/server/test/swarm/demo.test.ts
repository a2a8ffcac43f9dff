import { verifyReceipt } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoData } from '../../src/demo/seed.js';
import { regimeDemoSeeder } from '../../src/regime/demo.js';
import { swarmDemoSeeder } from '../../src/swarm/demo/seeder.js';
import { treasuryDemoSeeder } from '../../src/treasury/demo.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { newMember, signed, submit } from '../support/swarm.js';
import { getJson } from './session-support.js';

// The seeder's wall time is a benchmark, not a rule: packages/server/bench/swarm-demo-seed.ts.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp('pglite');
  ctx.clock.set('2026-06-10T09:30:00Z');
  const context = {
    database: ctx.testDb.database,
    clock: ctx.clock,
    config: ctx.config,
    versions: ctx.app.convene.versions,
    tlog: ctx.app.convene.tlog,
    log: ctx.app.log,
  };
  await seedDemoData(context, [treasuryDemoSeeder, regimeDemoSeeder, swarmDemoSeeder]);
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

test('house members and a judge are active; seeds never leave the server', async () => {
  const members = await getJson(ctx.app, '/api/swarm/members');
  const handles = members.body.members.map((m: { handle: string }) => m.handle);
  expect(handles).toEqual(
    expect.arrayContaining(['athena', 'ledger', 'harbor', 'sable', 'draco', 'arbiter']),
  );
  expect(JSON.stringify(members.body)).not.toMatch(/seed|contact|house\.convene\.invalid/);
});

test('both subjects have months of published sessions whose chained receipts verify', async () => {
  for (const subject of ['convene-treasury', 'north-harbor-fund']) {
    let cursor: string | null = null;
    const sessions: Array<{ id: string; state: string; date: string }> = [];
    do {
      const url = `/api/swarm/sessions?subject=${subject}&state=published&limit=100${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page: { body: { sessions: typeof sessions; nextCursor: string | null } } =
        await getJson(ctx.app, url);
      sessions.push(...page.body.sessions);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(sessions.length).toBeGreaterThan(subject === 'convene-treasury' ? 120 : 30);
    const key = (await getJson(ctx.app, '/api/swarm/receipt-key')).body.publicKey;
    let previous: string | null = null;
    for (const session of [...sessions].reverse()) {
      const receipt = await getJson(ctx.app, `/api/swarm/sessions/${session.id}/consensus-receipt`);
      expect(receipt.body.verified).toBe(true);
      const offline = await verifyReceipt(receipt.body, {
        expectedServicePublicKey: key,
        expectedPreviousDigest: previous,
      });
      expect(offline.unverifiedReasons).toEqual([]);
      previous = receipt.body.digest;
    }
  }
});

test('the treasury session of today is open, and a newcomer can walk the whole flow', async () => {
  const open = await getJson(
    ctx.app,
    '/api/swarm/sessions?state=collecting&subject=convene-treasury',
  );
  expect(open.body.sessions).toHaveLength(1);
  const session = open.body.sessions[0];
  expect(session.date).toBe('2026-06-10');
  expect(new Date(session.windowClosesAt).getTime()).toBeGreaterThan(ctx.clock.now().getTime());

  const newcomer = await newMember(ctx.app, 'Newcomer');
  const brief = await getJson(ctx.app, `/api/swarm/brief?session=${session.id}`);
  expect(brief.body.body.takeSchema.stance.enum).toHaveLength(5);
  const take = await signed(newcomer, { date: session.date, subjectId: 'convene-treasury' });
  const response = await submit(ctx.app, newcomer.token, take);
  expect(response.statusCode).toBe(201);
});
