import {
  advanceMonitor,
  canonicalTake,
  EMPTY_MONITOR_STATE,
  generateKeyPair,
  KEY_REASONS,
  KeyHistories,
  logEntryLeafHash,
  signTake,
  takeLogEntry,
  verifyEntryInclusion,
  verifyReceipt,
  type MonitorState,
} from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from '../support/app.js';
import { databaseKinds, describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { adminPost, getJson, scheduledSubject } from '../swarm/session-support.js';

/*
 * Issue 28, item 1: member keys in the transparency log. Every key event is a log entry; a take is
 * logged, counted and verified only if its key was its member's active logged key at its index.
 * The planted-key attack (a key row and a take inserted behind the service) is refused by the
 * recovery pass, reads `key_not_logged`, is never counted, and a monitor fails on it when an
 * insider forces it into the log.
 */
const SERVICE_SEED = Buffer.alloc(32, 0x53).toString('base64');

describeEachDatabase('member keys in the transparency log', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let subjects = 0;

  const admin = (url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Rows written past every trigger (append-only, foreign keys), as a database insider can. */
  const insider = (statement: ReturnType<typeof sql>) =>
    ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  async function openSession(date: string) {
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: `keyed-${++subjects}`,
      schedule: null,
      enabled: false,
      quorum: 1,
    });
    ctx.clock.advance(60_000);
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId, date });
    expect(opened.statusCode).toBe(201);
    return { subjectId, sessionId: opened.json<{ sessionId: string }>().sessionId };
  }

  /** Every entry the log serves, with a checkpoint signed over all of them. */
  async function wholeLog(): Promise<{ checkpoint: string; entries: string[] }> {
    await ctx.app.convene.tlog.checkpoint();
    const checkpoint = (await getJson(ctx.app, '/api/log/checkpoint.json')).body;
    const entries: string[] = [];
    for (let start = 0; start < checkpoint.size; start += 1000) {
      const end = Math.min(checkpoint.size, start + 1000);
      const page = (await getJson(ctx.app, `/api/log/entries?start=${start}&end=${end}`)).body;
      entries.push(...page.entries.map((e: { entry: string }) => e.entry));
    }
    return { checkpoint: checkpoint.note, entries };
  }

  const logKey = async () => (await getJson(ctx.app, '/api/log/key')).body.vkey as string;

  /**
   * The insider's plant: a retired `member_key` row for `victim` holding the insider's key, and a
   * take (revision 2, bullish, naming the victim, signed by the insider) with no log position.
   */
  async function plant(victim: TestMember, session: { sessionId: string; subjectId: string }) {
    const keys = await generateKeyPair();
    const keyId = 900_000 + Math.floor(Math.random() * 90_000);
    const takeId = crypto.randomUUID();
    const draft = {
      memberId: victim.memberId,
      date: '2026-06-01',
      subjectId: session.subjectId,
      nonce: `planted-${takeId}`,
      stance: 'bullish' as const,
      confidence: 0.95,
    };
    const canonical = canonicalTake(draft);
    const signature = await signTake(draft, keys.secretKey);
    const hourAgo = new Date(ctx.clock.now().getTime() - 3_600_000);
    await insider(sql`
      insert into member_key (id, member_id, public_key, state, created_at, activated_at, retired_at)
      values (${keyId}, ${victim.memberId}, ${keys.publicKey}, 'retired', ${hourAgo}, ${hourAgo}, ${ctx.clock.now()})`);
    await insider(sql`
      insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence, body,
                        memo_url, weights, canonical, signature, received_at)
      values (${takeId}, ${session.sessionId}, ${victim.memberId}, 2, ${keyId}, ${draft.nonce},
              'bullish', 0.95, '', '', null, ${canonical}, ${signature}, ${ctx.clock.now()})`);
    const { rows } = await sql<{ recommendation_id: number | string }>`
      select recommendation_id from take where id = ${takeId}`.execute(ctx.testDb.database.db);
    return {
      takeId,
      recommendationId: Number(rows[0]!.recommendation_id),
      publicKey: keys.publicKey,
      canonical,
      signature,
      receivedAt: ctx.clock.now(),
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: { RECEIPT_SIGNING_KEY: SERVICE_SEED } });
    alice = await newMember(ctx.app, 'Alice');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('a fresh log opens with the keys-begin marker, and every key event of a member is an entry with a proof', async () => {
    const first = (await getJson(ctx.app, '/api/log/entries?start=0&end=1')).body.entries[0];
    // The tree may not be integrated yet on a fresh app: integrate and sign first.
    await ctx.app.convene.tlog.checkpoint();
    const marker =
      first ?? (await getJson(ctx.app, '/api/log/entries?start=0&end=1')).body.entries[0];
    expect(marker).toMatchObject({ index: 0, kind: 'keys-begin' });
    expect(JSON.parse(marker.entry)).toMatchObject({
      kind: 'convene.log.keys-begin.v1',
      members: 0,
    });

    const member = await newMember(ctx.app, 'Keyed');
    const next = await generateKeyPair();
    expect(
      (
        await admin(`/api/swarm/admin/members/${member.memberId}/rotate-key`, {
          publicKey: next.publicKey,
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin(`/api/swarm/admin/members/${member.memberId}/deactivate`)).statusCode).toBe(
      200,
    );
    expect((await admin(`/api/swarm/admin/members/${member.memberId}/reactivate`)).statusCode).toBe(
      200,
    );
    expect(
      (await admin(`/api/swarm/admin/members/${member.memberId}/role`, { role: 'judge' }))
        .statusCode,
    ).toBe(200);
    // Setting the role it already has is no event.
    expect(
      (await admin(`/api/swarm/admin/members/${member.memberId}/role`, { role: 'judge' }))
        .statusCode,
    ).toBe(200);
    await ctx.app.convene.tlog.checkpoint();

    const served = (await getJson(ctx.app, `/api/log/members/${member.memberId}/keys`)).body;
    const events = served.events.map((e: { entry: string }) => JSON.parse(e.entry));
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'applied',
      'activated',
      'rotated',
      'deactivated',
      'reactivated',
      'role',
    ]);
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events[0]).toMatchObject({
      pendingKey: member.publicKey,
      activeKey: null,
      status: 'applied',
    });
    expect(events[2]).toMatchObject({ activeKey: next.publicKey, pendingKey: null });
    expect(events[5]).toMatchObject({ role: 'judge', status: 'active' });
    const key = await logKey();
    for (const item of [served.marker, ...served.events]) {
      expect(
        await verifyEntryInclusion({
          entry: item.entry,
          proof: item.proof,
          checkpoint: served.checkpoint,
          logKey: key,
        }),
      ).toMatchObject({ ok: true });
    }
    const folded = KeyHistories.fold(
      [served.marker, ...served.events].map((e: { index: number; entry: string }) => ({
        index: e.index,
        entry: e.entry,
      })),
    );
    expect('histories' in folded).toBe(true);
    // The whole log walks clean through a monitor.
    const { checkpoint, entries } = await wholeLog();
    const step = await advanceMonitor(EMPTY_MONITOR_STATE, checkpoint, entries, { logKey: key });
    expect(step.ok ? 'ok' : `${step.code}: ${step.message}`).toBe('ok');
  });

  test('a take filed before its key was rotated away stays verified: the key is checked at its index', async () => {
    const member = await newMember(ctx.app, 'Before Rotation');
    const session = await openSession('2026-06-01');
    const take = await signed(member, { subjectId: session.subjectId, date: '2026-06-01' });
    const filed = await submit(ctx.app, member.token, take);
    expect(filed.statusCode).toBe(201);
    const { recommendationId } = filed.json<{ recommendationId: number }>();
    const next = await generateKeyPair();
    const rotated = await admin(`/api/swarm/admin/members/${member.memberId}/rotate-key`, {
      publicKey: next.publicKey,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await admin(`/api/swarm/admin/members/${member.memberId}/deactivate`)).statusCode).toBe(
      200,
    );
    const read = (await getJson(ctx.app, `/api/swarm/takes/${recommendationId}`)).body;
    expect(read.unverifiedReasons).toBeUndefined();
    expect(read.verified).toBe(true);
  });

  test('the planted key: refused by the recovery pass, key_not_logged on the take read, never counted in the receipt', async () => {
    const victim = await newMember(ctx.app, 'Victim');
    const session = await openSession('2026-06-01');
    const real = await signed(alice, { subjectId: session.subjectId, date: '2026-06-01' });
    expect((await submit(ctx.app, alice.token, real)).statusCode).toBe(201);
    const planted = await plant(victim, session);

    await ctx.app.convene.tlog.recover();
    const { rows: refused } = await sql<{ reason: string }>`
      select reason from tlog_refused where subject = ${planted.takeId}`.execute(
      ctx.testDb.database.db,
    );
    expect(refused[0]?.reason).toMatch(/^key_not_logged: /);
    const { rows: logged } = await sql`
      select idx from tlog_entry where take_id = ${planted.takeId}`.execute(ctx.testDb.database.db);
    expect(logged).toEqual([]);

    const read = (await getJson(ctx.app, `/api/swarm/takes/${planted.recommendationId}`)).body;
    expect(read.verified).toBe(false);
    expect(read.unverifiedReasons.map((r: { code: string }) => r.code)).toEqual([
      'not_in_log',
      'key_not_logged',
    ]);

    const published = await adminPost(
      ctx.app,
      `/api/swarm/admin/sessions/${session.sessionId}/publish`,
    );
    expect(published.statusCode).toBe(200);
    const receipt = (
      await getJson(ctx.app, `/api/swarm/sessions/${session.sessionId}/consensus-receipt`)
    ).body;
    expect(receipt.verified).toBe(true);
    const members = receipt.payload.submissions.map((s: { memberId: string }) => s.memberId);
    expect(members).toEqual([alice.memberId]);
    expect(receipt.payload.stances.bullish ?? 0).toBe(0);
  });

  test('a planted take an insider also forces into the log reads key_not_logged, and the monitor fails at its index', async () => {
    const victim = await newMember(ctx.app, 'Forced');
    const session = await openSession('2026-06-01');
    const key = await logKey();
    const before = await wholeLog();
    const kept = await advanceMonitor(EMPTY_MONITOR_STATE, before.checkpoint, before.entries, {
      logKey: key,
    });
    if (!kept.ok) throw new Error(kept.message);
    const state: MonitorState = kept.state;

    const planted = await plant(victim, session);
    const entry = takeLogEntry({
      takeId: planted.takeId,
      sessionId: session.sessionId,
      memberId: victim.memberId,
      revision: 2,
      receivedAt: planted.receivedAt.toISOString(),
      publicKey: planted.publicKey,
      canonical_submission: planted.canonical,
      signature: planted.signature,
    });
    // The insider appends at the next index, with the leaf hash, so the tree takes it in.
    await ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      const { rows } = await sql<{
        next: number | string;
      }>`select convene_tlog_lock_next() as next`.execute(trx);
      await sql`insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
        values (${Number(rows[0]!.next)}, ${Buffer.from(logEntryLeafHash(entry))}, 'take', ${planted.takeId}, ${entry})`.execute(
        trx,
      );
    });
    const after = await wholeLog();
    const index = after.entries.indexOf(entry);
    expect(index).toBeGreaterThanOrEqual(before.entries.length);

    const read = (await getJson(ctx.app, `/api/swarm/takes/${planted.recommendationId}`)).body;
    expect(read.verified).toBe(false);
    expect(read.unverifiedReasons.map((r: { code: string }) => r.code)).toEqual(['key_not_logged']);
    expect(read.logIndex).toBe(index);

    const step = await advanceMonitor(state, after.checkpoint, after.entries.slice(state.size), {
      logKey: key,
    });
    expect(step.ok).toBe(false);
    if (!step.ok)
      expect({ code: step.code, index: step.index }).toEqual({
        code: KEY_REASONS.notLogged,
        index,
      });

    // In the log, but never counted: only takes signed with the member's active logged key count.
    const published = await adminPost(
      ctx.app,
      `/api/swarm/admin/sessions/${session.sessionId}/publish`,
    );
    expect(published.statusCode).toBe(200);
    const receipt = (
      await getJson(ctx.app, `/api/swarm/sessions/${session.sessionId}/consensus-receipt`)
    ).body;
    expect(receipt.payload.submissions.map((s: { memberId: string }) => s.memberId)).not.toContain(
      victim.memberId,
    );
    expect(receipt.verified).toBe(true);
    expect((await verifyReceipt(receipt)).verified).toBe(true);
  });
});

const postgres = (await databaseKinds()).includes('postgres');
describe('a rotation racing a submit [postgres]', () => {
  test.skipIf(!postgres)(
    'a key retired while the submit waits for the index lock: the submit is refused, log and database agree',
    async () => {
      const { untilBlockedOnLock } = await import('../support/wait.js');
      const ctx = await createTestApp('postgres', { env: { RECEIPT_SIGNING_KEY: SERVICE_SEED } });
      try {
        const member = await newMember(ctx.app, 'Racer');
        const subjectId = await scheduledSubject(ctx.testDb.database.db, {
          id: 'racing',
          schedule: null,
          enabled: false,
          quorum: 1,
        });
        ctx.clock.advance(60_000);
        const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
          subjectId,
          date: '2026-06-01',
        });
        expect(opened.statusCode).toBe(201);
        const take = await signed(member, { subjectId, date: '2026-06-01' });
        const { Pool } = await import('pg');
        const holder = new Pool({ connectionString: ctx.testDb.url, max: 1 });
        const client = await holder.connect();
        try {
          // A rotation in flight: it holds the index lock and has retired the key, not committed.
          await client.query('begin');
          await client.query(`select pg_advisory_xact_lock(hashtext('convene.tlog.index'))`);
          await client.query(
            `update member_key set state = 'retired', retired_at = now() where member_id = $1 and state = 'active'`,
            [member.memberId],
          );
          const submitting = submit(ctx.app, member.token, take);
          await untilBlockedOnLock(ctx.testDb.database.db);
          await client.query('commit');
          const response = await submitting;
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ error: 'no registered key for member' });
        } finally {
          client.release();
          await holder.end();
        }
      } finally {
        await ctx.close();
      }
    },
  );
});
