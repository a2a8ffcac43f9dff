import { nextCronFire } from '../src/jobs/cron.js';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import pino from 'pino';
import { ManualClock } from '../src/clock.js';
import { DataVersions } from '../src/db/data-versions.js';
import { openPostgres } from '../src/db/postgres.js';
import type { Database } from '../src/db/database.js';
import { JobRunRepository } from '../src/jobs/repository.js';
import { Scheduler } from '../src/jobs/scheduler.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';
import { latch } from './support/wait.js';

const log = pino({ level: 'silent' });

test('next cron fire is computed in UTC', () => {
  expect(nextCronFire('30 22 * * *', new Date('2026-03-01T23:00:00Z'))?.toISOString()).toBe(
    '2026-03-02T22:30:00.000Z',
  );
});

describeEachDatabase('scheduler and data versions', (kind) => {
  let testDb: TestDatabase;
  const clock = new ManualClock('2026-03-01T00:00:00Z');
  /** A scheduler over `database`, built as the app builds it. */
  const schedulerOn = (database: Database) =>
    new Scheduler({
      locks: database,
      jobRuns: new JobRunRepository(database.db),
      clock,
      log,
    });
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  test('a job run is recorded with its outcome; a throwing job is recorded as failed', async () => {
    const scheduler = schedulerOn(testDb.database);
    scheduler.add({
      name: 'ok',
      schedule: '0 * * * *',
      idempotent: true,
      run: async () => 'success',
    });
    scheduler.add({
      name: 'broken',
      schedule: { everyMs: 60_000 },
      idempotent: true,
      run: async () => {
        throw new Error('boom');
      },
    });
    expect(await scheduler.runNow('ok')).toBe('success');
    expect(await scheduler.runNow('broken')).toBe('failed');
    const runs = await testDb.database.db
      .selectFrom('job_run')
      .select(['job', 'outcome'])
      .orderBy('id')
      .execute();
    expect(runs).toEqual([
      { job: 'ok', outcome: 'success' },
      { job: 'broken', outcome: 'failed' },
    ]);
  });

  test('the same job never runs twice at once', async () => {
    const scheduler = schedulerOn(testDb.database);
    const running = latch();
    const gate = latch();
    scheduler.add({
      name: 'slow',
      schedule: { everyMs: 1000 },
      idempotent: true,
      run: async () => {
        running.open(); // the lock is held from here until the gate opens
        await gate.opened;
        return 'success';
      },
    });
    const first = scheduler.runNow('slow');
    await running.opened;
    expect(await scheduler.runNow('slow')).toBe('locked');
    gate.open();
    expect(await first).toBe('success');
  });

  test('a bump is visible to local readers at once', async () => {
    const versions = new DataVersions({ database: testDb.database, connectionString: testDb.url });
    await versions.start();
    try {
      const before = versions.current('regime');
      await versions.bump('regime');
      expect(versions.current('regime')).toBe(before + 1);
    } finally {
      await versions.stop();
    }
  });

  if (kind === 'postgres') {
    test('a bump on one replica reaches another through NOTIFY', async () => {
      const replica = openPostgres({ connectionString: testDb.url! });
      const here = new DataVersions({
        database: testDb.database,
        connectionString: testDb.url,
        pollMs: 60_000,
      });
      const there = new DataVersions({
        database: replica,
        connectionString: testDb.url,
        pollMs: 60_000,
      });
      await Promise.all([here.start(), there.start()]);
      try {
        const target = await here.bump('wallets');
        // Polled, not slept: the other replica has no hook to wait on, and its safety-net re-read is
        // set to a minute, so only the notification can deliver the version within this bound.
        await vi.waitFor(() => expect(there.current('wallets')).toBe(target), {
          timeout: 10_000,
          interval: 5,
        });
      } finally {
        await Promise.all([here.stop(), there.stop()]);
        await replica.close();
      }
    });

    test('two schedulers on two replicas: one runs the fire, the other is locked out', async () => {
      const replica = openPostgres({ connectionString: testDb.url! });
      try {
        let runs = 0;
        const running = latch();
        const gate = latch();
        const job = {
          name: 'fire',
          schedule: { everyMs: 1000 },
          idempotent: true,
          run: async () => {
            runs++;
            running.open();
            await gate.opened;
            return 'success' as const;
          },
        };
        const a = schedulerOn(testDb.database);
        const b = schedulerOn(replica);
        a.add(job);
        b.add(job);
        const first = a.runNow('fire');
        await running.opened;
        expect(await b.runNow('fire')).toBe('locked');
        gate.open();
        expect(await first).toBe('success');
        expect(runs).toBe(1);
      } finally {
        await replica.close();
      }
    });
  }
});
