import { expect, test } from 'vitest';
import { Batches } from '../src/db/batches.js';

/** A statement that answers when released, recording each batch it was given. */
function statement() {
  const batches: number[][] = [];
  const releases: Array<() => void> = [];
  const run = (items: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push([...items]);
      releases.push(() =>
        items.includes(-1) ? reject(new Error('refused')) : resolve(items.map((i) => i * 10)),
      );
    });
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('items of one turn go out together; items arriving meanwhile share the next batch, capped', async () => {
  const db = statement();
  const batches = new Batches(db.run, 3);
  const first = batches.add(1);
  expect(db.batches).toEqual([]); // sent after this turn of the event loop, with whatever joins
  await tick();
  const waiting = [2, 3, 4, 5].map((i) => batches.add(i));
  expect(db.batches).toEqual([[1]]);
  db.releases[0]!();
  expect(await first).toBe(10);
  await tick();
  expect(db.batches).toEqual([[1], [2, 3, 4]]);
  db.releases[1]!();
  await tick();
  expect(db.batches).toEqual([[1], [2, 3, 4], [5]]);
  db.releases[2]!();
  expect(await Promise.all(waiting)).toEqual([20, 30, 40, 50]);
});

test('a failed batch fails its own items only', async () => {
  const db = statement();
  const batches = new Batches(db.run, 8);
  const first = batches.add(-1);
  await tick();
  const second = batches.add(2);
  db.releases[0]!();
  await expect(first).rejects.toThrow('refused');
  await tick();
  db.releases[1]!();
  expect(await second).toBe(20);
});
