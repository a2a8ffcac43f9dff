/**
 * The HTTP edge cache (src/http/edge-cache.ts) in a bare Fastify: one serialisation per key and
 * version whatever the encodings asked, ETag/304, coalesced builds, and one byte budget that counts
 * every encoding made, the keys and the recordings.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EdgeCache, type Version } from '../src/http/edge-cache.js';
import { registerEdgeCache } from '../src/http/edge-server.js';
import { Readiness } from '../src/readiness.js';

async function edgeApp(
  edge: EdgeCache,
  routes: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = Fastify();
  registerEdgeCache(app, edge, { completed: () => undefined });
  routes(app);
  await app.ready();
  return app;
}

describe('cached answers', () => {
  const value = {
    series: Array.from({ length: 2000 }, (_, index) => ({ day: index, value: Math.sin(index) })),
  };
  const edge = new EdgeCache(new Readiness());
  let app: FastifyInstance;
  let version: Version = 1;
  let builds = 0;
  beforeAll(async () => {
    app = await edgeApp(edge, (routes) =>
      routes.get('/cached', (request, reply) =>
        routes.edge.answer(request, reply, 'test', {
          key: null,
          version: () => version,
          build: async () => {
            builds++;
            await new Promise((resolve) => setImmediate(resolve));
            return value;
          },
        }),
      ),
    );
  });
  afterAll(() => app.close());

  test('identity, gzip and brotli decode to the same JSON with one strong ETag', async () => {
    const plain = await app.inject({ url: '/cached' });
    expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(plain.json()).toEqual(value);
    const gzip = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(value);
    const br = await app.inject({
      url: '/cached',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(value);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('If-None-Match with the current ETag gives 304 without a body; a stale one gives 200', async () => {
    const { etag } = (await app.inject({ url: '/cached' })).headers;
    const notModified = await app.inject({
      url: '/cached',
      headers: { 'if-none-match': `"other", ${String(etag)}` },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const stale = await app.inject({ url: '/cached', headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
  });

  test('br;q=0 is honoured', async () => {
    const response = await app.inject({
      url: '/cached',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  test('an answer is built once per version, concurrent requests sharing one build', async () => {
    version = 2;
    const before = builds;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ url: '/cached' })),
    );
    expect(builds - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    await app.inject({ url: '/cached' });
    expect(builds - before).toBe(1);
    version = 3;
    await app.inject({ url: '/cached' });
    expect(builds - before).toBe(2);
  });
});

test('the byte budget counts every encoding made of each answer and its key', async () => {
  const capacity = 1024 * 1024;
  const edge = new EdgeCache(new Readiness(), capacity);
  // Hardly compressible answers of ~25 KB: each held three times (identity, gzip, brotli).
  const random = (seed: number) =>
    Array.from({ length: 1500 }, (_, i) => Math.sin(seed * 7919 + i).toString(36));
  const app = await edgeApp(edge, (routes) =>
    routes.get<{ Querystring: { page: string } }>(
      '/pages',
      { schema: { querystring: { type: 'object', properties: { page: { type: 'string' } } } } },
      (request, reply) =>
        routes.edge.answer(request, reply, 'pages', {
          key: request.query.page,
          version: 1,
          build: async () => random(Number(request.query.page)),
        }),
    ),
  );
  let sent = 0;
  for (let page = 0; page < 40; page++)
    for (const encoding of ['identity', 'gzip', 'br']) {
      const answer = await app.inject({
        url: `/pages?page=${page}`,
        headers: { 'accept-encoding': encoding },
      });
      sent += answer.rawPayload.length;
    }
  const { entries, bytes, evictions } = edge.statsByCache().pages!;
  // Only the quarter for answers asked once holds them: a flood never reaches what readers reuse.
  expect(bytes).toBeLessThanOrEqual(capacity / 4);
  expect(bytes).toBeGreaterThan((capacity / 4) * 0.7);
  expect(edge.heldBytes).toBe(bytes);
  // Each kept answer counts its three encodings.
  expect(bytes / entries).toBeGreaterThan(sent / 40);
  expect(entries).toBeLessThan(10);
  expect(evictions).toBe(40 - entries);
  await app.close();
});

test('the keys count: a flood of long distinct searches with tiny answers stays within the budget', async () => {
  const capacity = 256 * 1024;
  const edge = new EdgeCache(new Readiness(), capacity);
  const app = await edgeApp(edge, (routes) =>
    routes.get<{ Querystring: { search: string } }>(
      '/sessions',
      { schema: { querystring: { type: 'object', properties: { search: { type: 'string' } } } } },
      (request, reply) =>
        routes.edge.answer(request, reply, 'searches', {
          key: request.query.search,
          version: () => 1,
          // What an unmatched search answers: a few bytes, so only the key and headers are large.
          build: async () => ({ sessions: [] }),
        }),
    ),
  );
  const long = 'q'.repeat(2000);
  for (let i = 0; i < 1000; i++) {
    const answer = await app.inject({ url: `/sessions?search=${long}${i}` });
    expect(answer.statusCode).toBe(200);
  }
  // 1,000 answers of 14 bytes: without counting keys they would all fit many times over.
  expect(edge.heldBytes).toBeLessThanOrEqual(capacity);
  const searches = edge.statsByCache().searches!;
  const replay = edge.statsByCache().replay!;
  expect(searches.evictions + replay.evictions).toBeGreaterThan(900);
  // Each answer counts its key (the search, twice for UTF-16) and each recording its URL.
  expect(searches.bytes / searches.entries).toBeGreaterThan(2 * long.length);
  expect(replay.bytes / replay.entries).toBeGreaterThan(2 * long.length);
  await app.close();
});

test('a small answer holds only its own bytes (no view of a pool slab or a zlib chunk)', async () => {
  const edge = new EdgeCache(new Readiness());
  const app = await edgeApp(edge, (routes) =>
    routes.get('/small', (request, reply) =>
      routes.edge.answer(request, reply, 'small', {
        key: null,
        version: 1,
        build: async () => ({ sessions: [], nextCursor: null, nextSessionAt: null }),
      }),
    ),
  );
  const held: Buffer[] = [];
  for (const encoding of ['identity', 'gzip', 'br']) {
    const answer = await app.inject({ url: '/small', headers: { 'accept-encoding': encoding } });
    expect(answer.statusCode).toBe(200);
  }
  // The kept answer's buffers: what the cache counts is what they hold.
  const [answer] = [...(edge as unknown as { trial: Map<string, never> }).trial.values()] as Array<{
    ready(encoding: string): Buffer;
  }>;
  for (const encoding of ['identity', 'gzip', 'br']) held.push(answer!.ready(encoding));
  for (const bytes of held) {
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  }
  await app.close();
});

test('an answer whose build failed, or that asks not to be kept, is built again on the next read', async () => {
  const edge = new EdgeCache(new Readiness());
  let builds = 0;
  let verified = false;
  const app = await edgeApp(edge, (routes) =>
    routes.get('/checked', (request, reply) =>
      routes.edge.answer(request, reply, 'checked', {
        key: null,
        version: 'fingerprint',
        build: async () => {
          builds++;
          if (builds === 1) throw new Error('database gone');
          return { verified };
        },
        keep: (answer) => answer.verified,
      }),
    ),
  );
  expect((await app.inject({ url: '/checked' })).statusCode).toBe(500);
  expect((await app.inject({ url: '/checked' })).json()).toEqual({ verified: false });
  verified = true;
  expect((await app.inject({ url: '/checked' })).json()).toEqual({ verified: true });
  expect((await app.inject({ url: '/checked' })).json()).toEqual({ verified: true });
  expect(builds).toBe(3);
  await app.close();
});
