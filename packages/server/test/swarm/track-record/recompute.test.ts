import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { STANCES } from '@convene/protocol';
import { seededRandom } from '@convene/test-support';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRACK_RECORD_JOB } from '../../../src/swarm/track-record/recorder.js';
import { createTestApp, type TestContext } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { newMember, type TestMember } from '../../support/swarm.js';
import {
  insertObservations,
  publishedSession,
  TRACK_ENV,
  treasurySubject,
  type PlannedTake,
} from './support.js';

/*
 * A second implementation, in Python, written from docs/methodology.md alone
 * (../python/track_record.py), recomputes every outcome's arithmetic, every score and the
 * leaderboard from the public API, and must agree with what the service serves to 1e-9.
 */
const run = promisify(execFile);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SCRIPT = fileURLToPath(new URL('../python/track_record.py', import.meta.url));
/** The `convene` CLI as users run it (built by `npm run build`, which `npm test` runs first). */
const CLI = fileURLToPath(new URL('../../../../client/bin/convene.js', import.meta.url));

describeEachDatabase('the track records, recomputed by others', (kind) => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: TRACK_ENV });
    const db = ctx.testDb.database.db;
    const members: TestMember[] = [];
    for (let i = 0; i < 5; i++) members.push(await newMember(ctx.app));
    const subject = await treasurySubject(db, [
      { bucket: 'service_token', valueUsd: 20_000 },
      { bucket: 'aave', valueUsd: 30_000 },
    ]);
    const unvalued = await treasurySubject(db, [{ bucket: 'sky', valueUsd: 1_000 }]);
    // Daily series that wander up and down, so sessions' outcomes differ.
    const days = Array.from({ length: 80 }, (_, d) =>
      new Date(Date.parse('2026-05-25T00:00:00Z') + d * 86_400_000).toISOString().slice(0, 10),
    );
    await insertObservations(
      db,
      'TESTA',
      days.map((day, d) => [day, 1 + d * 0.0001]),
    );
    await insertObservations(
      db,
      'TESTB',
      days.map((day, d) => [day, 100 * (1 + 0.08 * Math.sin(d / 3))]),
    );
    const draws = seededRandom('TRACK_RECORD_SEED');
    console.log(`TRACK_RECORD_SEED=${draws.seed} replays this test's takes`);
    const random = () => draws.next();
    const buckets = ['aave', 'service_token', 'morpho', 'zyfai'];
    for (let s = 0; s < 8; s++) {
      const round: PlannedTake[] = [];
      for (const member of members) {
        if (random() < 0.2) continue; // absent: scored as the neutral forecast in the rank
        const weighted = random() < 0.8;
        round.push({
          member,
          stance: STANCES[Math.floor(random() * STANCES.length)]!,
          confidence: Math.round(random() * 100) / 100,
          ...(weighted
            ? {
                weights: buckets
                  .filter(() => random() < 0.7)
                  .map((bucket) => ({ bucket, weight: Math.round(random() * 100) / 100 + 0.01 })),
              }
            : {}),
        });
      }
      const planned = round.map((take) =>
        take.weights?.length === 0 ? { ...take, weights: [{ bucket: 'aave', weight: 1 }] } : take,
      );
      await publishedSession(ctx, s % 4 === 3 ? unvalued : subject, [planned]);
      ctx.clock.advance(86_400_000);
    }
    ctx.clock.set('2026-07-25T00:00:00Z');
    await ctx.app.convene.scheduler.runNow(TRACK_RECORD_JOB);
    // Signed into a checkpoint, so the CLI can prove each outcome entry is in the log.
    await ctx.app.convene.tlog.sequencer.integrate();
    await ctx.app.convene.tlog.service.checkpointNow();
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('agrees with the served leaderboard and swarm record to 1e-9, on every horizon', async () => {
    const { stdout } = await run(PYTHON, [SCRIPT, base, '--min-takes', '2'], {
      env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
      timeout: 60_000,
    });
    const python = JSON.parse(stdout) as Record<
      string,
      { members: Record<string, Record<string, unknown>>; swarm: Record<string, unknown> }
    >;
    expect(Object.keys(python).sort()).toEqual(['30', '7']);
    let compared = 0;
    for (const [horizon, recomputed] of Object.entries(python)) {
      const served = (
        await ctx.app.inject({ url: `/api/swarm/track-record?horizon=${horizon}&limit=200` })
      ).json();
      expect(served.swarm.sessions).toBe(6);
      expectClose(recomputed.swarm, served.swarm, `swarm ${horizon}`);
      expect(Object.keys(recomputed.members).sort()).toEqual(
        served.leaderboard.map((m: { memberId: string }) => m.memberId).sort(),
      );
      for (const member of served.leaderboard) {
        const mine = recomputed.members[member.memberId]!;
        expectClose(mine, member, `member ${member.handle} ${horizon}`);
        compared++;
      }
    }
    expect(compared).toBe(10);
  });

  test('convene track-record verify recomputes from the log and the public series (exit 0, 6, 1)', async () => {
    const keys = {
      log: (await ctx.app.inject({ url: '/api/log/key' })).json<{ publicKey: string }>().publicKey,
      service: (await ctx.app.inject({ url: '/api/swarm/receipt-key' })).json<{
        publicKey: string;
      }>().publicKey,
    };
    const pinned = ['--log-key', keys.log, '--service-key', keys.service];
    const all = await convene(base, ['track-record', 'verify', '--all', ...pinned]);
    expect(all.stdout).toContain('the 7-day leaderboard recomputes (5 members)');
    expect([all.code, all.stdout.trim().split('\n').at(-1)]).toEqual([0, 'VERIFIED']);
    const member = (await ctx.app.inject({ url: '/api/swarm/track-record?limit=1' })).json<{
      leaderboard: Array<{ handle: string }>;
    }>().leaderboard[0]!.handle;
    const one = await convene(base, ['track-record', 'verify', member, ...pinned]);
    expect(one.stdout).toContain(`${member}'s 30-day record recomputes`);
    expect(one.code).toBe(0);
    // Without pinned keys nothing differs, but the keys could not be checked: exit 6.
    expect((await convene(base, ['track-record', 'verify', member])).code).toBe(6);
    // A series rewritten after the outcomes were published no longer matches them: exit 1.
    await insertObservations(ctx.testDb.database.db, 'TESTB', [['2026-06-09', 1]]);
    const changed = await convene(base, ['track-record', 'verify', '--all', ...pinned]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/✗ outcome inputs are the public series' values/);
  });
});

/** Runs `convene` against the listening server; resolves with its exit code and output. */
async function convene(base: string, args: string[]) {
  return run(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', CONVENE_URL: base },
    timeout: 120_000,
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

/** Every figure `expected` (the recomputation) has equals `actual`'s to 1e-9; ranks exactly. */
function expectClose(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  where: string,
) {
  for (const [key, value] of Object.entries(expected)) {
    const served = actual[key];
    if (Array.isArray(value)) {
      value.forEach((bin, i) =>
        expectClose(
          bin as Record<string, unknown>,
          (served as unknown[])[i] as Record<string, unknown>,
          `${where} ${key}[${i}]`,
        ),
      );
    } else if (typeof value === 'number' && typeof served === 'number') {
      expect(
        Math.abs(value - served),
        `${where} ${key}: ${value} vs ${served}`,
      ).toBeLessThanOrEqual(1e-9);
    } else {
      expect(served, `${where} ${key}`).toEqual(value);
    }
  }
}
