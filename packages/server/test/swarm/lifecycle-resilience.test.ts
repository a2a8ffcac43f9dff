import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Clock } from '../../src/clock.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { DataVersions } from '../../src/db/data-versions.js';
import { kyselyTransactor } from '../../src/db/transactor.js';
import { sweepLifecycle } from '../../src/swarm/sessions/jobs.js';
import { composeRegime } from '../../src/regime/compose.js';
import { composeTreasury } from '../../src/treasury/compose.js';
import type { Tlog } from '../../src/tlog/plugin.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import {
  adminPost,
  countRows,
  getJson,
  runLifecycle,
  scheduledSubject,
  secondApp,
} from './session-support.js';

const WEIGHTS = [
  { bucket: 'aave', weight: 0.24 },
  { bucket: 'morpho', weight: 0.24 },
  { bucket: 'compound', weight: 0.24 },
  { bucket: 'sky', weight: 0.23 },
  { bucket: 'juno', weight: 0.05 },
];

describeEachDatabase('swarm lifecycle under restarts, replicas and downtime', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;

  beforeEach(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-06-01T12:00:00Z');
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    await scheduledSubject(ctx.testDb.database.db);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const db = () => ctx.testDb.database.db;
  const fileBoth = async () => {
    for (const member of [alice, bob]) {
      const take = await signed(member, { weights: WEIGHTS });
      expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
    }
  };

  test('a crash between creating a session and publishing its brief: the next run (another app) publishes it once', async () => {
    await runLifecycle(ctx);
    const open = (await getJson(ctx.app, '/api/swarm/open-session')).body;
    await db().deleteFrom('brief').where('session_id', '=', open.id).execute();
    const restarted = await secondApp(ctx);
    try {
      expect(await restarted.app.convene.scheduler.runNow('swarm-lifecycle')).toBe('success');
      await restarted.app.convene.scheduler.runNow('swarm-lifecycle');
      expect(await countRows(db(), 'swarm_session')).toBe(1);
      expect(await countRows(db(), 'brief')).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  test('stopped after closing the window, or after aggregating, or after judging: a restarted app completes once', async () => {
    for (const stop of ['close', 'aggregate', 'judge']) {
      ctx.clock.advance(60_000);
      // Three sessions of one day: the later two asked for explicitly.
      const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
        subjectId: 'convene-treasury',
        additional: true,
      });
      const { sessionId } = opened.json<{ sessionId: string }>();
      await fileBoth();
      expect(
        (await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/${stop}`)).statusCode,
      ).toBe(200);
      const restarted = await secondApp(ctx);
      try {
        await restarted.app.convene.scheduler.runNow('swarm-lifecycle');
        await restarted.app.convene.scheduler.runNow('swarm-lifecycle');
      } finally {
        await restarted.close();
      }
      const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
      expect(session.state).toBe('published');
      const receipt = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`))
        .body;
      expect(receipt.verified).toBe(true);
    }
    expect(await countRows(db(), 'consensus_receipt')).toBe(3);
  });

  test('published but the treasury allocation not yet recorded: the next run records it exactly once', async () => {
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
    });
    const { sessionId } = opened.json<{ sessionId: string }>();
    await fileBoth();
    // The lifecycle service alone, as a crash right after the publish commit would leave it.
    const { lifecycle } = await standaloneLifecycle({
      database: ctx.testDb.database,
      versions: ctx.app.convene.versions,
      tlog: ctx.app.convene.tlog,
      clock: ctx.clock,
      config: ctx.config,
      log: ctx.app.log,
    });
    expect((await lifecycle.advance(sessionId, 'published')).state).toBe('published');
    const recorded = () =>
      db()
        .selectFrom('allocation_target')
        .select('version')
        .where('session_id', '=', sessionId)
        .execute();
    expect(await recorded()).toHaveLength(0);
    await runLifecycle(ctx);
    await runLifecycle(ctx);
    expect(await recorded()).toHaveLength(1);
  });

  test('missed fires after downtime are caught up once: only the latest fire convenes', async () => {
    await runLifecycle(ctx); // convenes the 2026-06-01 00:00 fire
    ctx.clock.set('2026-06-05T08:00:00Z'); // four fires missed
    await runLifecycle(ctx);
    await runLifecycle(ctx);
    const sessions = await db()
      .selectFrom('swarm_session')
      .select(['date', 'state', 'fire_at', 'window_closes_at'])
      .orderBy('seq')
      .execute();
    expect(sessions.map((s) => [s.date, s.state])).toEqual([
      ['2026-06-01', 'published'],
      ['2026-06-05', 'collecting'],
    ]);
    expect(sessions[1]?.window_closes_at?.toISOString()).toBe('2026-06-06T00:00:00.000Z');
  });

  test('two runs of the job at once: one holds the lock, one session per fire', async () => {
    const outcomes = await Promise.all([runLifecycle(ctx), runLifecycle(ctx)]);
    expect(outcomes.sort()).toEqual(['locked', 'success']);
    expect(await countRows(db(), 'swarm_session')).toBe(1);
  });

  if (kind === 'postgres') {
    test('two app instances on one PostgreSQL, locks bypassed too: each fire convenes exactly one session', async () => {
      const other = await secondApp(ctx);
      try {
        await Promise.all([
          runLifecycle(ctx),
          other.app.convene.scheduler.runNow('swarm-lifecycle'),
        ]);
        ctx.clock.set('2026-06-02T00:00:01Z');
        // Straight at the lifecycle, without the advisory lock: the unique fire settles it.
        const sweepOn = async (app: typeof ctx.app) => {
          const { database, versions, tlog } = app.convene;
          const parts = { database, versions, tlog, clock: ctx.clock, config: ctx.config };
          return sweepLifecycle(await standaloneLifecycle({ ...parts, log: app.log }));
        };
        await Promise.all([sweepOn(ctx.app), sweepOn(other.app), sweepOn(other.app)]);
        const fires = await db()
          .selectFrom('swarm_session')
          .select('fire_at')
          .orderBy('fire_at')
          .execute();
        expect(fires.map((f) => f.fire_at?.toISOString())).toEqual([
          '2026-06-01T00:00:00.000Z',
          '2026-06-02T00:00:00.000Z',
        ]);
        expect(await countRows(db(), 'consensus_receipt')).toBe(1);
      } finally {
        await other.close();
      }
    });
  }
});

/**
 * The lifecycle service and what its sweep uses, built alone over `database` the way the swarm's
 * composition root builds them (src/swarm/compose.ts), as a crashed or lock-free run would use them.
 */
async function standaloneLifecycle(on: {
  database: Database;
  versions: DataVersions;
  tlog: Tlog;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const { LifecycleService } = await import('../../src/swarm/sessions/lifecycle.js');
  const { SessionSteps } = await import('../../src/swarm/sessions/steps.js');
  const { AllocationBridge } = await import('../../src/swarm/sessions/allocation-bridge.js');
  const { ServiceKeyStore } = await import('../../src/swarm/receipts/service-key.js');
  const { ServiceKeyRepository } =
    await import('../../src/swarm/receipts/service-key-repository.js');
  const { SessionRepository } = await import('../../src/swarm/sessions/repository.js');
  const { SubjectRepository } = await import('../../src/swarm/subjects/repository.js');
  const { BriefRepository } = await import('../../src/swarm/briefs/repository.js');
  const { JudgementRepository } = await import('../../src/swarm/judgements/repository.js');
  const { ReceiptRepository } = await import('../../src/swarm/receipts/repository.js');
  const { database, versions, clock } = on;
  const { db } = database;
  const transactor = kyselyTransactor(db);
  const sessions = new SessionRepository(db);
  const subjects = new SubjectRepository(db);
  const briefs = new BriefRepository(db);
  const treasury = composeTreasury(database, versions, transactor);
  const lifecycle = new LifecycleService({
    transactor,
    sessions,
    subjects,
    briefs,
    steps: new SessionSteps({
      sessions,
      judgements: new JudgementRepository(db),
      receipts: new ReceiptRepository(db),
    }),
    treasury: treasury.reads,
    allocations: treasury.allocations,
    clock,
    versions,
    regime: composeRegime(database, versions).service,
    serviceKeys: new ServiceKeyStore({ keys: new ServiceKeyRepository(db), config: on.config }),
    log: on.tlog,
  });
  const allocations = new AllocationBridge({
    transactor,
    sessions,
    allocations: treasury.allocations,
    versions,
    log: on.log,
  });
  return { sessions, subjects, briefs, clock, lifecycle, allocations, log: on.log };
}
