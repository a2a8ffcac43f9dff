/**
 * GET /api/swarm/events under hostile clients (issue 45), over real HTTP: the replica's cap answers
 * 503 with Retry-After, an IPv6 /64 is one address, the connect rate per address answers 429, a
 * reader that stops reading is dropped once it is past the unsent bound, and resumes from far back
 * are served from one shared page (the database read once for many reconnects).
 */
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { openSse, type SseConnection } from './support/sse.js';
import { newMember, newSubject, signed, submit } from './support/swarm.js';

async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
}

const metric = async (base: string, line: RegExp) =>
  Number(line.exec(await (await fetch(`${base}/metrics`)).text())?.[1]);

describeEachDatabase('event stream admission', (kind) => {
  let ctx: TestContext;
  let base: string;
  const url = () => `${base}/api/swarm/events`;
  const from = (localAddress: string) => ({ localAddress });
  const open = () => ctx.app.services.eventStreams.count;

  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      env: {
        EVENTS_RETRY_MS: '1500',
        EVENTS_MAX_STREAMS: '3',
        EVENTS_MAX_STREAMS_PER_ADDRESS: '2',
        EVENTS_CONNECTS_PER_MINUTE: '1',
      },
    });
    base = await listen(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('past the replica cap a stream is refused 503 with Retry-After, from any address', async () => {
    const streams = await Promise.all([
      openSse(url(), {}, from('127.0.0.1')),
      openSse(url(), {}, from('127.0.0.1')),
      openSse(url(), {}, from('127.0.0.2')),
    ]);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await openSse(url(), {}, from('127.0.0.3'));
    await refused.ended;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(JSON.parse(refused.body)).toEqual({
      ok: false,
      status: 503,
      error: expect.stringContaining('Retry-After'),
      code: 'event_streams_full',
    });
    expect(
      await metric(base, /^convene_event_streams_refused_total\{reason="total"\} (\d+)$/m),
    ).toBe(1);
    expect(await metric(base, /^convene_event_streams_max (\d+)$/m)).toBe(3);
    const status = await fetch(`${base}/api/admin/status`, {
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect((await status.json()) as unknown).toMatchObject({
      eventStreams: { open: 3, max: 3, maxPerAddress: 2, addresses: 2, refused: { total: 1 } },
    });
    for (const stream of streams) stream.close();
    await Promise.all(streams.map((s) => s.ended));
    await expect.poll(open).toBe(0);
  });

  test('IPv6 addresses in one /64 share the per-address limit; another /64 does not', async () => {
    const inject = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/swarm/events', remoteAddress });
    // Two streams from one /64 stay open (their injected responses end when the server closes).
    const held = [inject('2001:db8::1'), inject('2001:db8::ffff:2')];
    await expect.poll(open).toBe(2);
    const sameSlash64 = await inject('2001:db8:0:0:abcd::3');
    expect(sameSlash64.statusCode).toBe(429);
    expect(sameSlash64.headers['retry-after']).toBe('2');
    expect(sameSlash64.json()).toMatchObject({ ok: false, status: 429 });
    const otherSlash64 = inject('2001:db8:0:1::1');
    await expect.poll(open).toBe(3);
    ctx.app.services.eventStreams.closeAll();
    expect((await Promise.all([...held, otherSlash64])).map((r) => r.statusCode)).toEqual([
      200, 200, 200,
    ]);
    await expect.poll(open).toBe(0);
  });

  test('past its connect rate an address is refused 429 with Retry-After; others are not', async () => {
    // A burst of twice the per-address limit (4), then one a minute.
    for (let i = 0; i < 4; i++) {
      const stream = await openSse(url(), {}, from('127.0.0.4'));
      expect(stream.status).toBe(200);
      stream.close();
      await stream.ended;
      await expect.poll(open).toBe(0);
    }
    const refused = await openSse(url(), {}, from('127.0.0.4'));
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, status: 429 });
    expect(
      await metric(base, /^convene_event_streams_refused_total\{reason="rate"\} (\d+)$/m),
    ).toBe(1);
    const other = await openSse(url(), {}, from('127.0.0.5'));
    expect(other.status).toBe(200);
    other.close();
  });
});

describeEachDatabase('event stream readers', (kind) => {
  let ctx: TestContext;
  let base: string;
  const url = () => `${base}/api/swarm/events`;

  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      env: {
        EVENTS_HEARTBEAT_MS: '100',
        EVENTS_POLL_MS: '100',
        EVENTS_CONNECTS_PER_MINUTE: '1000000',
      },
    });
    base = await listen(ctx);
    await newSubject(ctx.testDb.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('many resumes from far back are served from one page: the database read once', async () => {
    const member = await newMember(ctx.app, 'Rae Resume');
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/admin/sessions',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { subjectId: 'convene-treasury', date: '2026-06-01' },
    });
    expect(opened.statusCode).toBe(201);
    for (const stance of ['bullish', 'bearish', 'neutral'])
      expect(
        (await submit(ctx.app, member.token, await signed(member, { stance }))).statusCode,
      ).toBe(201);
    // A live stream keeps the reader's position, as on a server with readers.
    const live = await openSse(url());
    onTestFinished(() => live.close());
    const reads = () =>
      Promise.all(
        ['whole', 'extend'].map((k) =>
          metric(
            base,
            new RegExp(`^convene_event_replay_reads_total\\{kind="${k}"\\} (\\d+)$`, 'm'),
          ),
        ),
      );
    expect(await reads()).toEqual([0, 0]);
    let last: SseConnection | undefined;
    for (let i = 0; i < 20; i++) {
      const resumed = await openSse(url(), { 'last-event-id': '0.0.0' });
      await resumed.next((e) => e.event === 'take-accepted' && e.data.includes('"neutral"'));
      if (last !== undefined)
        expect(resumed.events.map((e) => e.id)).toEqual(last.events.map((e) => e.id));
      resumed.close();
      last = resumed;
    }
    expect(last!.events.map((e) => e.event).filter((e) => e !== 'checkpoint')).toEqual([
      'member-key',
      'member-key',
      'session-opened',
      'take-accepted',
      'take-accepted',
      'take-accepted',
    ]);
    expect(await reads()).toEqual([1, 0]);
    // Something new: the next resume reads only what is new, after the page.
    await submit(ctx.app, member.token, await signed(member, { stance: 'cautious' }));
    await live.next((e) => e.event === 'take-accepted' && e.data.includes('"cautious"'));
    const after = await openSse(url(), { 'last-event-id': last!.events.at(-1)!.id! });
    const next = await after.next(() => true);
    expect(next.event).toBe('take-accepted');
    expect(next.data).toContain('"cautious"');
    expect(await reads()).toEqual([1, 1]);
    after.close();
    live.close();
  });

  test('a reader that stops reading is dropped once it is past the unsent bound', async () => {
    const member = await newMember(ctx.app, 'Sam Stall');
    const stalled = net.connect({ port: Number(new URL(base).port), host: '127.0.0.1' });
    stalled.write('GET /api/swarm/events HTTP/1.1\r\nHost: localhost\r\n\r\n');
    stalled.pause(); // never reads: the kernel's buffers fill, then the server's
    const closed = new Promise((resolve) => stalled.on('close', resolve));
    await expect.poll(() => ctx.app.services.eventStreams.count).toBe(1);
    const dropped = () =>
      metric(base, /^convene_event_streams_dropped_total\{reason="stalled"\} (\d+)$/m);
    expect(await dropped()).toBe(0);
    // 10 MB of events (200 key events of 50 KB), more than loopback's socket buffers hold.
    await bulkKeyEvents(ctx, member.memberId, 200, 50_000);
    await expect.poll(() => ctx.app.services.eventStreams.count, { timeout: 20_000 }).toBe(0);
    expect(await dropped()).toBe(1);
    stalled.resume(); // what the kernel held arrives, then the end
    await closed;
  });
});

/** `count` member-key log entries for `memberId`, each carrying `size` characters of key. */
async function bulkKeyEvents(ctx: TestContext, memberId: string, count: number, size: number) {
  await ctx.testDb.database.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ next: string }>`select convene_tlog_lock_next() as next`.execute(
      trx,
    );
    const next = Number(rows[0]!.next);
    await sql`
      insert into tlog_entry (idx, leaf_hash, kind, key_member_id, entry)
      select ${next} + g, sha256(convert_to('bulk-' || ${memberId} || '-' || g, 'UTF8')), 'key',
        ${memberId}::uuid,
        json_build_object('memberId', ${memberId}::text, 'event', 'rotated',
          'at', '2026-06-01T00:00:00Z', 'activeKey', repeat('k', ${size}), 'pendingKey', null,
          'status', 'active', 'role', 'member')::text
      from generate_series(0, ${count - 1}) g`.execute(trx);
  });
}
