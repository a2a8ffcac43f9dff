/**
 * The event reader on a real database: read in batches of 2 (each source cut short again and
 * again) it yields exactly what one large read yields, each source in its own order, ending at the
 * sources' heads; a resume from any id in between yields exactly the rest.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { encodeCursor, type Cursor } from '../src/events/cursor.js';
import { EventsRepository } from '../src/events/repository.js';
import { EventsService, type StreamItem } from '../src/events/service.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { newMember, newSubject, signed, submit } from './support/swarm.js';

const ZERO: Cursor = { log: 0, checkpoint: 0, session: 0 };

describeEachDatabase('the event reader', (kind) => {
  let ctx: TestContext;
  const service = (batch: number) =>
    new EventsService({
      repository: new EventsRepository(ctx.testDb.database.db),
      checkpoints: null,
      settings: { batch, replayWindow: 10_000 },
    });
  const all = async (batch: number, from = ZERO) => {
    const resumed = await service(batch).resume(from);
    if (resumed.kind !== 'replay') throw new Error('unexpected reset');
    return resumed;
  };
  const steps = (items: StreamItem[]) => items.map((i) => `${i.source}:${i.position}`);

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-05-31T12:00:00Z');
    await newSubject(ctx.testDb.database.db);
    const members = [await newMember(ctx.app, 'Ann'), await newMember(ctx.app, 'Ben')];
    for (const day of ['2026-06-01', '2026-06-02']) {
      ctx.clock.set(`${day}T01:00:00Z`);
      const opened = await ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/admin/sessions',
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        payload: { subjectId: 'convene-treasury', date: day },
      });
      const { sessionId } = opened.json<{ sessionId: string }>();
      for (const member of members)
        for (const stance of ['bullish', 'bearish']) {
          ctx.clock.advance(60_000);
          expect(
            (await submit(ctx.app, member.token, await signed(member, { date: day, stance })))
              .statusCode,
          ).toBe(201);
        }
      ctx.clock.advance(60_000);
      const aggregated = await ctx.app.inject({
        method: 'POST',
        url: `/api/swarm/admin/sessions/${sessionId}/aggregate`,
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      });
      expect(aggregated.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('small batches yield what one read yields, each source in order, up to the heads', async () => {
    const whole = await all(1000);
    const small = await all(2);
    expect(steps(small.items)).toEqual(steps(whole.items));
    expect(small.reached).toEqual(whole.reached);
    expect(whole.reached).toEqual({ ...(await service(2).heads()), checkpoint: 0 });
    for (const source of ['log', 'session'] as const) {
      const positions = whole.items.filter((i) => i.source === source).map((i) => i.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    const types = whole.items.flatMap((i) => (i.event === null ? [] : [i.event.type]));
    expect(types.filter((t) => t === 'take-accepted')).toHaveLength(8);
    expect(types.filter((t) => t === 'session-opened')).toHaveLength(2);
    expect(types.filter((t) => t === 'session-aggregated')).toHaveLength(2);
    // A session's opening comes before its takes, its aggregation after them.
    expect(types.indexOf('session-opened')).toBeLessThan(types.indexOf('take-accepted'));
    expect(types.indexOf('session-aggregated')).toBeGreaterThan(types.indexOf('take-accepted'));
  });

  test('a resume from any point in between yields exactly the rest', async () => {
    const whole = await all(1000);
    let at = ZERO;
    for (const [i, item] of whole.items.entries()) {
      at = { ...at, [item.source]: item.position };
      const rest = await all(2, at);
      expect(steps(rest.items), encodeCursor(at)).toEqual(steps(whole.items.slice(i + 1)));
    }
  });
});
