/**
 * GET /api/swarm/events over real HTTP on both databases: each event type after the action that
 * causes it (public fields only), resume by Last-Event-ID (exactly the missed events), the replay
 * window's reset, the 400s, heartbeats, the per-address limit and shutdown ending every stream.
 */
import { SWARM_EVENT_TYPES } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serializeRequest } from '../src/http/logging.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { dataOf, openSse, type SseConnection, type SseEvent } from './support/sse.js';
import { newMember, newSubject, signed, submit, type TestMember } from './support/swarm.js';

const WINDOW = 3;

describeEachDatabase('swarm events', (kind) => {
  let ctx: TestContext;
  let base: string;
  let member: TestMember;
  let sessionId: string;
  let live: SseConnection;
  const nonces: string[] = [];
  const url = (query = '') => `${base}/api/swarm/events${query}`;
  const admin = (path: string, body: unknown = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': TEST_ADMIN_TOKEN },
      body: JSON.stringify(body),
    });
  const fileTake = async (stance: string) => {
    const take = await signed(member, { stance });
    nonces.push(take.nonce);
    const response = await submit(ctx.app, member.token, take);
    expect(response.statusCode).toBe(201);
  };
  const after = (events: SseEvent[], id: string) =>
    events
      .slice(events.findIndex((e) => e.id === id) + 1)
      .map(({ event, data }) => ({ event, data }));

  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      env: {
        EVENTS_HEARTBEAT_MS: '100',
        EVENTS_RETRY_MS: '1500',
        EVENTS_POLL_MS: '60000',
        EVENTS_MAX_STREAMS_PER_ADDRESS: '4',
        // This file opens many streams from one address; the connect rate has its own test.
        EVENTS_CONNECTS_PER_MINUTE: '1000000',
        EVENTS_REPLAY_WINDOW: String(WINDOW),
      },
      listen: true,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    await newSubject(ctx.testDb.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('each event type follows the action that causes it, with public fields only', async () => {
    live = await openSse(url());
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['content-encoding']).toBeUndefined();

    member = await newMember(ctx.app, 'Eve Events');
    const activated = await live.next(
      (e) => e.event === 'member-key' && dataOf(e).event === 'activated',
    );
    expect(dataOf(activated)).toMatchObject({ memberId: member.memberId, status: 'active' });

    const opened = await admin('/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
    });
    sessionId = ((await opened.json()) as { sessionId: string }).sessionId;
    const open = dataOf(await live.next((e) => e.event === 'session-opened'));
    expect(open).toMatchObject({
      sessionId,
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      brief: { href: `/api/swarm/brief?session=${sessionId}` },
    });

    await fileTake('constructive');
    const take = dataOf(await live.next((e) => e.event === 'take-accepted'));
    expect(take).toMatchObject({
      sessionId,
      memberId: member.memberId,
      stance: 'constructive',
      revision: 1,
      logIndex: expect.any(Number),
    });
    expect((await fetch(`${base}${String(take.href)}`)).status).toBe(200);
    for (const event of live.events) {
      expect(Object.keys(dataOf(event))).not.toContain('nonce');
      expect(Object.keys(dataOf(event))).not.toContain('signature');
      expect(Object.keys(dataOf(event))).not.toContain('canonical');
      expect(event.data).not.toContain(nonces[0]);
      expect(event.data).not.toContain(member.token);
      expect(event.data).not.toContain(member.seed);
    }

    expect((await admin(`/api/swarm/admin/sessions/${sessionId}/aggregate`)).status).toBe(200);
    expect(dataOf(await live.next((e) => e.event === 'session-aggregated'))).toMatchObject({
      sessionId,
    });
    expect((await admin(`/api/swarm/admin/sessions/${sessionId}/publish`)).status).toBe(200);
    const published = dataOf(await live.next((e) => e.event === 'session-published'));
    const receipt = (await (await fetch(`${base}${String(published.href)}`)).json()) as {
      digest: string;
    };
    expect(published.receiptDigest).toBe(receipt.digest);
    const served = (await (await fetch(`${base}/api/log/checkpoint.json`)).json()) as {
      size: number;
      rootHash: string;
    };
    const checkpoint = await live.next(
      (e) => e.event === 'checkpoint' && dataOf(e).size === served.size,
    );
    expect(dataOf(checkpoint)).toMatchObject({ rootHash: served.rootHash });

    expect(new Set(live.events.map((e) => e.event))).toEqual(new Set(SWARM_EVENT_TYPES));
    expect(live.events.every((e) => e.id !== undefined)).toBe(true);
    expect(live.retry).toBe(1500);
    await live.comment('heartbeat');
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(
      /^convene_event_streams_open 1$/m,
    );
  });

  test('resuming with Last-Event-ID replays exactly the events missed, then goes on live', async () => {
    // A second session of the day, asked for explicitly, so takes are accepted again (the first
    // is published).
    const opened = await admin('/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      additional: true,
    });
    expect(opened.status).toBe(201);
    await live.next((e) => e.event === 'session-opened' && dataOf(e).sessionId !== sessionId);
    const lastSeen = live.events.at(-1)!.id!;
    await fileTake('bullish');
    await fileTake('bearish');
    await live.next((e) => e.event === 'take-accepted' && dataOf(e).stance === 'bearish');

    const resumed = await openSse(url(), { 'last-event-id': lastSeen });
    const byQuery = await openSse(url(`?lastEventId=${lastSeen}`));
    for (const stream of [resumed, byQuery]) {
      await stream.next((e) => e.event === 'take-accepted' && dataOf(e).stance === 'bearish');
      expect(stream.events.map(({ event, data }) => ({ event, data }))).toEqual(
        after(live.events, lastSeen),
      );
    }
    await fileTake('neutral');
    for (const stream of [resumed, byQuery, live]) {
      await stream.next((e) => e.event === 'take-accepted' && dataOf(e).stance === 'neutral');
    }
    expect(resumed.events.at(-1)!.id).toBe(live.events.at(-1)!.id);
    resumed.close();
    byQuery.close();
  });

  test('a cursor outside the window starts with a reset, then goes on from now', async () => {
    for (const old of ['0.0.0', '999999.0.0']) {
      const stream = await openSse(url(), { 'last-event-id': old });
      const reset = await stream.next(() => true);
      expect(reset.event).toBe('reset');
      expect(dataOf(reset).reason).toEqual(expect.any(String));
      expect(reset.id).toBe(live.events.at(-1)!.id);
      stream.close();
    }
  });

  test('a type filter passes only those types', async () => {
    const takes = await openSse(url('?types=take-accepted'));
    await fileTake('cautious');
    await takes.next((e) => e.event === 'take-accepted' && dataOf(e).stance === 'cautious');
    await live.next((e) => e.event === 'checkpoint' || e.event === 'take-accepted');
    expect(takes.events.every((e) => e.event === 'take-accepted')).toBe(true);
    takes.close();
  });

  test('a malformed cursor or an unknown type is a 400 in the swarm error shape', async () => {
    for (const [query, headers] of [
      ['', { 'last-event-id': 'not-a-cursor' }],
      ['?lastEventId=1.2', {}],
      ['?types=take-accepted,gossip', {}],
    ] as const) {
      const stream = await openSse(url(query), headers);
      await stream.ended;
      expect(stream.status).toBe(400);
      expect(JSON.parse(stream.body)).toMatchObject({ ok: false, status: 400 });
    }
  });

  test("a parameter given twice fails the schema: the catalogue's 400, never a 500", async () => {
    for (const query of [
      '?types=take-accepted&types=session-convened',
      '?lastEventId=1&lastEventId=2',
    ]) {
      const stream = await openSse(url(query));
      await stream.ended;
      expect(stream.status, query).toBe(400);
      expect(JSON.parse(stream.body), query).toEqual({
        error: expect.stringMatching(/^invalid request: querystring\/\w+ must be string$/),
        code: 'invalid_request',
      });
    }
  });

  test('an address at its stream limit gets 429 with retry-after', async () => {
    const others = await Promise.all([openSse(url()), openSse(url()), openSse(url())]);
    expect(others.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openSse(url());
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, status: 429 });
    const [first, ...rest] = others as [SseConnection, ...SseConnection[]];
    first.close();
    await first.ended;
    // The closed stream's place is freed once the server sees it go.
    for (;;) {
      const again = await openSse(url());
      if (again.status === 200) {
        again.close();
        break;
      }
      await again.ended;
    }
    rest.forEach((s) => s.close());
  });

  test('closing the server ends every open stream', async () => {
    await ctx.app.close();
    await live.ended;
  });
});

describe('an event stream in the request log', () => {
  test('its request line is written once, when the stream ends', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp('pglite', {
      logger: {
        level: 'info',
        serializers: { req: serializeRequest },
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    try {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const streamLines = () =>
        lines
          .map((line) => JSON.parse(line) as { msg: string; req?: { url?: string } })
          .filter((line) => line.req?.url === '/api/swarm/events');
      const stream = await openSse(`${base}/api/swarm/events`);
      expect(stream.status).toBe(200);
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect(streamLines()).toEqual([]);
      stream.close();
      await expect.poll(() => streamLines().length).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});
