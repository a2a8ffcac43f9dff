import { verifyReceipt } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import {
  adminPost,
  fileJudgement,
  getJson,
  newJudge,
  runLifecycle,
  scheduledSubject,
} from './session-support.js';

const WEIGHTS = [
  { bucket: 'aave', weight: 0.25 },
  { bucket: 'morpho', weight: 0.24 },
  { bucket: 'compound', weight: 0.23 },
  { bucket: 'sky', weight: 0.23 },
  { bucket: 'juno', weight: 0.05 },
];

describeEachDatabase(
  'swarm lifecycle: convene → submit → close → aggregate → judge → publish',
  (kind) => {
    let ctx: TestContext;
    let alice: TestMember;
    let bob: TestMember;
    let carol: TestMember;
    let judge: TestMember;
    let shadowJudge: TestMember;
    let sessionId: string;

    beforeAll(async () => {
      ctx = await createTestApp(kind);
      ctx.clock.set('2026-06-01T12:00:00Z');
      alice = await newMember(ctx.app, 'Alice');
      bob = await newMember(ctx.app, 'Bob');
      carol = await newMember(ctx.app, 'Carol');
      judge = await newJudge(ctx.app, 'Judy');
      shadowJudge = await newJudge(ctx.app, 'Shade');
      await scheduledSubject(ctx.testDb.database.db);
    });
    afterAll(async () => {
      await ctx.close();
    });

    test('the due fire convenes one session: roster frozen, brief published, window to the next fire', async () => {
      expect(await runLifecycle(ctx)).toBe('success');
      expect(await runLifecycle(ctx)).toBe('skipped');
      const open = await getJson(ctx.app, '/api/swarm/open-session');
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({
        date: '2026-06-01',
        subjectId: 'convene-treasury',
        state: 'collecting',
        windowClosesAt: '2026-06-02T00:00:00.000Z',
        takeCount: 0,
      });
      sessionId = open.body.id;
      const detail = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`);
      expect(detail.body.roster.map((r: { memberId: string }) => r.memberId).sort()).toEqual(
        [alice.memberId, bob.memberId, carol.memberId].sort(),
      );
      expect(detail.body.brief.sessionId).toBe(sessionId);
      expect(detail.body.brief.body.windowClosesAt).toBe('2026-06-02T00:00:00.000Z');
      expect(detail.body.referenceAllocation.sleeves).toHaveLength(2);
    });

    test('takes are filed and amended; judges file judgements before publication', async () => {
      expect(
        (await submit(ctx.app, alice.token, await signed(alice, { weights: WEIGHTS }))).statusCode,
      ).toBe(201);
      expect(
        (
          await submit(
            ctx.app,
            bob.token,
            await signed(bob, { stance: 'cautious', confidence: 0.4 }),
          )
        ).statusCode,
      ).toBe(201);
      const amended = await signed(bob, { stance: 'neutral', confidence: 0.5, weights: WEIGHTS });
      expect((await submit(ctx.app, bob.token, amended)).statusCode).toBe(201);
      expect((await fileJudgement(ctx.app, judge, sessionId)).statusCode).toBe(201);
      expect(
        (await fileJudgement(ctx.app, shadowJudge, sessionId, { mode: 'shadow' })).statusCode,
      ).toBe(201);
      expect((await fileJudgement(ctx.app, judge, sessionId)).statusCode).toBe(409);
      const judgements = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/judgements`);
      expect(judgements.body).toEqual({ judgements: [] });
    });

    test('the next fire closes, aggregates, judges and publishes; the next session opens', async () => {
      ctx.clock.set('2026-06-02T00:00:05Z');
      expect(await runLifecycle(ctx)).toBe('success');
      const published = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`);
      expect(published.body).toMatchObject({ state: 'published', takeCount: 2 });
      expect(published.body.quorum).toMatchObject({
        rosterSize: 3,
        submitted: 2,
        absent: [carol.memberId],
        met: true,
      });
      expect(published.body.rationale).not.toEqual(published.body.synthesis);
      expect(published.body.rationale).not.toContain('REGIME: risk-on');
      // One take per member, its highest revision (bob amended once).
      expect(published.body.takes).toHaveLength(2);
      expect(published.body.takes.every((t: { verified: boolean }) => t.verified)).toBe(true);

      const open = await getJson(ctx.app, '/api/swarm/open-session');
      expect(open.body).toMatchObject({
        date: '2026-06-02',
        windowClosesAt: '2026-06-03T00:00:00.000Z',
      });

      const receipt = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.verified).toBe(true);
      expect(receipt.body.unverifiedReasons).toBeUndefined();
      const key = await getJson(ctx.app, '/api/swarm/receipt-key');
      expect(receipt.body.signature.publicKey).toBe(key.body.publicKey);
      const offline = await verifyReceipt(receipt.body, {
        expectedServicePublicKey: key.body.publicKey,
        expectedPreviousDigest: null,
      });
      expect(offline).toEqual({ verified: true, unverifiedReasons: [] });
      expect(receipt.body.payload.judge).toMatchObject({
        mode: 'enforce',
        judgedBy: 'convene-rules',
        model: 'convene-rules/1',
      });

      const judgements = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/judgements`);
      const judgedBy = judgements.body.judgements.map((j: { judgedBy: string }) => j.judgedBy);
      expect(judgedBy.sort()).toEqual(['convene-rules', judge.memberId].sort());
      expect(judgedBy).not.toContain(shadowJudge.memberId);

      const rules = judgements.body.judgements.find(
        (j: { judgedBy: string }) => j.judgedBy === 'convene-rules',
      );
      expect(rules.releaseSafety).toBe('safe');
      const allocation = await getJson(ctx.app, '/api/dashboards/allocation');
      expect(allocation.body.setBy).toEqual({ kind: 'swarm', sessionId });
    });

    test('repeating every admin step on a published session changes nothing', async () => {
      for (const step of ['close', 'aggregate', 'judge', 'publish']) {
        const response = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/${step}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ state: 'published' });
      }
      const count = await ctx.testDb.database.db
        .selectFrom('consensus_receipt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  },
);
