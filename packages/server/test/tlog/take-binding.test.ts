import {
  bytesToBase64,
  canonicalTake,
  logEntryLeafHash,
  takeLogEntry,
  verifyEntryInclusion,
} from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { adminPost, collectingSession, getJson } from '../swarm/session-support.js';

/*
 * Takes bound to the transparency log on every read (issue 16, with issue 15's "recomputed on this
 * read"): the take receipt, the session bodies and a member's history each say `verified: false`,
 * with the reason, when the row disagrees with its log entry or has none, whatever was cached.
 */
const DATE = '2026-06-01';
const HOUR = 3_600_000;

describeEachDatabase('takes bound to the transparency log on every read', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let logKey: string;
  let subjects = 0;

  const freshSession = (roster: TestMember[] = [alice, bob]) =>
    collectingSession(ctx, { date: DATE, roster });

  async function file(
    member: TestMember,
    subjectId: string,
    stance: 'constructive' | 'bullish' = 'constructive',
  ) {
    const response = await submit(
      ctx.app,
      member.token,
      await signed(member, { subjectId, stance }),
    );
    expect(response.statusCode).toBe(201);
    return response.json<{ recommendationId: number; logIndex: number; leafHash: string }>();
  }

  /** Rewrites rows past every trigger (append-only and foreign keys), as a database insider can. */
  const tamper = (statement: ReturnType<typeof sql>) =>
    ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  /** The take as each public read serves it right now. */
  async function reads(takeId: string, sessionId: string, subjectId: string, member: TestMember) {
    const receipt = (await getJson(ctx.app, `/api/swarm/takes/${takeId}`)).body;
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    const day = (await getJson(ctx.app, `/api/swarm/sessions/${DATE}/${subjectId}`)).body;
    const history = (await getJson(ctx.app, `/api/swarm/members/${member.memberId}/takes`)).body;
    const byId = (takes: Array<{ id: string; verified: boolean }>) =>
      takes.find((t) => t.id === takeId);
    return {
      receipt,
      session: byId(session.takes),
      day: byId(day.takes),
      history: byId(history.takes),
    };
  }

  const codes = (take: { unverifiedReasons?: Array<{ code: string }> } | undefined) =>
    take?.unverifiedReasons?.map((r) => r.code) ?? [];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    logKey = (await getJson(ctx.app, '/api/log/key')).body.vkey;
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('an amendment read back through the date/subject route is the newest revision, verified, with its log position and a proof', async () => {
    const { subjectId, sessionId } = await freshSession();
    await file(alice, subjectId, 'constructive');
    const amended = await file(alice, subjectId, 'bullish');
    const day = (await getJson(ctx.app, `/api/swarm/sessions/${DATE}/${subjectId}`)).body;
    expect(day.takes).toHaveLength(1);
    expect(day.takes[0]).toMatchObject({
      revision: 2,
      stance: 'bullish',
      verified: true,
      logIndex: amended.logIndex,
      leafHash: amended.leafHash,
    });
    expect(day.takes[0].unverifiedReasons).toBeUndefined();

    await ctx.app.convene.tlog.checkpoint();
    const receipt = (await getJson(ctx.app, `/api/swarm/takes/${amended.recommendationId}`)).body;
    expect(receipt).toMatchObject({ verified: true, logIndex: amended.logIndex });
    // The entry a reader rebuilds from the receipt is the one the log proves included.
    const entry = takeLogEntry({
      takeId: receipt.id,
      sessionId,
      memberId: alice.memberId,
      revision: 2,
      receivedAt: receipt.receivedAt,
      publicKey: receipt.publicKey,
      canonical_submission: receipt.canonical,
      signature: receipt.signature,
    });
    expect(bytesToBase64(logEntryLeafHash(entry))).toBe(receipt.leafHash);
    const proof = {
      logIndex: receipt.logIndex,
      treeSize: receipt.inclusion.treeSize,
      leafHash: receipt.leafHash,
      hashes: receipt.inclusion.hashes,
    };
    expect(
      await verifyEntryInclusion({
        entry,
        proof,
        checkpoint: receipt.inclusion.checkpoint,
        logKey,
      }),
    ).toMatchObject({ ok: true });
    expect(receipt.sessionId).toBe(sessionId);
    expect(receipt.sessionId).toBe(day.session.id);
  });

  test('verified is recomputed on each read: a row changed after its body was cached reads false at once', async () => {
    const { subjectId, sessionId } = await freshSession();
    const filed = await file(bob, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${filed.recommendationId}`)).body.id;
    // Warm every cache, then change the row without any data version moving.
    expect((await reads(takeId, sessionId, subjectId, bob)).session?.verified).toBe(true);
    await tamper(sql`update take set stance = 'bearish' where id = ${takeId}`);
    const after = await reads(takeId, sessionId, subjectId, bob);
    for (const take of [after.receipt, after.session, after.day, after.history]) {
      expect(take).toMatchObject({ stance: 'bearish', verified: false });
      // The signed text is intact; the served column no longer says what it says.
      expect(take?.unverifiedReasons).toEqual([
        { code: 'fields_mismatch', message: 'served fields differ from the signed text: stance' },
      ]);
    }
  });

  test.each([
    ['moved to another session', 'sessionId'],
    ['given another receivedAt', 'receivedAt'],
    ['given another revision', 'revision'],
  ])('a take %s disagrees with its log entry on every read', async (_attack, field) => {
    const { subjectId, sessionId } = await freshSession();
    const other = await freshSession();
    const filed = await file(alice, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${filed.recommendationId}`)).body.id;
    await reads(takeId, sessionId, subjectId, alice);
    const change = {
      sessionId: sql`update take set session_id = ${other.sessionId} where id = ${takeId}`,
      receivedAt: sql`update take set received_at = received_at - interval '1 hour' where id = ${takeId}`,
      revision: sql`update take set revision = 4 where id = ${takeId}`,
    }[field]!;
    await tamper(change);
    const now =
      field === 'sessionId'
        ? await reads(takeId, other.sessionId, other.subjectId, alice)
        : await reads(takeId, sessionId, subjectId, alice);
    for (const take of [now.receipt, now.session, now.day, now.history]) {
      expect(take?.verified).toBe(false);
      expect(take?.unverifiedReasons).toEqual([
        {
          code: 'log_entry_mismatch',
          message: 'the take no longer hashes to the leaf the log committed to for it',
        },
      ]);
      // The signature still verifies: only the log shows the row was rewritten.
      expect(codes(take)).not.toContain('bad_member_signature');
    }
  });

  test("a take rewritten together with its stored leaf hash is caught by the tree's leaf", async () => {
    const { subjectId, sessionId } = await freshSession();
    const filed = await file(alice, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${filed.recommendationId}`)).body.id;
    await ctx.app.convene.tlog.checkpoint(); // integrated: the tree holds the take's leaf
    const before = (await getJson(ctx.app, `/api/swarm/takes/${takeId}`)).body;
    // The insider moves receivedAt and recomputes the row's leaf hash so the row agrees with itself.
    const movedAt = new Date(Date.parse(before.receivedAt) - HOUR).toISOString();
    const forgedLeaf = logEntryLeafHash(
      takeLogEntry({
        takeId,
        sessionId,
        memberId: alice.memberId,
        revision: before.revision,
        receivedAt: movedAt,
        publicKey: before.publicKey,
        canonical_submission: before.canonical,
        signature: before.signature,
      }),
    );
    await tamper(
      sql`update take set received_at = ${movedAt}::timestamptz, leaf_hash = ${Buffer.from(forgedLeaf)}
          where id = ${takeId}`,
    );
    const now = await reads(takeId, sessionId, subjectId, alice);
    for (const take of [now.receipt, now.session, now.day, now.history]) {
      expect(take).toMatchObject({ verified: false, leafHash: filed.leafHash });
      expect(take?.unverifiedReasons).toEqual([
        {
          code: 'log_entry_mismatch',
          message: 'the take no longer hashes to the leaf the log committed to for it',
        },
      ]);
    }
  });

  // The session reads reuse their checks while the rows under them keep their versions: each row
  // a verdict rests on, rewritten behind the service after a warm read, shows on the next read.
  test.each([
    [
      "the tree's leaf of the take",
      (takeId: string) =>
        sql`update tlog_node set hash = ${Buffer.alloc(32, 7)}
             where level = 0 and idx = (select log_index from take where id = ${takeId})`,
      'log_entry_mismatch',
    ],
    [
      'the public key the take was filed with',
      (takeId: string) =>
        sql`update member_key set public_key = ${bytesToBase64(new Uint8Array(32).fill(9))}
             where id = (select key_id from take where id = ${takeId})`,
      'bad_member_signature',
    ],
  ])('a warm session read sees %s rewritten at once', async (_row, change, code) => {
    // A member of its own: the rewritten key would otherwise refuse the other tests' takes.
    const dana = await newMember(ctx.app, `Dana ${++subjects}`);
    const { subjectId, sessionId } = await freshSession([dana]);
    const filed = await file(dana, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${filed.recommendationId}`)).body.id;
    await ctx.app.convene.tlog.checkpoint();
    for (let i = 0; i < 2; i++) {
      const warm = await reads(takeId, sessionId, subjectId, dana);
      expect([warm.session?.verified, warm.day?.verified]).toEqual([true, true]);
    }
    await tamper(change(takeId));
    const now = await reads(takeId, sessionId, subjectId, dana);
    for (const take of [now.session, now.day]) {
      expect(take?.verified).toBe(false);
      expect(codes(take as Parameters<typeof codes>[0])).toContain(code);
    }
  });

  test('a rewritten tree node beside a take: the take receipt recomputes its inclusion and says inclusion_proof_invalid', async () => {
    const { subjectId } = await freshSession();
    const first = await file(alice, subjectId);
    const second = await file(bob, subjectId);
    await ctx.app.convene.tlog.checkpoint();
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${first.recommendationId}`)).body.id;
    expect((await getJson(ctx.app, `/api/swarm/takes/${takeId}`)).body.verified).toBe(true);
    // The insider rewrites the stored hash of the neighbour's leaf: not this take's row nor leaf.
    const neighbour = first.logIndex ^ 1; // its sibling: the first hash of its proof
    expect(neighbour).toBeLessThanOrEqual(second.logIndex);
    await tamper(
      sql`update tlog_node set hash = sha256(hash) where level = 0 and idx = ${neighbour}`,
    );
    const receipt = (await getJson(ctx.app, `/api/swarm/takes/${takeId}`)).body;
    expect(receipt).toMatchObject({ verified: false, logIndex: first.logIndex });
    expect(codes(receipt)).toEqual(['inclusion_proof_invalid']);
    expect(receipt.unverifiedReasons[0].message).toMatch(/a stored tree node was changed/);
  });

  test('a take row deleted behind the service reads as removed (410) on its route and is named in its session', async () => {
    const { subjectId, sessionId } = await freshSession();
    const kept = await file(alice, subjectId);
    const removed = await file(bob, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${removed.recommendationId}`)).body.id;
    const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);
    expect(published.statusCode).toBe(200);
    await tamper(sql`delete from take where id = ${takeId}`);
    const route = await getJson(ctx.app, `/api/swarm/takes/${takeId}`);
    expect(route.status).toBe(410);
    expect(route.body).toEqual({
      ok: false,
      status: 410,
      error:
        'take removed: the service filed it (its nonce ledger names it) but no longer serves its row',
      code: 'take_row_missing',
      memberId: bob.memberId,
      filedAt: expect.any(String),
    });
    // An id the service never filed is still the plain 404.
    expect((await getJson(ctx.app, `/api/swarm/takes/${crypto.randomUUID()}`)).status).toBe(404);
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(session.takes.map((t: { recommendationId: number }) => t.recommendationId)).toEqual([
      kept.recommendationId,
    ]);
    expect(session.missingTakes).toEqual([
      {
        takeId,
        memberId: bob.memberId,
        revision: 1,
        code: 'take_row_missing',
        message: expect.stringContaining('no longer serves its row'),
      },
    ]);
    const day = (await getJson(ctx.app, `/api/swarm/sessions/${DATE}/${subjectId}`)).body;
    expect(day.session.missingTakes).toEqual(session.missingTakes);
  });

  test('a take whose log entry was deleted reads "not in the log"', async () => {
    const { subjectId, sessionId } = await freshSession();
    const filed = await file(bob, subjectId);
    const takeId = (await getJson(ctx.app, `/api/swarm/takes/${filed.recommendationId}`)).body.id;
    await reads(takeId, sessionId, subjectId, bob);
    await tamper(sql`update take set log_index = null, leaf_hash = null where id = ${takeId}`);
    const now = await reads(takeId, sessionId, subjectId, bob);
    for (const take of [now.receipt, now.session, now.day, now.history]) {
      expect(take).toMatchObject({ verified: false, logIndex: null, leafHash: null });
      expect(take?.unverifiedReasons).toEqual([
        { code: 'not_in_log', message: 'the take is not in the transparency log' },
      ]);
    }
    expect(now.receipt.inclusion).toBeNull();
  });

  test("a take inserted for another member (triggers on) is never verified: not in the log, not the member's signature", async () => {
    const { subjectId, sessionId } = await freshSession();
    const db = ctx.testDb.database.db;
    const forged = await signed(alice, { subjectId });
    const key = await db
      .selectFrom('member_key')
      .select('id')
      .where('member_id', '=', bob.memberId)
      .executeTakeFirstOrThrow();
    const takeId = crypto.randomUUID();
    const { signature: _signature, ...draftFields } = forged;
    await db
      .insertInto('take')
      .values({
        id: takeId,
        session_id: sessionId,
        member_id: bob.memberId,
        revision: 1,
        key_id: key.id,
        nonce: forged.nonce,
        stance: forged.stance,
        confidence: forged.confidence,
        body: forged.body ?? '',
        memo_url: '',
        weights: null,
        canonical: canonicalTake(draftFields),
        signature: forged.signature,
        received_at: ctx.clock.now(),
      })
      .execute();
    await ctx.app.convene.tlog.recover();
    const now = await reads(takeId, sessionId, subjectId, bob);
    for (const take of [now.receipt, now.session, now.day, now.history]) {
      expect(take?.verified).toBe(false);
      expect(codes(take)).toEqual(['bad_member_signature', 'fields_mismatch', 'not_in_log']);
    }
  });
});
