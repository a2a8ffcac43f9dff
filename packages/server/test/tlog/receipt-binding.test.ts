import { signCheckpoint, signReceipt, type ConsensusReceipt } from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { TLOG_LOCKS } from '../../src/tlog/plugin.js';
import { adminPost, getJson, scheduledSubject } from '../swarm/session-support.js';

/*
 * Consensus receipts bound to the transparency log (issue 16): the payload records the checkpoint
 * it was built against and each submission's log index; the read says `verified: false`, with the
 * reason, when a submission or the receipt is not in the log, or the session was never published;
 * the chain follows the log, so a deleted row and a nulled column cannot hide a break.
 */
const SERVICE_SEED = Buffer.alloc(32, 5).toString('base64');

describeEachDatabase('consensus receipts bound to the transparency log', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let subjects = 0;

  const receipt = (id: string) => getJson(ctx.app, `/api/swarm/sessions/${id}/consensus-receipt`);
  const codes = (body: { unverifiedReasons?: Array<{ code: string }> }) =>
    body.unverifiedReasons?.map((r) => r.code) ?? [];
  const tamper = (statement: ReturnType<typeof sql>) =>
    ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  async function open(subjectId: string, date: string): Promise<string> {
    ctx.clock.advance(60_000);
    const response = await adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId, date });
    expect(response.statusCode).toBe(201);
    return response.json<{ sessionId: string }>().sessionId;
  }

  /** A subject of its own with `dates.length` sessions, two takes each, published in order. */
  async function chain(dates: readonly string[]): Promise<{ subjectId: string; ids: string[] }> {
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: `anchored-${++subjects}`,
      schedule: null,
      enabled: false,
      quorum: 1,
    });
    const ids: string[] = [];
    for (const date of dates) {
      const id = await open(subjectId, date);
      for (const member of [alice, bob]) {
        const take = await signed(member, { date, subjectId });
        expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
      }
      const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${id}/publish`);
      expect(published.statusCode).toBe(200);
      ids.push(id);
    }
    return { subjectId, ids };
  }

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: { RECEIPT_SIGNING_KEY: SERVICE_SEED } });
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('a published receipt records its checkpoint and every submission index, and verifies against the log', async () => {
    const { ids } = await chain(['2026-06-01']);
    const body = (await receipt(ids[0]!)).body as ConsensusReceipt & { verified: boolean };
    expect(body.verified).toBe(true);
    const { log, submissions } = body.payload;
    expect(log).toMatchObject({ treeSize: expect.any(Number), rootHash: expect.any(String) });
    const checkpoint = await getJson(ctx.app, `/api/log/checkpoints/${log!.treeSize}`);
    expect(checkpoint.body).toMatchObject({ size: log!.treeSize, rootHash: log!.rootHash });
    for (const submission of submissions) {
      const entry = (await getJson(ctx.app, `/api/log/takes/${submission.takeId}`)).body;
      expect(entry.index).toBe(submission.logIndex);
      expect(submission.logIndex).toBeLessThan(log!.treeSize);
    }
    expect((await getJson(ctx.app, `/api/log/receipts/${ids[0]}`)).status).toBe(200);
  });

  test('a receipt inserted for a session still collecting is never verified: not published, not in the log', async () => {
    const { subjectId, ids } = await chain(['2026-06-01']);
    const real = (await receipt(ids[0]!)).body as ConsensusReceipt;
    const collecting = await open(subjectId, '2026-06-02');
    // An insider with the service key signs a receipt for the open session and stores it.
    const forged = await signReceipt(
      {
        ...real.payload,
        sessionId: collecting,
        date: '2026-06-02',
        previousReceiptDigest: real.digest,
      },
      SERVICE_SEED,
    );
    await ctx.testDb.database.db
      .insertInto('consensus_receipt')
      .values({
        session_id: collecting,
        subject_id: subjectId,
        payload: JSON.stringify(forged.payload),
        canonical_bytes: forged.canonicalBytes,
        digest: forged.digest,
        signature: JSON.stringify(forged.signature),
        key_id: forged.signature.keyId,
        created_at: ctx.clock.now(),
        chain_index: 2,
      })
      .execute();
    await ctx.app.convene.tlog.checkpoint();
    const body = (await receipt(collecting)).body;
    expect(body.verified).toBe(false);
    expect(codes(body)).toEqual(
      expect.arrayContaining([
        'session_not_published',
        'submission_not_in_log',
        'receipt_not_in_log',
      ]),
    );
    // The log never took it: the sequencer logs receipts of published sessions only.
    expect((await getJson(ctx.app, `/api/log/receipts/${collecting}`)).status).toBe(404);
  });

  test('a forged previousReceiptDigest re-signed with the service key is caught: the log holds another receipt', async () => {
    const { ids } = await chain(['2026-06-01', '2026-06-02']);
    const second = (await receipt(ids[1]!)).body as ConsensusReceipt;
    const resigned = await signReceipt(
      { ...second.payload, previousReceiptDigest: 'f'.repeat(64) },
      SERVICE_SEED,
    );
    await tamper(sql`update consensus_receipt set payload = ${JSON.stringify(resigned.payload)}::jsonb,
      canonical_bytes = ${resigned.canonicalBytes}, digest = ${resigned.digest},
      signature = ${JSON.stringify(resigned.signature)}::jsonb where session_id = ${ids[1]!}`);
    const body = (await receipt(ids[1]!)).body;
    expect(body.verified).toBe(false);
    expect(codes(body)).toEqual(['chain_mismatch', 'receipt_not_in_log']);
  });

  test('a deleted predecessor with the chain column nulled cannot hide: the chain is read from the log', async () => {
    const { ids } = await chain(['2026-06-01', '2026-06-02']);
    await tamper(sql`delete from consensus_receipt where session_id = ${ids[0]!}`);
    await tamper(
      sql`update consensus_receipt set chain_index = null where session_id = ${ids[1]!}`,
    );
    const body = (await receipt(ids[1]!)).body;
    expect(body.verified).toBe(false);
    expect(body.unverifiedReasons).toEqual([
      { code: 'chain_mismatch', message: expect.stringContaining('is missing from the service') },
    ]);
  });

  test('publishing does not wait for the log loops: it anchors while another holder keeps their locks', async () => {
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: `anchored-${++subjects}`,
      schedule: null,
      enabled: false,
      quorum: 1,
    });
    const id = await open(subjectId, '2026-06-01');
    for (const member of [alice, bob]) {
      const take = await signed(member, { date: '2026-06-01', subjectId });
      expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
    }
    const { database } = ctx.testDb;
    const published = await database.withAdvisoryLock(TLOG_LOCKS.sequence, () =>
      database.withAdvisoryLock(TLOG_LOCKS.checkpoint, () =>
        adminPost(ctx.app, `/api/swarm/admin/sessions/${id}/publish`),
      ),
    );
    expect(published.acquired).toBe(true);
    const inner = published.acquired ? published.value : undefined;
    expect(inner?.acquired).toBe(true);
    expect(inner?.acquired && inner.value.statusCode).toBe(200);
    const body = (await receipt(id)).body as ConsensusReceipt & { verified: boolean };
    // Anchored, and every counted take is under the recorded checkpoint.
    expect(body.payload.log?.treeSize).toBeGreaterThan(
      Math.max(...body.payload.submissions.map((s) => s.logIndex!)),
    );
  });

  test("a submission's log entry deleted, or the recorded checkpoint rewritten, reads with its reason", async () => {
    const { ids } = await chain(['2026-06-01']);
    const body = (await receipt(ids[0]!)).body as ConsensusReceipt;
    const [first] = body.payload.submissions;
    await tamper(
      sql`update take set log_index = null, leaf_hash = null where id = ${first!.takeId}`,
    );
    const afterDelete = (await receipt(ids[0]!)).body;
    expect(afterDelete.verified).toBe(false);
    expect(afterDelete.unverifiedReasons).toEqual([
      {
        code: 'submission_not_in_log',
        message: expect.stringContaining(`${first!.memberId}: no entry at ${first!.logIndex}`),
      },
    ]);
    // The recorded checkpoint replaced by one signed with another key (a forged tree head): the
    // log no longer serves the row (it is not what the log key signed), so the receipt's recorded
    // checkpoint is unknown.
    const { origin } = (await getJson(ctx.app, '/api/log/key')).body;
    const forged = await signCheckpoint(
      { origin, size: body.payload.log!.treeSize, rootHash: new Uint8Array(32).fill(1) },
      Buffer.alloc(32, 77).toString('base64'),
    );
    await tamper(
      sql`update tlog_checkpoint set note = ${forged} where size = ${body.payload.log!.treeSize}`,
    );
    const afterForge = (await receipt(ids[0]!)).body;
    expect(afterForge.unverifiedReasons).toContainEqual({
      code: 'log_checkpoint_unknown',
      message: expect.stringContaining(
        `no signed checkpoint of size ${body.payload.log!.treeSize}`,
      ),
    });
    expect(
      (await getJson(ctx.app, `/api/log/checkpoints/${body.payload.log!.treeSize}`)).status,
    ).toBe(404);
  });

  test('a deleted receipt entry or take position is never appended again: the recovery pass refuses, no duplicate', async () => {
    const { ids } = await chain(['2026-06-02']);
    await ctx.app.convene.tlog.checkpoint(); // integrated: the tree holds every leaf
    const body = (await receipt(ids[0]!)).body as ConsensusReceipt;
    const [first] = body.payload.submissions;
    const before = (await getJson(ctx.app, '/api/log/checkpoint.json')).body.size as number;
    await tamper(sql`delete from tlog_entry where receipt_session_id = ${ids[0]!}`);
    await tamper(
      sql`update take set log_index = null, leaf_hash = null where id = ${first!.takeId}`,
    );
    await ctx.app.convene.tlog.recover();
    await ctx.app.convene.tlog.checkpoint();
    expect((await getJson(ctx.app, '/api/log/checkpoint.json')).body.size).toBe(before);
    const refused = await ctx.testDb.database.db
      .selectFrom('tlog_refused')
      .select(['subject', 'reason'])
      .where('subject', 'in', [ids[0]!, first!.takeId])
      .orderBy('kind')
      .execute();
    expect(refused).toEqual([
      {
        subject: ids[0]!,
        reason: expect.stringMatching(/^already committed to the log at index \d+/),
      },
      {
        subject: first!.takeId,
        reason: `already committed to the log at index ${first!.logIndex}: its entry or position was removed behind the service, so it is not appended again`,
      },
    ]);
    expect(codes((await receipt(ids[0]!)).body)).toContain('receipt_not_in_log');
  });
});
