import { expect, test } from 'vitest';
import { VersionedValue } from '../src/db/versioned-value.js';

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
