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
  const cache = new VersionedCache<string, string>(2);
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
