import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import {
  adminPost,
  fileJudgement,
  getJson,
  newJudge,
  scheduledSubject,
} from './session-support.js';

/**
 * Every test builds the sessions it changes on a subject of its own, so none depends on another
 * having run (or not run) before it; the chain built in beforeAll is only read.
 */
describeEachDatabase('consensus receipts, judgements and admin routes', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let judge: TestMember;
  /** Three published sessions of convene-treasury, read by the tests and changed by none. */
  let published: string[];
  let shadowId: string;

  const open = async (subjectId: string, date: string) => {
    ctx.clock.advance(60_000);
    const response = await adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId, date });
    expect(response.statusCode).toBe(201);
    return response.json<{ sessionId: string }>().sessionId;
  };

  const newSubject = (id: string) =>
    scheduledSubject(ctx.testDb.database.db, { id, schedule: null, enabled: false, quorum: 1 });

  /** Sessions on `subjectId`, one per date, each with two takes and a shadow judgement, published. */
  const publishChain = async (subjectId: string, dates: readonly string[]) => {
    const sessions: Array<{ sessionId: string; shadowId: string }> = [];
    for (const date of dates) {
      const sessionId = await open(subjectId, date);
      for (const member of [alice, bob]) {
        const take = await signed(member, {
          date,
          subjectId,
          stance: member === alice ? 'bullish' : 'bearish',
        });
        expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
      }
      const shadow = await fileJudgement(ctx.app, judge, sessionId, { mode: 'shadow' });
      expect(
        (await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`)).statusCode,
      ).toBe(200);
      sessions.push({ sessionId, shadowId: shadow.json<{ judgementId: string }>().judgementId });
    }
    return sessions;
  };

  /** A subject of its own with one collecting session on 2026-06-04. */
  const collectingOn = async (subjectId: string) => {
    await newSubject(subjectId);
    return open(subjectId, '2026-06-04');
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    judge = await newJudge(ctx.app, 'Judy');
    await newSubject('convene-treasury');
    const chain = await publishChain('convene-treasury', [
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
    ]);
    published = chain.map((session) => session.sessionId);
    shadowId = chain[0]!.shadowId;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const receipt = (id: string) => getJson(ctx.app, `/api/swarm/sessions/${id}/consensus-receipt`);

  /** Rewrites a stored row past the append-only trigger, as an attacker with database access could. */
  const tamper = (statement: ReturnType<typeof sql>) =>
    ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  test('receipts chain per subject and verify on every read', async () => {
    const [first, second] = await Promise.all(published.slice(0, 2).map(receipt));
    expect(first?.body.payload.previousReceiptDigest).toBeNull();
    expect(second?.body.payload.previousReceiptDigest).toBe(first?.body.digest);
    expect(second?.body.verified).toBe(true);
    expect((await receipt(await collectingOn('unpublished'))).status).toBe(404);
    expect((await receipt('not-a-uuid')).status).toBe(404);
    expect((await receipt(crypto.randomUUID())).status).toBe(404);
  });

  test('a receipt row edited in the database reads back verified:false with the right reasons', async () => {
    await newSubject('tampered-payload');
    const [tampered] = await publishChain('tampered-payload', ['2026-06-01']);
    const id = tampered!.sessionId;
    await tamper(
      sql`update consensus_receipt set payload = jsonb_set(payload, '{score}', '0.75') where session_id = ${id}`,
    );
    const body = (await receipt(id)).body;
    expect(body.verified).toBe(false);
    expect(body.unverifiedReasons.map((r: { code: string }) => r.code)).toEqual([
      'altered_payload',
      'score_mismatch',
    ]);
  });

  test('a rewritten predecessor is caught on itself; its successor still chains to what the log holds', async () => {
    await newSubject('tampered-chain');
    const [first, second] = (
      await publishChain('tampered-chain', ['2026-06-01', '2026-06-02'])
    ).map((session) => session.sessionId);
    await tamper(
      sql`update consensus_receipt set digest = ${'0'.repeat(64)} where session_id = ${first ?? ''}`,
    );
    const predecessor = (await receipt(first ?? '')).body;
    expect(predecessor.unverifiedReasons.map((r: { code: string }) => r.code)).toEqual([
      'altered_payload',
      'receipt_not_in_log',
    ]);
    // The chain is read from the log, so the successor's link names the receipt the log committed
    // to; the stored row no longer has that digest, so the successor reports the missing link.
    const successor = (await receipt(second ?? '')).body;
    expect(successor.verified).toBe(false);
    expect(successor.unverifiedReasons).toEqual([
      {
        code: 'chain_mismatch',
        message: expect.stringContaining('is missing from the service'),
      },
    ]);
  });

  test('shadow judgements are stored but never served; enforce ones only once published', async () => {
    expect((await getJson(ctx.app, `/api/swarm/judgements/${shadowId}`)).status).toBe(404);
    const list = (await getJson(ctx.app, `/api/swarm/sessions/${published[0]}/judgements`)).body;
    expect(list.judgements.map((j: { judgedBy: string }) => j.judgedBy)).toEqual(['convene-rules']);
    const rules = list.judgements[0];
    expect(rules).toMatchObject({ mode: 'enforce', model: 'convene-rules/1', memberId: null });
    expect(rules.promptHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await getJson(ctx.app, `/api/swarm/judgements/${rules.id}`)).body.id).toBe(rules.id);

    const collectingId = await collectingOn('judged-while-collecting');
    const filed = await fileJudgement(ctx.app, judge, collectingId);
    expect(filed.statusCode).toBe(201);
    const pending = filed.json<{ judgementId: string }>().judgementId;
    expect((await getJson(ctx.app, `/api/swarm/judgements/${pending}`)).status).toBe(404);
    expect((await getJson(ctx.app, `/api/swarm/sessions/${collectingId}/judgements`)).body).toEqual(
      { judgements: [] },
    );
    const mine = (await getJson(ctx.app, `/api/swarm/members/${judge.memberId}/judgements`)).body;
    expect(mine).toEqual({ judgements: [], nextCursor: null });
    expect((await fileJudgement(ctx.app, judge, published[0] ?? '')).statusCode).toBe(409);
  });

  test('judgement filing rules: judges only, own token, valid signature', async () => {
    const collectingId = await collectingOn('judgement-rules');
    const asMember = await fileJudgement(ctx.app, alice, collectingId);
    expect(asMember.json()).toEqual({
      ok: false,
      status: 403,
      error: 'member is not a judge',
      code: 'not_judge',
    });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/judgements',
      headers: { authorization: `Bearer ${judge.token}` },
      payload: {
        sessionId: collectingId,
        memberId: judge.memberId,
        releaseSafety: 'safe',
        rationale: 'x',
        disagreements: [],
        signature: 'AAAA',
      },
    });
    expect(forged.json()).toEqual({
      ok: false,
      status: 400,
      error: 'signature verification failed',
      code: 'signature_failed',
    });
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/judgements',
      payload: {},
    });
    expect(noToken.statusCode).toBe(401);
  });

  test('roster admin while collecting: add, excuse, restore; frozen afterwards', async () => {
    const collectingId = await collectingOn('roster-admin');
    const carol = await newMember(ctx.app, 'Carol'); // activation adds her to the collecting session
    const roster = () =>
      getJson(ctx.app, `/api/swarm/sessions/${collectingId}`).then((r) => r.body.roster);
    expect((await roster()).map((r: { handle: string }) => r.handle)).toContain(carol.handle);
    const change = (memberId: string, action: string) =>
      adminPost(ctx.app, `/api/swarm/admin/sessions/${collectingId}/roster`, { memberId, action });
    expect((await change(carol.handle, 'excuse')).statusCode).toBe(200);
    const take = () => signed(carol, { date: '2026-06-04', subjectId: 'roster-admin' });
    const excused = await submit(ctx.app, carol.token, await take());
    expect(excused.json()).toEqual({
      ok: false,
      status: 403,
      error: 'member is excused from this session',
      code: 'excused',
    });
    expect((await change(carol.memberId, 'restore')).statusCode).toBe(200);
    expect((await submit(ctx.app, carol.token, await take())).statusCode).toBe(201);
    expect((await change(judge.memberId, 'add')).statusCode).toBe(409);
    expect((await change('nobody', 'add')).statusCode).toBe(404);
    const window = await adminPost(ctx.app, `/api/swarm/admin/sessions/${collectingId}/window`, {
      windowClosesAt: '2026-06-05T00:00:00.000Z',
    });
    expect(window.json()).toMatchObject({
      state: 'collecting',
      windowClosesAt: '2026-06-05T00:00:00.000Z',
    });
    expect((await change(carol.memberId, 'excuse')).statusCode).toBe(200);
    expect(
      (
        await adminPost(ctx.app, `/api/swarm/admin/sessions/${published[0]}/roster`, {
          memberId: carol.memberId,
          action: 'add',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await adminPost(ctx.app, `/api/swarm/admin/sessions/${published[0]}/window`, {
          windowClosesAt: null,
        })
      ).statusCode,
    ).toBe(409);
  });

  test('opening with fireAt is idempotent; bad input is a 400; unknown subject a 404', async () => {
    await newSubject('opened-by-fire');
    const body = { subjectId: 'opened-by-fire', fireAt: '2026-06-04T12:00:00.000Z' };
    const first = await adminPost(ctx.app, '/api/swarm/admin/sessions', body);
    const again = await adminPost(ctx.app, '/api/swarm/admin/sessions', body);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ created: false, sessionId: first.json().sessionId });
    expect(
      (await adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId: 'nope' })).statusCode,
    ).toBe(404);
    expect(
      (
        await adminPost(ctx.app, '/api/swarm/admin/sessions', {
          subjectId: 'convene-treasury',
          date: '06/04',
        })
      ).statusCode,
    ).toBe(400);
    expect((await adminPost(ctx.app, '/api/swarm/admin/sessions', {})).statusCode).toBe(400);
    expect(
      (await adminPost(ctx.app, `/api/swarm/admin/sessions/${crypto.randomUUID()}/publish`))
        .statusCode,
    ).toBe(404);
  });

  test('every admin lifecycle route needs the admin token and is documented', async () => {
    const id = published[0] ?? '';
    const routes = [
      '/api/swarm/admin/sessions',
      `/api/swarm/admin/sessions/${id}/window`,
      `/api/swarm/admin/sessions/${id}/close`,
      `/api/swarm/admin/sessions/${id}/aggregate`,
      `/api/swarm/admin/sessions/${id}/judge`,
      `/api/swarm/admin/sessions/${id}/publish`,
      `/api/swarm/admin/sessions/${id}/roster`,
      '/api/swarm/admin/lifecycle/run',
    ];
    for (const url of routes) {
      const missing = await ctx.app.inject({ method: 'POST', url, payload: {} });
      expect(missing.json()).toEqual({
        ok: false,
        status: 401,
        error: 'missing admin token',
        code: 'missing_admin_token',
      });
      const wrong = await ctx.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { 'x-admin-token': `${TEST_ADMIN_TOKEN}x` },
      });
      expect(wrong.json()).toEqual({
        ok: false,
        status: 401,
        error: 'invalid admin token',
        code: 'invalid_admin_token',
      });
    }
    const openapi = (await getJson(ctx.app, '/openapi.json')).body;
    expect(openapi.paths['/api/swarm/admin/sessions/{id}/publish'].post.security).toEqual([
      { adminToken: [] },
    ]);
    expect(openapi.paths['/api/swarm/sessions'].get).toBeDefined();
  });
});
