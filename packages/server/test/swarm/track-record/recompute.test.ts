import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LABEL_MISSING, NO_OUTCOME_REASONS, sha256Hex, STANCES } from '@convene/protocol';
import { connectAsInsider, seededRandom } from '@convene/test-support';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRACK_RECORD_JOB } from '../../../src/swarm/track-record/recorder.js';
import { createTestApp, type TestContext } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { newMember, type TestMember } from '../../support/swarm.js';
import { secondApp } from '../session-support.js';
import {
  declaredSubject,
  insertObservations,
  publishedSession,
  TRACK_ENV,
  treasurySubject,
  type PlannedTake,
} from './support.js';

/*
 * A second implementation, in Python, written from docs/methodology.md alone
 * (../python/track_record.py), rebuilds every outcome record from the public series, checks which
 * outcomes are due, recomputes every score, the leaderboard in every sort, per subject too, and
 * must agree with what the service serves to 1e-9 (the records exactly).
 */
const run = promisify(execFile);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const SCRIPT = fileURLToPath(new URL('../python/track_record.py', import.meta.url));
/** The `convene` CLI as users run it (built by `npm run build`, which `npm test` runs first). */
const CLI = fileURLToPath(new URL('../../../../client/bin/convene.js', import.meta.url));

/**
 * The gaps subject's labels each follow a series with a hole (§2, "A label's return"), and a 2-day
 * horizon, since `no_new_observation` needs one of 4 days or fewer.
 */
const ENV = {
  ...TRACK_ENV,
  TRACK_RECORD_HORIZONS: '2,7,30',
  TRACK_RECORD_SERIES: [
    TRACK_ENV.TRACK_RECORD_SERIES,
    'compound=regime:TESTC',
    'stable_yield=regime:TESTE',
    'usdc-aave=regime:TESTF',
    'usdc-morpho=regime:TESTG',
  ].join(','),
};
/**
 * The outcome job runs at the very start of this day: the 30-day outcome of the session aggregated
 * on 2026-06-07 is due from now (t1 + 2 days = 2026-07-09), the next day's is not.
 */
const NOW = '2026-07-09T00:00:00.000Z';

type Figures = Record<string, unknown>;
interface Recomputed {
  members: Record<string, Figures & { status: string }>;
  orders: Record<string, string[]>;
  sessions: Figures[];
  swarm: Figures;
  takes: Record<string, Figures[]>;
}

/** The two members, the smaller memberId first. */
const byId = (a: TestMember, b: TestMember): [TestMember, TestMember] =>
  a.memberId < b.memberId ? [a, b] : [b, a];

describeEachDatabase('the track records, recomputed by others', (kind) => {
  let ctx: TestContext;
  let base: string;
  let steady: TestMember;
  let partial: TestMember;
  let once: TestMember;
  let silent: TestMember;
  let unlisted: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: ENV });
    const db = ctx.testDb.database.db;
    const randoms: TestMember[] = [];
    for (let i = 0; i < 3; i++) randoms.push(await newMember(ctx.app));
    // Two members who always say 50/50 tie on the ranking Brier (0.25 exactly, absences included):
    // the one with more scored takes ranks first (§4), and it has the larger memberId, so an order
    // by memberId alone would differ.
    [partial, steady] = byId(await newMember(ctx.app), await newMember(ctx.app));
    const subject = await treasurySubject(db, [
      { bucket: 'service_token', valueUsd: 20_000 },
      { bucket: 'aave', valueUsd: 30_000 },
    ]);
    const unvalued = await treasurySubject(db, [{ bucket: 'sky', valueUsd: 1_000 }]);
    const gaps = await declaredSubject(
      db,
      ['compound', 'stable_yield', 'usdc-aave', 'usdc-morpho', 'aave'].map((bucket) => ({
        bucket,
        valueUsd: 1_000,
      })),
    );
    // No holding that counts; `giza` (worth 0) is not a label of its records either (§2).
    const empty = await declaredSubject(db, [
      { bucket: null, valueUsd: 5_000 },
      { bucket: 'giza', valueUsd: 0 },
    ]);
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
    // The gaps subject convenes on 2026-06-04 (t0), so over 2, 7 and 30 days:
    // TESTC's only value is 5 days before t0, one too old: no_start_value (no end value either).
    await insertObservations(db, 'TESTC', [['2026-05-30', 1]]);
    // TESTE stops on t0: no_new_observation at 2 days, no_end_value beyond.
    await insertObservations(
      db,
      'TESTE',
      days.filter((day) => day <= '2026-06-04').map((day, d) => [day, 2 + d * 0.01]),
    );
    // TESTF's only value is a 0 two days before t0, still t1's value at 2 days (4 days old):
    // no_new_observation, where non_positive_start applies too; no_end_value beyond, where it
    // applies as well.
    await insertObservations(db, 'TESTF', [['2026-06-02', 0]]);
    // TESTG is 0 on t0, then positive: non_positive_start.
    await insertObservations(
      db,
      'TESTG',
      days.filter((day) => day >= '2026-06-04').map((day, d) => [day, d]),
    );
    const draws = seededRandom('TRACK_RECORD_SEED');
    console.log(`TRACK_RECORD_SEED=${draws.seed} replays this test's takes`);
    const random = () => draws.next();
    const buckets = ['aave', 'service_token', 'morpho', 'zyfai'];
    const neutral = (member: TestMember): PlannedTake => ({
      member,
      stance: 'neutral',
      confidence: 0.5,
    });
    // Sessions on 2026-06-01 … 06-08, one a day; the 4th and 8th of the unvalued subject.
    for (let s = 0; s < 8; s++) {
      if (s === 5) {
        // Two late members with too few takes: one files once, one never does. The one who
        // files has the larger memberId, so where both figures are null only memberId decides.
        [silent, once] = byId(await newMember(ctx.app), await newMember(ctx.app));
      }
      // Only on the roster of a session with no outcome: listed nowhere (§4).
      if (s === 7) unlisted = await newMember(ctx.app);
      const round: PlannedTake[] = [];
      // The 3rd session nobody files in: it is scored all the same (§5).
      for (const member of s === 2 ? [] : randoms) {
        // Absent: scored as the neutral forecast in the rank. Never in the first two sessions, so
        // every random member has the minimum 2 scored takes and only `silent` and `once` lack it
        // (about 1 seed in 60 left one with a single take, listed among the last two).
        if (random() < 0.2 && s >= 2) continue;
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
      if (s !== 2) round.push(neutral(steady)); // never weights: its weight figures are null
      if (s % 2 === 1)
        round.push({ ...neutral(partial), weights: [{ bucket: 'aave', weight: 1 }] });
      if (s === 6) round.push(neutral(once));
      if (s === 7) round.push(neutral(unlisted));
      const planned = round.map((take) =>
        take.weights?.length === 0 ? { ...take, weights: [{ bucket: 'aave', weight: 1 }] } : take,
      );
      await publishedSession(ctx, s % 4 === 3 ? unvalued : subject, [planned]);
      // Sessions with no outcome, each for one of §2's reasons.
      if (s === 3) await publishedSession(ctx, gaps, [[neutral(randoms[0]!)]]);
      if (s === 4) await publishedSession(ctx, empty, [[neutral(randoms[0]!)]]);
      if (s === 5) {
        const id = await publishedSession(ctx, gaps, [[neutral(randoms[0]!)]]);
        // Every session opened now takes a snapshot; one without is from before they existed.
        await db.deleteFrom('subject_snapshot').where('session_id', '=', id).execute();
      }
      ctx.clock.advance(86_400_000);
    }
    ctx.clock.set(NOW);
    await ctx.app.convene.scheduler.runNow(TRACK_RECORD_JOB);
    // Signed into a checkpoint, so the CLI can prove each outcome entry is in the log.
    await ctx.app.convene.tlog.sequencer.integrate();
    await ctx.app.convene.tlog.service.checkpointNow();
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('agrees with every served outcome, score, rank and sort, per horizon and per subject', async () => {
    const { stdout } = await run(PYTHON, [SCRIPT, base, '--min-takes', '2', '--now', NOW], {
      env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
      timeout: 60_000,
    });
    const python = JSON.parse(stdout) as {
      horizons: Record<string, Recomputed>;
      subjects: Record<string, Record<string, Recomputed>>;
      disagreements: string[];
      coverage: {
        missing: Record<string, number>;
        precedence: string[];
        noOutcome: Record<string, number>;
        nobodyFiled: number;
        dueNow: number;
        notDue: number;
      };
    };
    // Every outcome record rebuilt from the public series, and which ones exist, as served.
    expect(python.disagreements).toEqual([]);
    // The fixture exercises each rule the recomputation follows.
    expect(Object.keys(python.coverage.missing).sort()).toEqual([...LABEL_MISSING].sort());
    expect(python.coverage.precedence).toEqual([
      'no_end_value > non_positive_start',
      'no_new_observation > non_positive_start',
      'no_start_value > no_end_value',
    ]);
    expect(Object.keys(python.coverage.noOutcome).sort()).toEqual([...NO_OUTCOME_REASONS].sort());
    expect(python.coverage).toMatchObject({ nobodyFiled: 3, dueNow: 1, notDue: 1 });
    expect(Object.keys(python.horizons)).toEqual(['2', '7', '30']);

    let compared = 0;
    const compareBoard = async (recomputed: Recomputed, query: string, where: string) => {
      for (const sort of Object.keys(recomputed.orders)) {
        const served = (
          await ctx.app.inject({ url: `/api/swarm/track-record?${query}&sort=${sort}&limit=200` })
        ).json();
        expect(
          served.leaderboard.map((m: { memberId: string }) => m.memberId),
          `${where} sort=${sort}`,
        ).toEqual(recomputed.orders[sort]);
        expect(served.total).toBe(recomputed.orders[sort]!.length);
        expectClose(recomputed.swarm, served.swarm, `${where} swarm`);
        expect(served.sessions).toHaveLength(recomputed.sessions.length);
        recomputed.sessions.forEach((session, i) =>
          expectClose(session, served.sessions[i], `${where} session ${i}`),
        );
        for (const member of served.leaderboard) {
          expectClose(recomputed.members[member.memberId]!, member, `${where} ${member.handle}`);
          compared++;
        }
      }
    };
    for (const [horizon, recomputed] of Object.entries(python.horizons)) {
      expect(recomputed.swarm.sessions).toBe(6);
      await compareBoard(recomputed, `horizon=${horizon}`, `${horizon} days`);
      for (const [subjectId, byHorizon] of Object.entries(python.subjects))
        await compareBoard(
          byHorizon[horizon]!,
          `horizon=${horizon}&subject=${subjectId}`,
          `${subjectId}, ${horizon} days`,
        );
      // Who is listed, and how the sorts order what the fixture makes them decide.
      const ranked = recomputed.orders.rank!;
      const ids = (...members: TestMember[]) => members.map((m) => m.memberId);
      expect(ranked.slice(-2)).toEqual(expect.arrayContaining(ids(silent, once)));
      expect(ranked.indexOf(steady.memberId) < ranked.indexOf(partial.memberId)).toBe(true);
      expect(recomputed.orders.excess!.slice(-2)).toEqual(ids(silent, once));
      expect(recomputed.orders.brier!.slice(-2)).toEqual(ids(once, silent));
      expect(recomputed.members[unlisted.memberId]).toBeUndefined();
    }
    expect(compared).toBe(3 * 7 * (7 + 7));

    // Each member's own record and scored takes, newest first; none for a member listed nowhere.
    for (const member of [...Object.keys(python.horizons['7']!.members), unlisted.memberId]) {
      const served = (
        await ctx.app.inject({ url: `/api/swarm/members/${member}/track-record` })
      ).json<{
        horizons: Array<{
          horizonDays: number;
          status: string;
          record: Figures | null;
          takes: Figures[];
        }>;
      }>();
      for (const entry of served.horizons) {
        const recomputed = python.horizons[String(entry.horizonDays)]!;
        const { status, ...record } = recomputed.members[member] ?? {
          status: 'not_enough_history',
        };
        expect(entry.status, `${member} ${entry.horizonDays}`).toBe(status);
        if (recomputed.members[member] === undefined) expect(entry.record).toBeNull();
        else expectClose(record, entry.record!, `${member} ${entry.horizonDays}`);
        const takes = recomputed.takes[member] ?? [];
        expect(entry.takes).toHaveLength(takes.length);
        takes.forEach((take, i) => expectClose(take, entry.takes[i]!, `${member} take ${i}`));
      }
    }
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
    expect(all.stdout).toContain('the 7-day leaderboard recomputes (7 members)');
    expect([all.code, all.stdout.trim().split('\n').at(-1)]).toEqual([0, 'VERIFIED']);
    const member = (await ctx.app.inject({ url: '/api/swarm/track-record?limit=1' })).json<{
      leaderboard: Array<{ handle: string }>;
    }>().leaderboard[0]!.handle;
    const one = await convene(base, ['track-record', 'verify', member, ...pinned]);
    expect(one.stdout).toContain(`${member}'s 30-day record recomputes`);
    expect(one.code).toBe(0);
    // Without pinned keys nothing differs, but the keys could not be checked: exit 6.
    expect((await convene(base, ['track-record', 'verify', member])).code).toBe(6);
    // The log audit finds every served outcome logged, at its index, and every logged one served.
    const audit = await convene(base, ['log', 'audit', '--log-key', keys.log]);
    expect(audit.stdout).toContain('32 outcomes served as logged');
    expect(audit.code).toBe(0);
    // A series rewritten after the outcomes were published no longer matches them: exit 1.
    await insertObservations(ctx.testDb.database.db, 'TESTB', [['2026-06-09', 1]]);
    const changed = await convene(base, ['track-record', 'verify', '--all', ...pinned]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/✗ outcome inputs are the public series' values/);
  });

  if (kind === 'postgres') {
    test('an outcome rewritten behind the service no longer matches its log entry (exit 1)', async () => {
      const insider = await connectAsInsider(ctx.testDb.url!);
      const other = await secondApp(ctx); // a restarted replica: nothing cached from before
      try {
        const [row] = await insider.query<{ session_id: string; record: string }>(
          `select session_id, record from session_outcome where status = 'scored' and horizon_days = 7 limit 1`,
        );
        const record = row!.record.replace(
          /"computedAt":"[^"]+"/,
          '"computedAt":"2026-07-01T00:00:00.000Z"',
        );
        expect(record).not.toBe(row!.record);
        await insider.tamper(
          `update session_outcome set record = $1, digest = $2 where session_id = $3 and horizon_days = 7`,
          [record, sha256Hex(record), row!.session_id],
        );
        const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
        const verified = await convene(url, ['track-record', 'verify', '--all']);
        expect(verified.code).toBe(1);
        expect(verified.stdout).toMatch(
          /✗ each outcome's log entry verifies and holds the served record/,
        );
        const audit = await convene(url, ['log', 'audit']);
        expect(audit.code).toBe(1);
        expect(audit.stdout).toContain('served_differs_from_log');
      } finally {
        await other.close();
        await insider.close();
      }
    });

    test('an outcome rewritten to name another horizon is not scored, and every read still answers', async () => {
      const insider = await connectAsInsider(ctx.testDb.url!);
      try {
        const scoredSessions = async (app: TestContext['app'], horizon: number) =>
          (await app.inject({ url: `/api/swarm/track-record?horizon=${horizon}` })).json<{
            swarm: { sessions: number };
          }>().swarm.sessions;
        const before = [await scoredSessions(ctx.app, 2), await scoredSessions(ctx.app, 7)];
        const [row] = await insider.query<{ session_id: string; record: string; status: string }>(
          `select o.session_id, o.record, o.status from session_outcome o
            where o.horizon_days = 7 and exists (select from session_outcome t
              where t.session_id = o.session_id and t.horizon_days = 2) limit 1`,
        );
        const record = row!.record.replace('"horizonDays":7', '"horizonDays":2');
        expect(record).not.toBe(row!.record);
        await insider.tamper(
          `update session_outcome set record = $1, digest = $2 where session_id = $3 and horizon_days = 7`,
          [record, sha256Hex(record), row!.session_id],
        );
        const other = await secondApp(ctx); // a restarted replica: its folds built from the rows
        try {
          for (const url of [
            '/api/swarm/track-record?horizon=2',
            '/api/swarm/track-record?horizon=7',
            `/api/swarm/sessions/${row!.session_id}/outcome`,
          ]) {
            const response = await other.app.inject({ url });
            expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          }
          // Not scored: the 2-day record keeps its sessions, the 7-day one loses the rewritten row.
          expect([await scoredSessions(other.app, 2), await scoredSessions(other.app, 7)]).toEqual([
            before[0],
            before[1]! - (row!.status === 'scored' ? 1 : 0),
          ]);
          const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
          const audit = await convene(url, ['log', 'audit']);
          expect(audit.code).toBe(1);
          expect(audit.stdout).toContain('served_differs_from_log');
        } finally {
          await other.close();
        }
      } finally {
        await insider.close();
      }
    });
  }
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
