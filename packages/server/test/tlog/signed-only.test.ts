import { generateKeyPair, signCheckpoint, verifyCheckpointNote } from '@convene/protocol';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { getJson } from '../swarm/session-support.js';
import { LOG_SEED, logFixture, ORIGIN, type LogFixture } from './log-fixture.js';

describeEachDatabase('the log serves only what it signed; a stopped signer shows', (kind) => {
  let log: LogFixture;

  beforeEach(async () => {
    log = await logFixture(kind, { LOG_STALL_SECONDS: '30' });
  });
  afterEach(async () => {
    await log.ctx.close();
  });

  const head = async () =>
    Number(
      (
        await log.ctx.testDb.database.db
          .selectFrom('tlog_head')
          .select('size')
          .executeTakeFirstOrThrow()
      ).size,
    );
  const insertCheckpoint = (size: number, note: string) =>
    log.tamper(
      sql`insert into tlog_checkpoint (size, root_hash, note) values (${size}, ${Buffer.alloc(32, 7)}, ${note})`,
    );
  const health = async () => (await log.ctx.app.inject({ url: '/health' })).json();
  const adminStatus = async () =>
    (
      await log.ctx.app.inject({
        url: '/api/admin/status',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      })
    ).json();
  const metrics = async () => (await log.ctx.app.inject({ url: '/metrics' })).body;

  test('a row at head+3 signed by a random key is ignored and raises an alarm; the log goes on', async () => {
    await log.fileTake();
    await log.checkpoint();
    const honest = await log.latestNote();
    const size = (await head()) + 3;
    const stranger = await generateKeyPair();
    const forged = await signCheckpoint(
      { origin: ORIGIN, size, rootHash: new Uint8Array(32).fill(7) },
      stranger.secretKey,
    );
    await insertCheckpoint(size, forged);

    // Served: the latest good checkpoint, on every route.
    expect(await log.latestNote()).toBe(honest);
    expect((await getJson(log.ctx.app, '/api/log/checkpoint.json')).body.note).toBe(honest);
    expect((await getJson(log.ctx.app, `/api/log/checkpoints/${size}`)).status).toBe(404);

    // The signer skips it and keeps signing: new takes get proofs.
    const filed: Array<{ recommendationId: number; logIndex: number }> = [];
    for (let i = 0; i < 4; i++) {
      filed.push(await log.fileTake());
      await log.checkpoint();
    }
    const latest = await verifyCheckpointNote(await log.latestNote(), { logKey: log.logKey });
    expect(latest.ok && latest.checkpoint.size).toBe(await head());
    const take = await getJson(log.ctx.app, `/api/swarm/takes/${filed.at(-1)!.recommendationId}`);
    expect(take.body.inclusion).toMatchObject({ treeSize: await head() });
    expect(take.body.inclusionPending).toBeNull();

    // The alarm: status and metrics (an error line is logged too).
    const status = await adminStatus();
    expect(status.log.rejectedCheckpoints.count).toBeGreaterThanOrEqual(1);
    expect(status.log.rejectedCheckpoints.last.reason).toMatch(/not signed by the log key/);
    expect(await metrics()).toMatch(
      /convene_tlog_alarms_total\{kind="checkpoint_rejected"\} [1-9]/,
    );
    expect((await health()).status).toBe('ok');
  });

  test('a stranger row squatting on the size the tree reaches: the signer says it cannot store its checkpoint, and recovers past it', async () => {
    const filer = await log.member();
    await log.fileTake(filer);
    await log.checkpoint();
    const size = (await head()) + 1;
    const stranger = await generateKeyPair();
    await insertCheckpoint(
      size,
      await signCheckpoint(
        { origin: ORIGIN, size, rootHash: new Uint8Array(32).fill(7) },
        stranger.secretKey,
      ),
    );
    const squatted = await log.fileTake(filer);
    await log.checkpoint();
    expect(await head()).toBe(size);
    const body = await health();
    expect(body.status).toBe('degraded');
    expect(body.transparency_log).toMatch(
      new RegExp(
        `^halted: a checkpoint row of size ${size} that the log key did not sign occupies`,
      ),
    );
    const take = await getJson(log.ctx.app, `/api/swarm/takes/${squatted.recommendationId}`);
    expect(take.body.inclusion).toBeNull();
    expect(take.body.inclusionPending).toMatch(
      /^the log's signer has stopped: .*occupies that size/,
    );
    // One more entry and the tree grows past the squatted size: signed, proven, ok again.
    await log.fileTake(filer);
    await log.checkpoint();
    expect((await health()).status).toBe('ok');
    const proven = await getJson(log.ctx.app, `/api/swarm/takes/${squatted.recommendationId}`);
    expect(proven.body.inclusion).toMatchObject({ treeSize: size + 1 });
  });

  test('a row the log key signed beyond the tree halts the signer: /health degraded, status, metrics, takes say why', async () => {
    const filer = await log.member();
    await log.fileTake(filer);
    await log.checkpoint();
    const honest = await log.latestNote();
    const size = (await head()) + 3;
    const beyond = await signCheckpoint(
      { origin: ORIGIN, size, rootHash: new Uint8Array(32).fill(7) },
      LOG_SEED,
    );
    await insertCheckpoint(size, beyond);
    const { recommendationId } = await log.fileTake(filer);
    await expect(log.checkpoint()).rejects.toThrow(/refusing to sign/);

    expect(await log.latestNote()).toBe(honest);
    const body = await health();
    expect(body).toMatchObject({
      status: 'degraded',
      db: `${kind}: ok`,
      handle_namespace: 'enforced',
      append_only_guard: 'enforced',
    });
    expect(body.transparency_log).toMatch(/^halted: .*beyond the tree.*refusing to sign/);
    expect(body.reason).toMatch(/transparency log: halted/);

    const status = await adminStatus();
    expect(status.log).toMatchObject({ size: await head(), signer: { state: 'halted' } });
    expect(await metrics()).toMatch(/convene_tlog_signer_up\{state="halted"\} 0/);

    const take = await getJson(log.ctx.app, `/api/swarm/takes/${recommendationId}`);
    expect(take.body.inclusion).toBeNull();
    expect(take.body.inclusionPending).toMatch(/^the log's signer has stopped: /);
  });

  test('a tree ahead of the latest checkpoint for longer than LOG_STALL_SECONDS reads as stalled', async () => {
    await log.checkpoint();
    const { recommendationId } = await log.fileTake();
    await log.ctx.app.convene.tlog.sequencer.integrate();
    expect((await health()).status).toBe('ok');
    const pending = await getJson(log.ctx.app, `/api/swarm/takes/${recommendationId}`);
    expect(pending.body.inclusionPending).toMatch(/^not yet covered by a checkpoint/);

    log.ctx.clock.advance(31_000);
    const body = await health();
    expect(body.status).toBe('degraded');
    expect(body.transparency_log).toMatch(/^stalled: the tree \(size \d+\) has been ahead/);
    expect((await adminStatus()).log.signer.state).toBe('stalled');
    const stalled = await getJson(log.ctx.app, `/api/swarm/takes/${recommendationId}`);
    expect(stalled.body.inclusionPending).toMatch(/^the log's signer has stopped: /);

    await log.checkpoint();
    expect((await health()).status).toBe('ok');
  });
});
