import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression.js';
import { importSmallDataset } from './analytics/factories.js';
import { createTestApp, type TestContext } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';

describeEachDatabase(
  'JSON responses over 1 KB are compressed when the client accepts it',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp(kind);
      await importSmallDataset(ctx.app);
    });
    afterAll(async () => ctx?.close());

    const get = (url: string, encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });

    // A list with query parameters is built per request (not one of the pre-compressed cached bodies).
    const URL = '/api/dashboards/entities?sort=name&order=asc';

    test('brotli, then gzip, else identity; the decoded body is the same JSON', async () => {
      const plain = await get(URL);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      const br = await get(URL, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(
        plain.json(),
      );

      const gz = await get(URL, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

      const refused = await get(URL, 'br;q=0, gzip;q=0');
      expect(refused.headers['content-encoding']).toBeUndefined();
    });

    test('bodies of 1 KB or less and already-encoded cached bodies are left alone', async () => {
      const small = await get('/api/dashboards/coins?search=zzz', 'br');
      expect(small.rawPayload.length).toBeLessThanOrEqual(COMPRESS_THRESHOLD_BYTES);
      expect(small.headers['content-encoding']).toBeUndefined();
      // The cached default body is pre-compressed once; it must not be compressed twice.
      const cached = await get('/api/dashboards/entities', 'br');
      expect(cached.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(cached.rawPayload).toString('utf8')).total).toBe(
        (await get('/api/dashboards/entities')).json().total,
      );
    });
  },
);
