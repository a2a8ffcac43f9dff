import { LOG_ENTRY_KIND, verifyLogEntry } from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SQLSTATE, sqlState } from '../../../src/db/guards.js';
import { TRACK_RECORD_JOB } from '../../../src/swarm/track-record/recorder.js';
import { createTestApp, type TestContext } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { newMember, type TestMember } from '../../support/swarm.js';
import { getJson } from '../session-support.js';
import { insertObservations, publishedSession, TRACK_ENV, treasurySubject } from './support.js';

const R_AAVE = 1.001 / 1 - 1;
const R_TOKEN = 110 / 100 - 1;

describeEachDatabase('track records', (kind) => {
  let ctx: TestContext;
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  let subjectId: string;
  const sessions: string[] = [];
  /** One pass of the outcome job, as the scheduler runs it; resolves with the outcomes stored. */
  const recordDue = async () => {
    await ctx.app.convene.scheduler.runNow(TRACK_RECORD_JOB);
    const row = await ctx.testDb.database.db
      .selectFrom('session_outcome')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: TRACK_ENV });
    const db = ctx.testDb.database.db;
    [a, b, c] = [await newMember(ctx.app), await newMember(ctx.app), await newMember(ctx.app)];
    subjectId = await treasurySubject(db, [
      { bucket: 'service_token', valueUsd: 30_000 },
      { bucket: 'aave', valueUsd: 10_000 },
    ]);
    for (const [key, start, end] of [
      ['TESTA', 1, 1.001],
      ['TESTB', 100, 110],
    ] as const) {
      await insertObservations(db, key, [
        ['2026-06-01', start],
        ['2026-06-02', start],
        ['2026-06-08', end],
        ['2026-06-09', end],
      ]);
    }
    // Two sessions on 2026-06-01 and 06-02. A revises its first take (the game of many
    // revisions: only the counted, last one is scored); C files no weights.
    for (const day of [0, 1]) {
      sessions.push(
        await publishedSession(ctx, subjectId, [
          [
            {
              member: a,
              stance: 'bearish',
              confidence: 0.9,
              weights: [{ bucket: 'aave', weight: 1 }],
            },
            {
              member: b,
              stance: 'cautious',
              confidence: 0.6,
              weights: [{ bucket: 'aave', weight: 1 }],
            },
            { member: c, stance: 'neutral', confidence: 0.5 },
          ],
          [
            {
              member: a,
              stance: 'bullish',
              confidence: 0.8,
              weights: [
                { bucket: 'service_token', weight: 0.5 },
                { bucket: 'aave', weight: 0.5 },
              ],
            },
          ],
        ]),
      );
      if (day === 0) ctx.clock.advance(86_400_000);
    }
  });

  afterAll(() => ctx.close());

  it('computes nothing before the horizon and the grace have passed', async () => {
    ctx.clock.set('2026-06-10T12:00:00Z');
    // 2026-06-01 + 7 days + 2 days of grace = 2026-06-10: the first session is due, not the second.
    expect(await recordDue()).toBe(1);
    const second = await getJson(ctx.app, `/api/swarm/sessions/${sessions[1]}/outcome`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ sessionId: sessions[1], horizons: [7, 30], outcomes: [] });
    ctx.clock.set('2026-06-12T00:00:00Z');
    expect(await recordDue()).toBe(2);
    expect(await recordDue()).toBe(2);
  });

  it('publishes each outcome with its inputs, and scores only the counted take', async () => {
    const { status, body } = await getJson(ctx.app, `/api/swarm/sessions/${sessions[0]}/outcome`);
    expect(status).toBe(200);
    expect(body.outcomes).toHaveLength(1);
    const [outcome] = body.outcomes;
    expect(outcome).toMatchObject({ horizonDays: 7, status: 'scored', reason: null });
    const { record } = outcome;
    expect(record).toMatchObject({
      startDate: '2026-06-01',
      endDate: '2026-06-08',
      holdings: [
        { bucket: 'aave', valueUsd: 10_000 },
        { bucket: 'service_token', valueUsd: 30_000 },
      ],
      event: { name: 'subject_rises', occurred: true },
    });
    const labels = new Map(record.labels.map((l: { label: string }) => [l.label, l]));
    expect(labels.get('aave')).toMatchObject({
      source: 'regime:TESTA',
      start: { date: '2026-06-01', value: 1 },
      end: { date: '2026-06-08', value: 1.001 },
      return: R_AAVE,
    });
    expect(labels.get('service_token')).toMatchObject({ return: R_TOKEN });
    // A reference bucket without a series is named, with the reason, never valued.
    expect(labels.get('morpho')).toMatchObject({ return: null, missing: 'no_series' });
    expect(record.subjectReturn).toBe((10_000 * R_AAVE + 30_000 * R_TOKEN) / 40_000);

    const byMember = new Map(outcome.takes.map((t: { memberId: string }) => [t.memberId, t]));
    expect(outcome.takes).toHaveLength(3);
    expect(byMember.get(a.memberId)).toMatchObject({
      revision: 2,
      stance: 'bullish',
      probability: 0.5 + 0.49 * 0.8,
      weightReturn: 0.5 * R_AAVE + 0.5 * R_TOKEN,
      handle: a.handle,
    });
    expect(byMember.get(c.memberId)).toMatchObject({ weightReturn: null, brier: 0.25 });
    expect(outcome.swarm).toMatchObject({ counted: 3, occurred: true });
  });

  it('logs each outcome in the transparency log, and the stored row cannot change', async () => {
    const db = ctx.testDb.database.db;
    const rows = await db
      .selectFrom('tlog_entry')
      .select(['idx', 'entry', 'outcome_session_id', 'outcome_horizon_days'])
      .where('kind', '=', 'outcome')
      .orderBy('idx')
      .execute();
    expect(rows.map((r) => r.outcome_session_id)).toEqual(sessions);
    for (const row of rows) {
      const check = await verifyLogEntry(row.entry);
      expect(check).toEqual({ ok: true, kind: LOG_ENTRY_KIND.outcome, problems: [] });
    }
    const { body } = await getJson(ctx.app, `/api/swarm/sessions/${sessions[0]}/outcome`);
    expect(body.outcomes[0].logIndex).toBe(Number(rows[0]!.idx));
    const stored = await db
      .selectFrom('session_outcome')
      .select(['record', 'digest'])
      .where('session_id', '=', sessions[0]!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rows[0]!.entry)).toMatchObject({
      digest: stored.digest,
      record: stored.record,
    });
    const refused = await sql`update session_outcome set digest = 'x'`.execute(db).then(
      () => 'updated',
      (error: unknown) => sqlState(error),
    );
    expect(refused).toBe(SQLSTATE.appendOnly);
    // Data arriving later never changes a published outcome.
    await insertObservations(db, 'TESTB', [['2026-06-08', 50]]);
    expect(await recordDue()).toBe(2);
    const again = await getJson(ctx.app, `/api/swarm/sessions/${sessions[0]}/outcome`);
    expect(again.body.outcomes[0].record.subjectReturn).toBe(body.outcomes[0].record.subjectReturn);
  });

  it("serves a member's record per horizon with calibration, and ranks only with enough history", async () => {
    const { status, body } = await getJson(ctx.app, `/api/swarm/members/${a.handle}/track-record`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ memberId: a.memberId, minScoredTakes: 2 });
    const [seven, thirty] = body.horizons;
    expect(seven).toMatchObject({ horizonDays: 7, status: 'ranked' });
    expect(seven.record).toMatchObject({ scoredTakes: 2, participation: 1, rank: 1 });
    expect(seven.record.meanBrier).toBeCloseTo((1 - 0.892) ** 2, 12);
    expect(seven.record.calibration[8]).toMatchObject({ count: 2, observedFrequency: 1 });
    expect(seven.takes.map((t: { sessionId: string }) => t.sessionId)).toEqual(
      [...sessions].reverse(),
    );
    expect(seven.takes[0].links.outcome).toBe(`/api/swarm/sessions/${sessions[1]}/outcome`);
    expect(thirty).toMatchObject({
      horizonDays: 30,
      status: 'not_enough_history',
      record: null,
      takes: [],
    });
  });

  it('serves the swarm record and a leaderboard sorted and paged on the server, with ETags', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/swarm/track-record?limit=2' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.swarm).toMatchObject({ horizonDays: 7, sessions: 2, excessSessions: 2 });
    expect(body.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(sessions);
    expect(body.total).toBe(3);
    expect(body.leaderboard.map((m: { memberId: string }) => m.memberId)).toEqual([
      a.memberId,
      c.memberId,
    ]);
    expect(body.leaderboard.map((m: { rank: number }) => m.rank)).toEqual([1, 2]);
    const next = await getJson(
      ctx.app,
      `/api/swarm/track-record?limit=2&cursor=${body.nextCursor}`,
    );
    expect(next.body.leaderboard.map((m: { memberId: string }) => m.memberId)).toEqual([
      b.memberId,
    ]);
    expect(next.body.nextCursor).toBeNull();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/swarm/track-record?limit=2',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const bySort = await getJson(ctx.app, '/api/swarm/track-record?sort=weightContribution');
    expect(bySort.body.leaderboard[0].memberId).toBe(a.memberId);
    const subject = await getJson(ctx.app, `/api/swarm/track-record?subject=${subjectId}`);
    expect(subject.body).toMatchObject({ subject: subjectId, swarm: { sessions: 2 } });
  });

  it('answers every cursor past the end with one cached page: distinct cursors cannot each cost a build', async () => {
    const entries = async () =>
      Number(
        /^convene_cache_entries\{cache="track_record"\} (\d+)$/m.exec(
          (await ctx.app.inject({ url: '/metrics' })).body,
        )?.[1],
      );
    const cursorAt = (offset: number) =>
      Buffer.from(JSON.stringify(['leaderboard', offset])).toString('base64url');
    const before = await entries();
    const pages = [];
    for (const offset of [3, 4, 10, 1000, 123_456])
      pages.push(
        await getJson(ctx.app, `/api/swarm/track-record?limit=2&cursor=${cursorAt(offset)}`),
      );
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toEqual(pages[0]!.body);
      expect(page.body).toMatchObject({ leaderboard: [], total: 3, nextCursor: null });
    }
    expect(await entries()).toBe(before + 1);
  });

  it('answers 400 for an unknown horizon, sort or cursor and the swarm 404 body for unknown ids', async () => {
    for (const query of ['horizon=8', 'sort=luck', 'cursor=nope', 'limit=x']) {
      const { status, body } = await getJson(ctx.app, `/api/swarm/track-record?${query}`);
      expect([query, status, typeof body.error]).toEqual([query, 400, 'string']);
    }
    for (const url of [
      `/api/swarm/sessions/${crypto.randomUUID()}/outcome`,
      '/api/swarm/sessions/not-a-uuid/outcome',
      '/api/swarm/members/nobody-at-all/track-record',
    ]) {
      const { status, body } = await getJson(ctx.app, url);
      expect([url, status, body.ok, body.status]).toEqual([url, 404, false, 404]);
    }
  });

  it("serves each label's series as outcomes read it, to check an outcome's inputs against", async () => {
    const { status, body } = await getJson(
      ctx.app,
      '/api/swarm/track-record/series/service_token?from=2026-06-01&to=2026-06-08',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ label: 'service_token', source: 'regime:TESTB' });
    expect(body.points.map((p: { date: string }) => p.date)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-08',
    ]);
    for (const query of [
      'from=2026-06-08&to=2026-06-01',
      'from=2026-02-30&to=2026-03-01',
      'to=2026-01-01',
    ]) {
      const bad = await getJson(ctx.app, `/api/swarm/track-record/series/aave?${query}`);
      expect([query, bad.status]).toEqual([query, 400]);
    }
    const unknown = await getJson(
      ctx.app,
      '/api/swarm/track-record/series/sky?from=2026-06-01&to=2026-06-02',
    );
    expect(unknown.body).toEqual({
      ok: false,
      status: 404,
      error: 'no series is configured for that label',
      code: 'no_series_for_label',
    });
  });

  it('stores no outcome, with the reason, when a holding has no series', async () => {
    const db = ctx.testDb.database.db;
    const unvalued = await treasurySubject(db, [{ bucket: 'sky', valueUsd: 1_000 }]);
    ctx.clock.set('2026-06-20T12:00:00Z');
    const sessionId = await publishedSession(ctx, unvalued, [
      [{ member: b, stance: 'bullish', confidence: 1 }],
    ]);
    ctx.clock.set('2026-06-30T00:00:00Z');
    await recordDue();
    const { body } = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/outcome`);
    expect(body.outcomes[0]).toMatchObject({
      status: 'no_outcome',
      reason: 'unvalued_holding',
      takes: [],
      swarm: null,
    });
    expect(
      body.outcomes[0].record.labels.find((l: { label: string }) => l.label === 'sky'),
    ).toMatchObject({
      missing: 'no_series',
    });
  });
});
