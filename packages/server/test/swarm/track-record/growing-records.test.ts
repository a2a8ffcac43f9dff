import { sortLeaderboard } from '@convene/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GrowingRecords } from '../../../src/swarm/track-record/growing-records.js';
import { TRACK_RECORD_JOB } from '../../../src/swarm/track-record/recorder.js';
import { TrackRecordRepository } from '../../../src/swarm/track-record/repository.js';
import { createTestApp, type TestContext } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../../support/swarm.js';
import { adminPost, getJson } from '../session-support.js';
import { insertObservations, TRACK_ENV, treasurySubject } from './support.js';

/*
 * The served records grow outcome by outcome (docs/methodology.md §7): each pass of the outcome job
 * folds in only the new outcomes. Whatever order outcomes arrive in, including a session published
 * late whose outcome sorts before ones already served, the reads must give exactly the numbers of a
 * build from scratch over the same outcomes.
 */
describeEachDatabase('track records grown outcome by outcome', (kind) => {
  let ctx: TestContext;
  let members: TestMember[];
  let subjectId: string;

  const recordDue = () => ctx.app.convene.scheduler.runNow(TRACK_RECORD_JOB);
  /**
   * The reads' figures (leaderboard, swarm, sessions, every member's record and scored takes) next
   * to those of a fresh build over every stored outcome at once, as a restarted server would serve.
   */
  async function expectServedAsFromScratch(): Promise<Record<number, { sessions: unknown[] }>> {
    const scratch = await new GrowingRecords({
      trackRecords: new TrackRecordRepository(ctx.testDb.database.db),
      settings: ctx.app.convene.config.trackRecord,
    }).update();
    const boards: Record<number, { sessions: unknown[] }> = {};
    for (const horizon of [7, 30]) {
      const records = scratch.records.get('')!.get(horizon)!;
      const board = await getJson(ctx.app, `/api/swarm/track-record?horizon=${horizon}&limit=200`);
      expect(board.status).toBe(200);
      const served = board.body as {
        swarm: unknown;
        sessions: unknown[];
        leaderboard: Array<Record<string, unknown>>;
      };
      expect(served.swarm).toEqual(records.swarm);
      expect(served.sessions).toEqual(records.sessions);
      expect(served.leaderboard.map(({ handle: _h, status: _s, ...figures }) => figures)).toEqual(
        sortLeaderboard(records.members, 'rank'),
      );
      boards[horizon] = served;
    }
    for (const member of members) {
      const read = await getJson(ctx.app, `/api/swarm/members/${member.memberId}/track-record`);
      expect(read.status).toBe(200);
      const served = read.body as {
        horizons: Array<{ horizonDays: number; record: unknown; takes: Array<{ takeId: string }> }>;
      };
      for (const { horizonDays, record, takes } of served.horizons) {
        const records = scratch.records.get('')!.get(horizonDays)!;
        expect(record).toEqual(records.members.find((m) => m.memberId === member.memberId) ?? null);
        expect(takes.map((t) => t.takeId)).toEqual(
          records.takes
            .filter((t) => t.memberId === member.memberId)
            .reverse()
            .map((t) => t.takeId),
        );
      }
    }
    return boards;
  }

  async function open(date: string): Promise<string> {
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId,
      date,
      windowClosesAt: new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    expect(opened.statusCode).toBe(201);
    const sessionId = opened.json<{ sessionId: string }>().sessionId;
    for (const [i, member] of members.entries()) {
      const body = await signed(member, {
        date,
        subjectId,
        stance: (['bullish', 'bearish', 'neutral'] as const)[i % 3]!,
        confidence: 0.3 + 0.2 * i,
        weights: [
          { bucket: 'aave', weight: 1 + i },
          { bucket: 'service_token', weight: 3 - i },
        ],
      });
      expect((await submit(ctx.app, member.token, body)).statusCode).toBe(201);
    }
    return sessionId;
  }
  const publish = async (sessionId: string) =>
    expect(
      (await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`)).statusCode,
    ).toBe(200);

  beforeAll(async () => {
    ctx = await createTestApp(kind, { env: TRACK_ENV });
    const db = ctx.testDb.database.db;
    members = [await newMember(ctx.app), await newMember(ctx.app), await newMember(ctx.app)];
    subjectId = await treasurySubject(db, [
      { bucket: 'service_token', valueUsd: 30_000 },
      { bucket: 'aave', valueUsd: 10_000 },
    ]);
    const days = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2026, 5, 1 + i)).toISOString().slice(0, 10),
    );
    await insertObservations(
      db,
      'TESTA',
      days.map((day, i) => [day, 1 + 0.001 * i * (i % 3 === 0 ? -1 : 1)]),
    );
    await insertObservations(
      db,
      'TESTB',
      days.map((day, i) => [day, 100 + 3 * Math.sin(i)]),
    );
  });
  afterAll(() => ctx.close());

  it('serves exactly the numbers of a build from scratch, pass after pass, a late session included', async () => {
    ctx.clock.set('2026-06-01T08:00:00Z');
    const late = await open('2026-06-01'); // stays open while later sessions are published
    ctx.clock.set('2026-06-02T08:00:00Z');
    await publish(await open('2026-06-02'));
    ctx.clock.set('2026-06-03T08:00:00Z');
    await publish(await open('2026-06-03'));

    // Pass 1: only the 06-02 session's 7-day outcome is due.
    ctx.clock.set('2026-06-11T12:00:00Z');
    await recordDue();
    expect((await expectServedAsFromScratch())[7]!.sessions).toHaveLength(1);

    // Pass 2: 06-03 joins; the records grow by one session.
    ctx.clock.set('2026-06-12T12:00:00Z');
    await recordDue();
    expect((await expectServedAsFromScratch())[7]!.sessions).toHaveLength(2);

    // The 06-01 session is published only now: its outcome sorts before both served ones.
    await publish(late);
    ctx.clock.set('2026-06-21T12:00:00Z');
    await recordDue();
    const third = await expectServedAsFromScratch();
    expect(
      (third[7]!.sessions as Array<{ sessionDate: string }>).map((s) => s.sessionDate),
    ).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);

    // The 30-day outcomes come in a pass of their own, after every 7-day one is folded in.
    ctx.clock.set('2026-07-20T12:00:00Z');
    await recordDue();
    expect((await expectServedAsFromScratch())[30]!.sessions).toHaveLength(3);
  });
});
