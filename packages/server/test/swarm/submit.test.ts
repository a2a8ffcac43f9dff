import { canonicalTake, signTake, type ErrorCode } from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  draft,
  newMember,
  newSession,
  newSubject,
  signed,
  submit,
  type TestMember,
} from '../support/swarm.js';
import { untilBlockedOnLock } from '../support/wait.js';

const DATE = '2026-06-01';
const swarmError = (status: number, error: string, code: ErrorCode) => ({
  ok: false,
  status,
  error,
  code,
});

describeEachDatabase('POST /api/swarm/submit', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let sessionId: string;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    await newSubject(ctx.testDb.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    // Each test gets a newer session for the same date+subject: submits route to the newest one.
    ctx.clock.advance(1000);
    sessionId = await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: DATE,
      convenedAt: ctx.clock.now(),
      windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000),
      roster: [alice.memberId, bob.memberId],
    });
  });

  test('a valid take is accepted with the exact success shape and its receipt verifies', async () => {
    const take = await signed(alice, {
      weights: [
        { bucket: 'conservative', weight: 95 },
        { bucket: 'agents', weight: 5 },
      ],
    });
    const response = await submit(ctx.app, alice.token, take);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      ok: true,
      status: 201,
      recommendationId: expect.any(Number),
      verified: true,
      logIndex: expect.any(Number),
      leafHash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    const receipt = (
      await ctx.app.inject({ url: `/api/swarm/takes/${body.recommendationId}` })
    ).json();
    expect(receipt).toMatchObject({
      sessionId,
      memberId: alice.memberId,
      revision: 1,
      verified: true,
      supersededBy: null,
    });
    expect(receipt.canonical).toBe(canonicalTake(take));
    const byUuid = await ctx.app.inject({ url: `/api/swarm/takes/${receipt.id}` });
    expect(byUuid.json().recommendationId).toBe(body.recommendationId);
  });

  test('401: missing bearer token, unknown member token', async () => {
    const take = await signed(alice);
    expect((await submit(ctx.app, undefined, take)).json()).toEqual(
      swarmError(401, 'missing bearer token', 'missing_bearer'),
    );
    expect((await submit(ctx.app, 'tok_nope', take)).json()).toEqual(
      swarmError(401, 'unknown member token', 'unknown_token'),
    );
  });

  test('400 invalid submission for every field constraint, at the limit and one over', async () => {
    const ok = async (overrides: Record<string, unknown>) =>
      submit(ctx.app, alice.token, { ...(await signed(alice)), ...overrides });
    const invalid = [
      { memberId: undefined },
      { date: '2026-6-1' },
      { date: undefined },
      { subjectId: 's'.repeat(101) },
      { nonce: 'n'.repeat(201) },
      { stance: 's'.repeat(101) },
      { confidence: 1.0000001 },
      { confidence: -0.1 },
      { confidence: '0.5' },
      { signature: 'A'.repeat(2001) },
      { signature: undefined },
      { body: 'b'.repeat(10_001) },
      { memoUrl: 'u'.repeat(2001) },
      {
        weights: [
          { bucket: 'a', weight: 1 },
          { bucket: 'a', weight: 2 },
        ],
      },
      {
        weights: [
          { bucket: 'a', weight: -1 },
          { bucket: 'b', weight: 2 },
        ],
      },
      { weights: [{ bucket: 'a', weight: 0 }] },
    ];
    for (const overrides of invalid) {
      const response = await ok(overrides);
      expect(response.json(), JSON.stringify(overrides)).toEqual(
        swarmError(400, 'invalid submission', 'invalid_submission'),
      );
    }
    // Exactly at the limits: accepted.
    const atLimits = await signed(alice, {
      body: 'b'.repeat(10_000),
      memoUrl: 'u'.repeat(2000),
      nonce: 'n'.repeat(200),
      confidence: 1,
    });
    expect((await submit(ctx.app, alice.token, atLimits)).statusCode).toBe(201);
  });

  test('400 stance must be one of …', async () => {
    const response = await submit(
      ctx.app,
      alice.token,
      await signed(alice, { stance: 'euphoric' }),
    );
    expect(response.json()).toEqual(
      swarmError(
        400,
        'stance must be one of bearish, cautious, neutral, constructive, bullish',
        'invalid_stance',
      ),
    );
  });

  test('403 token/member mismatch', async () => {
    const response = await submit(ctx.app, bob.token, await signed(alice));
    expect(response.json()).toEqual(
      swarmError(403, 'token/member mismatch', 'token_member_mismatch'),
    );
  });

  test('404 no session for date/subject', async () => {
    const response = await submit(
      ctx.app,
      alice.token,
      await signed(alice, { date: '2020-01-01' }),
    );
    expect(response.json()).toEqual(swarmError(404, 'no session for date/subject', 'no_session'));
  });

  test('409 submission window closed, even while the state reads collecting; null accepts', async () => {
    ctx.clock.advance(3_600_000);
    const late = await submit(ctx.app, alice.token, await signed(alice));
    expect(late.json()).toEqual(swarmError(409, 'submission window closed', 'window_closed'));
    ctx.clock.advance(1000);
    await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: DATE,
      convenedAt: ctx.clock.now(),
      windowClosesAt: null,
      state: 'window_closed',
      roster: [alice.memberId],
    });
    expect((await submit(ctx.app, alice.token, await signed(alice))).statusCode).toBe(201);
  });

  test('403 not on the frozen roster, 403 excused', async () => {
    const carol = await newMember(ctx.app, 'Carol');
    ctx.clock.advance(1000);
    await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: DATE,
      convenedAt: ctx.clock.now(),
      roster: [alice.memberId],
      excused: [bob.memberId],
    });
    expect((await submit(ctx.app, carol.token, await signed(carol))).json()).toEqual(
      swarmError(403, "member is not on this session's expected roster", 'not_on_roster'),
    );
    expect((await submit(ctx.app, bob.token, await signed(bob))).json()).toEqual(
      swarmError(403, 'member is excused from this session', 'excused'),
    );
  });

  test('403 no registered key for member', async () => {
    // Activation put Dave on the roster of the session already collecting.
    const dave = await newMember(ctx.app, 'Dave');
    await ctx.testDb.database.db
      .updateTable('member_key')
      .set({ state: 'retired' })
      .where('member_id', '=', dave.memberId)
      .execute();
    expect((await submit(ctx.app, dave.token, await signed(dave))).json()).toEqual(
      swarmError(403, 'no registered key for member', 'no_key'),
    );
  });

  test('amendments: revisions 1..5 accepted, the 6th is 409 even with a bad signature; receipts chain', async () => {
    const ids: number[] = [];
    for (let revision = 1; revision <= 5; revision++) {
      const response = await submit(
        ctx.app,
        alice.token,
        await signed(alice, { confidence: revision / 10 }),
      );
      expect(response.statusCode).toBe(201);
      ids.push(response.json().recommendationId as number);
    }
    const sixth = { ...(await signed(alice)), signature: 'A'.repeat(88) };
    expect((await submit(ctx.app, alice.token, sixth)).json()).toEqual(
      swarmError(409, 'amendment cap reached (5 takes per member per session)', 'cap_reached'),
    );
    const first = (await ctx.app.inject({ url: `/api/swarm/takes/${ids[0]}` })).json();
    const last = (await ctx.app.inject({ url: `/api/swarm/takes/${ids[4]}` })).json();
    expect(first).toMatchObject({
      revision: 1,
      verified: true,
      supersededBy: { id: last.id, revision: 5 },
    });
    expect(last).toMatchObject({ revision: 5, supersededBy: null, confidence: 0.5 });
  });

  test('400 signature verification failed for any change after signing', async () => {
    const take = await signed(alice);
    for (const change of [
      { confidence: 0.71 },
      { body: `${take.body ?? ''}.` },
      { signature: 'not base64!' },
    ]) {
      expect((await submit(ctx.app, alice.token, { ...take, ...change })).json()).toEqual(
        swarmError(400, 'signature verification failed', 'signature_failed'),
      );
    }
  });

  test('409 nonce replay, even in another session and with new content', async () => {
    const take = await signed(alice);
    expect((await submit(ctx.app, alice.token, take)).statusCode).toBe(201);
    ctx.clock.advance(1000);
    await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: DATE,
      convenedAt: ctx.clock.now(),
      roster: [alice.memberId],
    });
    const replay = await signed(alice, { nonce: take.nonce, stance: 'bearish' });
    expect((await submit(ctx.app, alice.token, replay)).json()).toEqual(
      swarmError(
        409,
        'nonce already used by this member (replay); mint a fresh nonce to amend',
        'nonce_replay',
      ),
    );
  });

  test('409 amendment after aggregation; a first take is still accepted', async () => {
    expect((await submit(ctx.app, alice.token, await signed(alice))).statusCode).toBe(201);
    await ctx.testDb.database.db
      .updateTable('swarm_session')
      .set({ state: 'aggregated' })
      .where('id', '=', sessionId)
      .execute();
    expect((await submit(ctx.app, alice.token, await signed(alice))).json()).toEqual(
      swarmError(
        409,
        'amendment window closed (session already aggregated); the take on file stands',
        'amendment_closed',
      ),
    );
    expect((await submit(ctx.app, bob.token, await signed(bob))).statusCode).toBe(201);
  });

  test('the window closing between the check and the insert is refused atomically at insert', async () => {
    const take = await signed(alice);
    // The admin closes the window while the submit is in flight: the pre-check passed, the insert must not.
    const closesAt = new Date(ctx.clock.now().getTime() + 1);
    const realNow = ctx.clock.now.bind(ctx.clock);
    let calls = 0;
    ctx.clock.now = () => (calls++ === 0 ? realNow() : new Date(closesAt.getTime() + 1));
    try {
      await ctx.testDb.database.db
        .updateTable('swarm_session')
        .set({ window_closes_at: closesAt })
        .where('id', '=', sessionId)
        .execute();
      expect((await submit(ctx.app, alice.token, take)).json()).toEqual(
        swarmError(409, 'submission window closed', 'window_closed'),
      );
    } finally {
      ctx.clock.now = realNow;
    }
    const stored = await ctx.testDb.database.db
      .selectFrom('take')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(stored).toEqual([]);
  });

  test('a revision race: exactly one submit wins each revision, the other gets the exact 409', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 2; round++) {
      const [a, b] = await Promise.all([
        submit(ctx.app, alice.token, await signed(alice)),
        submit(ctx.app, alice.token, await signed(alice)),
      ]);
      for (const response of [a, b])
        outcomes.push(response.statusCode === 201 ? 'won' : String(response.json().error));
    }
    const revisions = await ctx.testDb.database.db
      .selectFrom('take')
      .select('revision')
      .where('session_id', '=', sessionId)
      .orderBy('revision')
      .execute();
    expect(revisions.map((row) => row.revision)).toEqual(
      [...Array(revisions.length).keys()].map((i) => i + 1),
    );
    for (const outcome of outcomes)
      expect([
        'won',
        'a concurrent submission from this member won the same revision; retry',
      ]).toContain(outcome);
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(revisions.length);
  });

  if (kind === 'postgres') {
    test('a revision held by a concurrent transaction makes the submit lose with the exact 409', async () => {
      const take = await signed(alice);
      const key = await ctx.testDb.database.db
        .selectFrom('member_key')
        .select('id')
        .where('member_id', '=', alice.memberId)
        .where('state', '=', 'active')
        .executeTakeFirstOrThrow();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
      const competitor = ctx.testDb.database.db.transaction().execute(async (trx) => {
        const other = draft(alice);
        await trx
          .insertInto('take')
          .values({
            id: crypto.randomUUID(),
            session_id: sessionId,
            member_id: alice.memberId,
            revision: 1,
            key_id: key.id,
            nonce: other.nonce,
            stance: 'neutral',
            confidence: 0.5,
            body: '',
            memo_url: '',
            weights: null,
            canonical: canonicalTake(other),
            signature: await signTake(other, alice.seed),
            received_at: ctx.clock.now(),
          })
          .execute();
        inserted();
        await held;
      });
      await insertedSignal;
      const pending = submit(ctx.app, alice.token, take);
      await untilBlockedOnLock(ctx.testDb.database.db); // the submit's insert waits on our row
      release();
      await competitor;
      expect((await pending).json()).toEqual(
        swarmError(
          409,
          'a concurrent submission from this member won the same revision; retry',
          'revision_race',
        ),
      );
    });
  }

  test('a rotated key keeps old takes verifying; new takes must use the new key', async () => {
    const erin = await newMember(ctx.app, 'Erin');
    const old = await submit(ctx.app, erin.token, await signed(erin));
    const { generateKeyPair } = await import('@convene/protocol');
    const next = await generateKeyPair();
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/swarm/admin/members/${erin.memberId}/rotate-key`,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { publicKey: next.publicKey },
    });
    expect(rotated.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ url: `/api/swarm/takes/${old.json().recommendationId}` })).json(),
    ).toMatchObject({ verified: true });
    expect((await submit(ctx.app, erin.token, await signed(erin))).json()).toEqual(
      swarmError(400, 'signature verification failed', 'signature_failed'),
    );
    const fresh = draft(erin);
    expect(
      (
        await submit(ctx.app, erin.token, {
          ...fresh,
          signature: await signTake(fresh, next.secretKey),
        })
      ).statusCode,
    ).toBe(201);
  });

  test('a take row altered in the database reads back verified:false', async () => {
    const response = await submit(ctx.app, alice.token, await signed(alice, { stance: 'bearish' }));
    const id = response.json().recommendationId as number;
    const db = ctx.testDb.database.db;
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('take')
        .set({ stance: 'bullish' })
        .where('recommendation_id', '=', id)
        .execute();
    });
    expect((await ctx.app.inject({ url: `/api/swarm/takes/${id}` })).json()).toMatchObject({
      verified: false,
      stance: 'bullish',
    });
  });

  test('takes and nonces cannot be updated or deleted', async () => {
    await submit(ctx.app, alice.token, await signed(alice));
    const db = ctx.testDb.database.db;
    await expect(db.updateTable('take').set({ stance: 'bullish' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db.deleteFrom('nonce_ledger').execute()).rejects.toThrow(/append-only/);
  });

  test('signing-payload returns the canonical string; a malformed draft is 400 invalid signing draft', async () => {
    const take = draft(alice, { weights: [{ bucket: 'b', weight: 1 }] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/signing-payload',
      payload: take,
    });
    expect(response.json()).toEqual({ canonical: canonicalTake(take) });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/signing-payload',
      payload: { ...take, date: 'yesterday' },
    });
    expect(bad.json()).toEqual(swarmError(400, 'invalid signing draft', 'invalid_signing_draft'));
  });

  test('unknown take ids are 404', async () => {
    for (const id of [crypto.randomUUID(), '999999999', 'nope']) {
      expect((await ctx.app.inject({ url: `/api/swarm/takes/${id}` })).statusCode).toBe(404);
    }
  });
});
