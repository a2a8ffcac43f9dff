import {
  cosignatureSigner,
  formatCosignerKey,
  generateKeyPair,
  logEntryLeafHash,
  addNoteSignatures,
  bytesToBase64,
  canonicalTake,
  parseLogEntry,
  signCheckpoint,
  verifyCheckpointConsistency,
  verifyCheckpointNote,
  verifyEntryInclusion,
  type InclusionProofJson,
} from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import {
  adminPost,
  fileJudgement,
  getJson,
  newJudge,
  scheduledSubject,
} from '../swarm/session-support.js';

const LOG_SEED = Buffer.alloc(32, 9).toString('base64');
const ORIGIN = 'log.test.example/convene-log';

describeEachDatabase('transparency log', (kind) => {
  let ctx: TestContext;
  let members: TestMember[];
  let sessionId: string;
  /** The tree size after the concurrent batch of takes (set by that test). */
  let batchSize = 0;
  let logKey: string;
  let witness: { publicKey: string; secretKey: string };

  const open = async (date: string) => {
    ctx.clock.advance(60_000);
    const response = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
      date,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ sessionId: string }>().sessionId;
  };
  const checkpointNow = () => ctx.app.convene.tlog.checkpoint();
  const latest = async () => (await ctx.app.inject({ url: '/api/log/checkpoint' })).body;
  const inclusion = async (query: string) =>
    getJson<InclusionProofJson & { entry: string }>(ctx.app, `/api/log/proof/inclusion?${query}`);
  /** Rewrites a stored row past the append-only trigger, as an attacker with database access could. */
  const tamper = (statement: ReturnType<typeof sql>) =>
    ctx.testDb.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  beforeAll(async () => {
    witness = await generateKeyPair();
    ctx = await createTestApp(kind, {
      env: {
        LOG_SIGNING_KEY: LOG_SEED,
        LOG_ORIGIN: ORIGIN,
        LOG_WITNESSES: formatCosignerKey('witness.test/w1', witness.publicKey),
      },
    });
    members = [];
    for (let i = 0; i < 8; i++) members.push(await newMember(ctx.app, `Member ${i}`));
    await scheduledSubject(ctx.testDb.database.db, { schedule: null, enabled: false, quorum: 1 });
    sessionId = await open('2026-06-01');
    logKey = (await getJson(ctx.app, '/api/log/key')).body.vkey;
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('the key route names the configured origin; a new log first signs its keys-begin marker', async () => {
    expect(logKey.startsWith(`${ORIGIN}+`)).toBe(true);
    const verified = await verifyCheckpointNote(await latest(), { logKey });
    // Entry 0 of every log is the keys-begin marker (migration 0018), signed at start.
    expect(verified.ok && verified.checkpoint.size).toBe(1);
  });

  test('concurrent submits, with failures among them, get consecutive indices and every 201 carries its position', async () => {
    // The members' key events are entries too: sign them first.
    await checkpointNow();
    const before = (await getJson(ctx.app, '/api/log/checkpoint.json')).body.size as number;
    const attempts = await Promise.all(
      members.flatMap((member, i) => [
        signed(member, { date: '2026-06-01' }).then((take) => submit(ctx.app, member.token, take)),
        // Every other member also sends a forged signature and a replayed nonce: refused, never logged.
        ...(i % 2 === 0
          ? [
              signed(member, { date: '2026-06-01' }).then((take) =>
                submit(ctx.app, member.token, { ...take, signature: members[i + 1]!.publicKey }),
              ),
            ]
          : []),
      ]),
    );
    const accepted = attempts.filter((r) => r.statusCode === 201).map((r) => r.json());
    const refused = attempts.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(members.length);
    expect(refused.length).toBeGreaterThan(0);
    const indices = accepted.map((b) => b.logIndex as number).sort((a, b) => a - b);
    expect(indices).toEqual(Array.from({ length: members.length }, (_, i) => before + i));

    await checkpointNow();
    const note = await latest();
    const head = await verifyCheckpointNote(note, { logKey });
    expect(head.ok && head.checkpoint.size).toBe(before + members.length);
    batchSize = before + members.length;
    const { body } = await getJson(
      ctx.app,
      `/api/log/entries?start=${before}&end=${before + members.length}`,
    );
    for (const body201 of accepted) {
      const entry = body.entries.find((e: { index: number }) => e.index === body201.logIndex);
      expect(entry.leafHash).toBe(body201.leafHash);
      expect(bytesToBase64(logEntryLeafHash(entry.entry))).toBe(body201.leafHash);
      const proof = await inclusion(`leafHash=${encodeURIComponent(body201.leafHash)}`);
      expect(proof.status).toBe(200);
      expect(
        await verifyEntryInclusion({
          entry: entry.entry,
          proof: proof.body,
          checkpoint: note,
          logKey,
        }),
      ).toMatchObject({ ok: true });
      // The entry binds what the row says: take id, member, revision, session.
      const parsed = parseLogEntry(entry.entry);
      expect(
        parsed.ok && parsed.entry.kind === 'convene.log.take.v1' && parsed.entry.sessionId,
      ).toBe(sessionId);
    }
  });

  test('a take inserted behind the service is not logged and is reported; a valid unsequenced one is recovered', async () => {
    const db = ctx.testDb.database.db;
    const [alice, bob] = members as [TestMember, TestMember];
    // Alice's take filed under Bob's member id (an insider with write access).
    const forged = await signed(alice, { date: '2026-06-01' });
    const key = await db
      .selectFrom('member_key')
      .select('id')
      .where('member_id', '=', bob.memberId)
      .executeTakeFirstOrThrow();
    const forgedId = crypto.randomUUID();
    const recoveredId = crypto.randomUUID();
    const genuine = await signed(bob, { date: '2026-06-01' });
    const row = (id: string, take: typeof forged, revision: number) => ({
      id,
      session_id: sessionId,
      member_id: bob.memberId,
      revision,
      key_id: key.id,
      nonce: take.nonce,
      stance: take.stance,
      confidence: take.confidence,
      body: take.body ?? '',
      memo_url: '',
      weights: null,
      canonical: canonicalOf(take),
      signature: take.signature,
      received_at: ctx.clock.now(),
    });
    const filed = await db
      .selectFrom('take')
      .select(db.fn.countAll<number>().as('n'))
      .where('member_id', '=', bob.memberId)
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('take')
      .values(row(forgedId, forged, Number(filed.n) + 1))
      .execute();
    // A genuine take committed but never sequenced (as after a SIGKILL between commit and 201).
    await db
      .insertInto('take')
      .values(row(recoveredId, genuine, Number(filed.n) + 2))
      .execute();

    await ctx.app.convene.tlog.recover();
    expect((await getJson(ctx.app, `/api/log/takes/${forgedId}`)).status).toBe(404);
    const refused = await db
      .selectFrom('tlog_refused')
      .selectAll()
      .where('subject', '=', forgedId)
      .executeTakeFirst();
    expect(refused?.reason).toMatch(/signature|another member/);
    const recovered = await getJson(ctx.app, `/api/log/takes/${recoveredId}`);
    expect(recovered.status).toBe(200);
    await checkpointNow();
    const proof = await inclusion(`index=${recovered.body.index}`);
    expect(
      await verifyEntryInclusion({
        entry: recovered.body.entry,
        proof: proof.body,
        checkpoint: await latest(),
        logKey,
      }),
    ).toMatchObject({ ok: true });
  });

  test('a published consensus receipt is logged and proves inclusion', async () => {
    const judge = await newJudge(ctx.app, 'Judy');
    const published = await open('2026-06-02');
    for (const member of members.slice(0, 2)) {
      const take = await signed(member, { date: '2026-06-02' });
      expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
    }
    await fileJudgement(ctx.app, judge, published, { mode: 'shadow' });
    expect(
      (await adminPost(ctx.app, `/api/swarm/admin/sessions/${published}/publish`)).statusCode,
    ).toBe(200);
    await ctx.app.convene.tlog.recover();
    await checkpointNow();
    const entry = await getJson(ctx.app, `/api/log/receipts/${published}`);
    expect(entry.status).toBe(200);
    const receipt = (await getJson(ctx.app, `/api/swarm/sessions/${published}/consensus-receipt`))
      .body;
    expect(entry.body.entry).toContain(receipt.digest);
    const proof = await inclusion(`index=${entry.body.index}`);
    expect(
      await verifyEntryInclusion({
        entry: entry.body.entry,
        proof: proof.body,
        checkpoint: await latest(),
        logKey,
      }),
    ).toMatchObject({ ok: true });
  });

  test('consistency proofs between every kept checkpoint verify; a proof for a forked view does not', async () => {
    // The first checkpoint covers the keys-begin marker (entry 0 of every log).
    const first = (await getJson(ctx.app, '/api/log/checkpoints/1')).body.note as string;
    const now = await latest();
    const size = ((await verifyCheckpointNote(now, { logKey })) as { checkpoint: { size: number } })
      .checkpoint.size;
    for (const older of [1, batchSize, size - 1, size]) {
      const kept = await getJson(ctx.app, `/api/log/checkpoints/${older}`);
      if (kept.status !== 200) continue;
      const proof = (await getJson(ctx.app, `/api/log/proof/consistency?from=${older}&to=${size}`))
        .body;
      expect(
        await verifyCheckpointConsistency({
          older: kept.body.note,
          newer: now,
          proof: proof.hashes,
          logKey,
        }),
      ).toEqual({ ok: true, older: expect.anything(), newer: expect.anything() });
    }
    expect(first.startsWith(`${ORIGIN}\n1\n`)).toBe(true);
    // A fork signed with the (stolen) log key: same size, another root. The proof from the real
    // log does not lead from a kept checkpoint to it.
    const half = batchSize; // the checkpoint signed after the concurrent batch
    const kept = (await getJson(ctx.app, `/api/log/checkpoints/${half}`)).body;
    expect(kept.size).toBe(half);
    // Answers that cannot change are cacheable forever; the latest checkpoint is not.
    const keptResponse = (await getJson(ctx.app, `/api/log/checkpoints/${half}`)).response;
    expect(keptResponse.headers['cache-control']).toContain('immutable');
    const pinnedProof = await getJson(ctx.app, `/api/log/proof/inclusion?index=0&treeSize=${half}`);
    expect(pinnedProof.response.headers['cache-control']).toContain('immutable');
    const latestResponse = await ctx.app.inject({ url: '/api/log/checkpoint' });
    expect(latestResponse.headers['cache-control']).toBe('no-cache');
    const proof = (await getJson(ctx.app, `/api/log/proof/consistency?from=${half}&to=${size}`))
      .body;
    const fork = await signCheckpoint(
      { origin: ORIGIN, size, rootHash: new Uint8Array(32).fill(7) },
      LOG_SEED,
    );
    expect(
      await verifyCheckpointConsistency({
        older: kept.note,
        newer: fork,
        proof: proof.hashes,
        logKey,
      }),
    ).toMatchObject({ ok: false, code: 'consistency_proof_invalid' });
  });

  test('witness cosignatures are verified, stored and served beside the checkpoint', async () => {
    const vkey = formatCosignerKey('witness.test/w1', witness.publicKey);
    const note = await latest();
    const ts = Math.floor(ctx.clock.now().getTime() / 1000);
    const cosigned = await addNoteSignatures(
      note,
      await cosignatureSigner('witness.test/w1', witness.secretKey, ts),
    );
    const post = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/log/cosignatures', payload: body });
    const ok = await post({ vkey, cosignedCheckpoint: cosigned });
    expect(ok.statusCode).toBe(201);
    const served = await latest();
    const verified = await verifyCheckpointNote(served, { logKey, cosignerKeys: [vkey] });
    expect(verified.ok && verified.cosignatures).toEqual([
      { name: 'witness.test/w1', keyId: vkey.split('+')[1], timestamp: ts },
    ]);
    // Another key's signature presented under this vkey, a checkpoint we never issued: refused.
    const other = await generateKeyPair();
    const impostor = await addNoteSignatures(
      note,
      await cosignatureSigner('witness.test/w1', other.secretKey, ts),
    );
    expect((await post({ vkey, cosignedCheckpoint: impostor })).statusCode).toBe(400);
    const fakeText = note.replace(/\n\d+\n/, '\n999\n');
    expect((await post({ vkey, cosignedCheckpoint: fakeText })).statusCode).toBe(400);
  });

  test('a checkpoint row beyond the tree (written behind the service) breaks no read and is never signed past', async () => {
    const db = ctx.testDb.database.db;
    const member = members[2]!;
    const take = await signed(member, { date: '2026-06-01' });
    const filed = await submit(ctx.app, member.token, take);
    expect(filed.statusCode).toBe(201);
    await checkpointNow();
    const honest = await verifyCheckpointNote(await latest(), { logKey });
    if (!honest.ok) throw new Error(honest.message);
    // An insider with the log key signs a tree head far beyond the stored tree and stores it.
    const size = honest.checkpoint.size + 100;
    const rootHash = new Uint8Array(32).fill(7);
    const fake = await signCheckpoint({ origin: ORIGIN, size, rootHash }, LOG_SEED);
    await db
      .insertInto('tlog_checkpoint')
      .values({ size, root_hash: Buffer.from(rootHash), note: fake })
      .execute();

    // Reads prove against the newest checkpoint the tree reaches; nothing answers 500.
    const { recommendationId } = filed.json<{ recommendationId: number }>();
    const served = await getJson(ctx.app, `/api/swarm/takes/${recommendationId}`);
    expect(served.status).toBe(200);
    expect(served.body.inclusion).toMatchObject({ treeSize: honest.checkpoint.size });
    const proof = await inclusion(`index=${filed.json<{ logIndex: number }>().logIndex}`);
    expect(proof.status).toBe(200);
    expect(proof.body.treeSize).toBe(honest.checkpoint.size);

    // The signer fails closed: it will not sign a tree that does not extend what it published.
    const another = members[3]!;
    const next = await signed(another, { date: '2026-06-01' });
    expect((await submit(ctx.app, another.token, next)).statusCode).toBe(201);
    await expect(ctx.app.convene.tlog.checkpoint()).rejects.toThrow(/beyond the tree/);
    const newest = await db
      .selectFrom('tlog_checkpoint')
      .select('size')
      .orderBy('size', 'desc')
      .execute();
    expect(newest.map((r) => Number(r.size)).filter((s) => s !== size)).not.toContain(
      honest.checkpoint.size + 1,
    );
    // The operator removes the row; signing resumes from the honest tree.
    await tamper(sql`delete from tlog_checkpoint where size = ${size}`);
    await checkpointNow();
    const resumed = await verifyCheckpointNote(await latest(), { logKey });
    expect(resumed.ok && resumed.checkpoint.size).toBe(honest.checkpoint.size + 1);
  });

  test('log rows are append-only, and a rewritten entry or node is caught by the verifiers', async () => {
    const db = ctx.testDb.database.db;
    await expect(
      sql`update tlog_entry set entry = entry where idx = 0`.execute(db),
    ).rejects.toMatchObject({ code: 'CVG01' });
    await expect(
      sql`update take set leaf_hash = leaf_hash where log_index = 0`.execute(db),
    ).rejects.toMatchObject({ code: 'CVG01' });
    await expect(sql`delete from tlog_node where level = 0`.execute(db)).rejects.toMatchObject({
      code: 'CVG01',
    });
    const health = await getJson(ctx.app, '/health');
    expect(JSON.stringify(health.body)).not.toMatch(/missing: .*tlog/);
    const note = await latest();
    const { rows } = await sql<{ first: number | string }>`
      select min(log_index) as first from take`.execute(db);
    const t = Number(rows[0]!.first);
    const original = await inclusion(`index=${t}`);
    // An insider rewrites the first take (when it was received): the entry the log serves is
    // rebuilt from that row and no longer hashes to the leaf the signed tree holds.
    await tamper(
      sql`update take set received_at = received_at + interval '1 second' where log_index = ${t}`,
    );
    const rewritten = await inclusion(`index=${t}`);
    expect(
      await verifyEntryInclusion({
        entry: rewritten.body.entry,
        proof: rewritten.body,
        checkpoint: note,
        logKey,
      }),
    ).toMatchObject({ ok: false, code: 'leaf_hash_mismatch' });
    // Rewriting a stored node (the take's sibling leaf): proofs through it no longer reach the root.
    await tamper(sql`update tlog_node set hash = sha256(hash) where level = 0 and idx = ${t ^ 1}`);
    const broken = await inclusion(`index=${t}`);
    expect(
      await verifyEntryInclusion({
        entry: original.body.entry,
        proof: broken.body,
        checkpoint: note,
        logKey,
      }),
    ).toMatchObject({ ok: false, code: 'inclusion_proof_invalid' });
  });
});

function canonicalOf(take: Parameters<typeof canonicalTake>[0] & { signature: string }): string {
  const { signature, ...draft } = take;
  void signature;
  return canonicalTake(draft);
}
