import { expect, test } from 'vitest';
import { VersionedCache, VersionedValue } from '../src/db/versioned-value.js';

test('computes once per version, shares the value between callers, and retries after a failure', async () => {
  let calls = 0;
  let fail = false;
  const value = new VersionedValue(async () => {
    calls++;
    if (fail) throw new Error('database down');
    return calls;
  });
  expect(await Promise.all([value.get(1), value.get(1)])).toEqual([1, 1]);
  expect(calls).toBe(1);
  expect(await value.get(2)).toBe(2);
  fail = true;
  await expect(value.get(3)).rejects.toThrow('database down');
  fail = false;
  expect(await value.get(3)).toBe(4);
  expect(await value.get(3)).toBe(4);
  expect(calls).toBe(4);
});

test('a bounded cache keeps the most recently used keys and rebuilds a key when its version moves', async () => {
  const builds: string[] = [];
  const cache = new VersionedCache<string, string>({ maxEntries: 2 });
  const get = (key: string, version: number) =>
    cache.get(key, version, async () => {
      builds.push(`${key}@${version}`);
      return `${key}@${version}`;
    });
  await get('a', 1);
  await get('b', 1);
  expect(await get('a', 1)).toBe('a@1'); // a is now the most recently used
  await get('c', 1); // evicts b, the least recently used
  expect(await get('a', 1)).toBe('a@1');
  await get('b', 1);
  expect(builds).toEqual(['a@1', 'b@1', 'c@1', 'b@1']);
  expect(await get('a', 2)).toBe('a@2');
  expect(builds.at(-1)).toBe('a@2');
});

test('a cache bounded by bytes keeps what fits, counts evictions, and serves an oversized value without keeping it', async () => {
  const cache = new VersionedCache<string, string>({
    maxBytes: 10_000,
    sizeOf: (value, key) => value.length + key.length,
  });
  let builds = 0;
  const get = (key: string, size: number) =>
    cache.get(key, 1, async () => {
      builds++;
      return 'x'.repeat(size);
    });
  for (let i = 0; i < 1000; i++) await get(`k${i}`, 990);
  expect(cache.keptBytes).toBeLessThanOrEqual(10_000);
  expect(cache.entryCount).toBe(10);
  expect(cache.evictions).toBe(990);
  expect((await get('k999', 990)).length).toBe(990);
  expect(builds).toBe(1000); // the newest was kept
  expect((await get('huge', 20_000)).length).toBe(20_000);
  await get('huge', 20_000);
  expect(builds).toBe(1002);
  expect(cache.entryCount).toBe(10);
});
