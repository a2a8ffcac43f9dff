import { expect, test } from 'vitest';
import { FreshReads } from '../src/db/fresh-reads.js';

/** A stand-in database: each round reads `value` when it starts and answers when released. */
function database() {
  let value = 0;
  const rounds: Array<{ saw: number; release: () => void; fail: (error: Error) => void }> = [];
  return {
    set: (next: number) => void (value = next),
    rounds,
    round: () =>
      new Promise<number>((resolve, reject) => {
        const saw = value;
        rounds.push({ saw, release: () => resolve(saw), fail: reject });
      }),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('a caller arriving during a round is answered by a round that started after it', async () => {
  const db = database();
  const reads = new FreshReads<number>();
  const first = reads.read('k', db.round);
  db.set(1); // committed while the first round runs, before the second caller arrives
  const second = reads.read('k', db.round);
  expect(db.rounds).toHaveLength(1);
  db.rounds[0]!.release();
  expect(await first).toBe(0);
  await tick();
  expect(db.rounds).toHaveLength(2);
  db.rounds[1]!.release();
  expect(await second).toBe(1);
});

test('every caller arriving during one round shares the next; other keys do not wait', async () => {
  const db = database();
  const reads = new FreshReads<number>();
  void reads.read('k', db.round);
  const waiting = Array.from({ length: 50 }, () => reads.read('k', db.round));
  const other = reads.read('other', db.round);
  expect(db.rounds).toHaveLength(2);
  db.rounds[1]!.release();
  expect(await other).toBe(0);
  db.rounds[0]!.release();
  await tick();
  expect(db.rounds).toHaveLength(3);
  db.set(5);
  db.rounds[2]!.release();
  expect(new Set(await Promise.all(waiting))).toEqual(new Set([0]));
  // Idle again: the next caller starts a round at once.
  const later = reads.read('k', db.round);
  expect(db.rounds).toHaveLength(4);
  db.rounds[3]!.release();
  expect(await later).toBe(5);
});

test('a failed round fails only its own callers; the waiting ones get a round of their own', async () => {
  const db = database();
  const reads = new FreshReads<number>();
  const first = reads.read('k', db.round);
  const second = reads.read('k', db.round);
  db.rounds[0]!.fail(new Error('database down'));
  await expect(first).rejects.toThrow('database down');
  await tick();
  db.set(2);
  db.rounds[1]!.release();
  // The second round started before set(2): it answers what it read.
  expect(await second).toBe(0);
  const third = reads.read('k', db.round);
  db.rounds[2]!.release();
  expect(await third).toBe(2);
});
