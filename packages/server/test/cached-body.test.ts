import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { VersionedBodyCache, cacheBody, sendCachedBody } from '../src/http/cached-body.js';

describe('cached bodies', () => {
  const value = {
    series: Array.from({ length: 2000 }, (_, index) => ({ day: index, value: Math.sin(index) })),
  };
  const body = cacheBody(value);
  const app = Fastify();
  app.get('/cached', (request, reply) => sendCachedBody(request, reply, body));

  test('identity, gzip and brotli decode to the same JSON with one strong ETag', async () => {
    const plain = await app.inject({ url: '/cached' });
    expect(plain.headers.etag).toBe(body.etag);
    expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(plain.json()).toEqual(value);
    const gzip = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(value);
    const br = await app.inject({
      url: '/cached',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(value);
    expect(br.headers.vary).toBe('accept-encoding');
  });

  test('If-None-Match with the current ETag gives 304 without a body; a stale one gives 200', async () => {
    const notModified = await app.inject({
      url: '/cached',
      headers: { 'if-none-match': `"other", ${body.etag}` },
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

  test('the versioned cache rebuilds once per version and coalesces concurrent builds', async () => {
    const cache = new VersionedBodyCache({ maxEntries: 4 });
    let builds = 0;
    const build = async () => ({ build: ++builds });
    const [a, b] = await Promise.all([cache.get('k', 1, build), cache.get('k', 1, build)]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
    const next = await cache.get('k', 2, build);
    expect(JSON.parse(next.identity.toString())).toEqual({ build: 2 });
  });
});

test('a body cache bounded by bytes counts every encoding of its bodies and their keys', async () => {
  const cache = new VersionedBodyCache({ maxBytes: 256 * 1024 });
  // Hardly compressible bodies of ~25 KB: each held three times (identity, gzip, brotli).
  const random = (seed: number) =>
    Array.from({ length: 1500 }, (_, i) => Math.sin(seed * 7919 + i).toString(36));
  for (let key = 0; key < 40; key++) await cache.get(`page-${key}`, 1, async () => random(key));
  const { entries, bytes, evictions } = cache.stats;
  expect(bytes).toBeLessThanOrEqual(256 * 1024);
  expect(bytes).toBeGreaterThan(180 * 1024);
  expect(entries).toBeLessThan(10);
  expect(evictions).toBe(40 - entries);
});

test('a small cached body holds only its own bytes (no view of a pool slab or a zlib chunk)', () => {
  const body = cacheBody({ sessions: [], nextCursor: null, nextSessionAt: null });
  for (const bytes of [body.identity, body.gzip, body.brotli]) {
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  }
});
