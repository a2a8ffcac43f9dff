/**
 * Cached answers answered again at the socket, without Fastify (src/http/edge-cache.ts), over real HTTP: the replayed
 * response is the routed one byte for byte in every encoding, it is logged and counted like any
 * other, it stops the moment its data version moves, and what it must not answer goes to the routes.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Readiness } from '../src/readiness.js';
import Fastify from 'fastify';
import { EdgeCache } from '../src/http/edge-cache.js';
import { registerEdgeCache } from '../src/http/edge-server.js';
import { serializeRequest } from '../src/http/logging.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { seedTreasuryAndRegime } from './regime/support.js';
import { newSubject } from './support/swarm.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      base + path,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const withoutDate = ({ date: _date, ...headers }: IncomingHttpHeaders) => headers;

const ENCODINGS = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip, deflate, br' }];
const REPLAYED_URLS = [
  '/api/dashboards/wallet-balances',
  '/api/dashboards/allocation',
  '/api/dashboards/wallet-sleeves',
  '/api/dashboards/regime-snapshots?range=30',
  '/api/dashboards/research-signals/channel-divergence',
  '/api/dashboards/research-signals/late-cycle-signals/summary',
  '/api/swarm/open-session',
];

describeEachDatabase('replayed cached answers', (kind) => {
  let ctx: TestContext;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];
  const replays = () => ctx.app.convene.edge;

  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      extend: (app) =>
        app.get(
          '/api/test/private-report',
          { schema: { security: [{ adminToken: [] }] } },
          async (request, reply) => {
            if (request.headers['x-admin-token'] !== TEST_ADMIN_TOKEN)
              return reply.code(401).send({ error: 'unauthorized' });
            return app.edge.answer(request, reply, 'test', {
              key: 'report',
              version: () => 1,
              build: async () => ({ secret: 'for admins only' }),
            });
          },
        ),
      logger: {
        level: 'info',
        serializers: { req: serializeRequest },
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    await seedTreasuryAndRegime(ctx);
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => ctx.close());

  test('a repeated read is the routed answer byte for byte in every encoding, logged and counted', async () => {
    for (const url of REPLAYED_URLS) {
      for (const headers of ENCODINGS) {
        const routed = await rawRequest(base, url, { headers });
        expect(routed.status, url).toBe(200);
        const before = replays().servedCount;
        const replayed = await rawRequest(base, url, { headers });
        expect(replays().servedCount, `${url} ${JSON.stringify(headers)}`).toBe(before + 1);
        expect(replayed.status).toBe(200);
        expect(withoutDate(replayed.headers)).toEqual(withoutDate(routed.headers));
        expect(replayed.body.equals(routed.body)).toBe(true);
      }
    }
    const logged = lines.filter(
      (line) =>
        line.msg === 'request completed' && (line.req as { url: string }).url === REPLAYED_URLS[0],
    );
    expect(logged).toHaveLength(2 * ENCODINGS.length);
    const [routedLine, replayedLine] = logged;
    expect(Object.keys(replayedLine!).sort()).toEqual(Object.keys(routedLine!).sort());
    expect(replayedLine).toMatchObject({
      level: 30,
      req: { method: 'GET', url: REPLAYED_URLS[0], remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(new Set(logged.map((line) => line.reqId)).size).toBe(logged.length);

    const metrics = (await rawRequest(base, '/metrics')).body.toString();
    const count = metrics
      .split('\n')
      .find((line) =>
        line.startsWith(
          'convene_http_request_duration_seconds_count{method="GET",route="/api/dashboards/wallet-balances",status="200"}',
        ),
      );
    expect(count?.split(' ')[1]).toBe(String(2 * ENCODINGS.length));
    // The replay cache's own counters and what it holds.
    const value = (name: string) =>
      Number(
        metrics
          .split('\n')
          .find((line) => line.startsWith(`${name} `))
          ?.split(' ')[1],
      );
    expect(value('convene_replay_requests_total{outcome="replayed"}')).toBe(replays().servedCount);
    // Every route family's answers and the recordings: together, what the one budget counts.
    const held = metrics
      .split('\n')
      .filter((line) => line.startsWith('convene_cache_bytes{'))
      .reduce((sum, line) => sum + Number(line.split(' ')[1]), 0);
    expect(held).toBe(replays().heldBytes);
    expect(value('convene_cache_entries{cache="replay"}')).toBeGreaterThanOrEqual(
      REPLAYED_URLS.length,
    );
  });

  test('an answer whose data version moved is never replayed: new allocation targets show on the next read', async () => {
    const url = '/api/dashboards/allocation';
    await rawRequest(base, url);
    const before = (await rawRequest(base, url)).body.toString();
    const weights = [
      { bucket: 'aave', weight: 50 },
      { bucket: 'morpho', weight: 50 },
    ];
    const put = await rawRequest(base, '/api/treasury/admin/allocation', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-admin-token': TEST_ADMIN_TOKEN },
      body: JSON.stringify({ weights, note: 'replay test' }),
    });
    expect(put.status).toBe(200);
    const served = replays().servedCount;
    const after = await rawRequest(base, url);
    expect(replays().servedCount).toBe(served);
    expect(after.body.toString()).not.toBe(before);
    expect(JSON.parse(after.body.toString()).note).toBe('replay test');
    const again = await rawRequest(base, url);
    expect(replays().servedCount).toBe(served + 1);
    expect(again.body.equals(after.body)).toBe(true);
  });

  test('a session opened over HTTP shows on the next open-session read, then that answer is replayed', async () => {
    const url = '/api/swarm/open-session';
    await rawRequest(base, url);
    expect((await rawRequest(base, url)).body.toString()).toBe('null');
    await newSubject(ctx.app.convene.database.db, 'replay-subject');
    const opened = await rawRequest(base, '/api/swarm/admin/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': TEST_ADMIN_TOKEN },
      body: JSON.stringify({ subjectId: 'replay-subject', date: '2026-06-01' }),
    });
    expect(opened.status).toBe(201);
    const served = replays().servedCount;
    const open = JSON.parse((await rawRequest(base, url)).body.toString());
    expect(open).toMatchObject({ subjectId: 'replay-subject', date: '2026-06-01', takeCount: 0 });
    expect(replays().servedCount).toBe(served);
    expect(JSON.parse((await rawRequest(base, url)).body.toString())).toEqual(open);
    expect(replays().servedCount).toBe(served + 1);
  });

  test('conditional requests, HEAD, query variants and unknown routes go to the routes', async () => {
    const url = '/api/dashboards/wallet-balances';
    const first = await rawRequest(base, url);
    const served = replays().servedCount;
    const notModified = await rawRequest(base, url, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    const head = await rawRequest(base, url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // A URL never answered 200 before is answered by its route, whatever was recorded for others.
    expect((await rawRequest(base, '/api/dashboards/research-signals/unknown-signal')).status).toBe(
      404,
    );
    expect((await rawRequest(base, '/api/dashboards/research-signals/unknown-signal')).status).toBe(
      404,
    );
    expect(replays().servedCount).toBe(served);
  });

  test("a stranger's flood of URLs with parameters the route does not document records nothing", async () => {
    const entries = replays().entryCount;
    const bytes = replays().heldBytes;
    const junk = 'a'.repeat(2000);
    for (let i = 0; i < 500; i++) {
      const url = `/api/swarm/open-session?u${i}=${junk}`;
      expect((await rawRequest(base, url)).status).toBe(200);
    }
    // Nor a documented one given twice.
    await rawRequest(base, '/api/dashboards/regime-snapshots?range=30&range=31');
    expect(replays().entryCount).toBe(entries);
    expect(replays().heldBytes).toBe(bytes);
    const before = replays().servedCount;
    await rawRequest(base, `/api/swarm/open-session?u0=${junk}`);
    expect(replays().servedCount).toBe(before);
  });

  test('the budget counts what a recording holds: its URL and headers as well as its body', async () => {
    const bytes = replays().heldBytes;
    // Distinct values of a documented parameter: each a recording of its own.
    let held = 0;
    for (let range = 40; range < 90; range++) {
      const url = `/api/dashboards/regime-snapshots?range=${range}`;
      const answer = await rawRequest(base, url);
      expect(answer.status).toBe(200);
      held += answer.body.length + url.length;
    }
    // Bodies and URLs, and headers on top.
    expect(replays().heldBytes - bytes).toBeGreaterThan(held);
  });

  test('an answer from a route that asks for credentials is never replayed to a caller without them', async () => {
    const url = '/api/test/private-report';
    const headers = { 'x-admin-token': TEST_ADMIN_TOKEN };
    expect((await rawRequest(base, url, { headers })).status).toBe(200);
    expect((await rawRequest(base, url, { headers })).status).toBe(200);
    const stranger = await rawRequest(base, url);
    expect(stranger.status).toBe(401);
    expect(stranger.body.toString()).not.toContain('for admins only');
  });
});

test('a loading service never replays: the readiness gate answers instead', () => {
  const readiness = new Readiness(true);
  const cache = new EdgeCache(readiness);
  const request = { method: 'GET', url: '/api/dashboards/allocation', headers: {} };
  const response = {
    writeHead: () => {
      throw new Error('replayed while loading');
    },
  };
  expect(cache.serve(request as never, response as never)).toBe(false);
});

test('a flood of distinct documented URLs stays within the byte budget and never pushes out an answer already replayed', async () => {
  const capacity = 256 * 1024;
  const cache = new EdgeCache(new Readiness(false), capacity);
  const app = Fastify();
  registerEdgeCache(app, cache, { completed: () => undefined });
  app.get<{ Querystring: { page?: string } }>(
    '/pages',
    { schema: { querystring: { type: 'object', properties: { page: { type: 'string' } } } } },
    async (request, reply) => {
      const page = request.query.page ?? '0';
      return app.edge.answer(request, reply, 'pages', {
        key: page,
        version: () => 1,
        build: async () => ({ page, pad: 'x'.repeat(4000) }),
      });
    },
  );
  await app.ready();
  const served = (url: string) => {
    let written = false;
    const response = { writeHead: () => undefined, end: () => void (written = true) };
    const request = { method: 'GET', url, headers: {}, socket: {} };
    return cache.serve(request as never, response as never) && written;
  };
  // An answer readers come back for: recorded, then replayed once before the flood.
  await app.inject({ url: '/pages?page=home' });
  expect(served('/pages?page=home')).toBe(true);
  for (let page = 0; page < 2000; page++)
    expect((await app.inject({ url: `/pages?page=${page}` })).statusCode).toBe(200);
  expect(cache.heldBytes).toBeLessThanOrEqual(capacity);
  expect(cache.evictionCount).toBeGreaterThan(1900);
  // The newest recordings are still there, the oldest gone, and the flood never reached the
  // answer replayed before it.
  expect(cache.entryCount).toBeGreaterThan(10);
  expect(served('/pages?page=1999')).toBe(true);
  expect(served('/pages?page=0')).toBe(false);
  expect(served('/pages?page=home')).toBe(true);
  await app.close();
});
