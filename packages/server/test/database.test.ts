import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { openPostgres } from '../src/db/postgres.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';
import { latch } from './support/wait.js';

describeEachDatabase('database layer', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  test('migrations are recorded and re-running them applies nothing', async () => {
    expect(await migrateToLatest(testDb.database)).toEqual([]);
    const { rows } = await sql<{
      name: string;
    }>`select name from schema_migration order by name`.execute(testDb.database.db);
    expect(rows.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
  });

  test('concurrent transactions with one failure: every reported commit is kept, the failure leaves nothing', async () => {
    const { db } = testDb.database;
    await db.insertInto('app_setting').values({ key: 'taken', value: 'x' }).execute();
    const attempts = Array.from({ length: 50 }, (_, index) =>
      index === 17 ? 'taken' : `concurrent-${index}`,
    );
    const outcomes = await Promise.allSettled(
      attempts.map((key) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('app_setting')
            .values({ key: `${key}-pre`, value: 'first' })
            .execute();
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          await trx.insertInto('app_setting').values({ key, value: 'second' }).execute();
        }),
      ),
    );
    const committed = attempts.filter((_, index) => outcomes[index]?.status === 'fulfilled');
    expect(committed).toHaveLength(49);
    expect(outcomes[17]?.status).toBe('rejected');
    const rows = await db
      .selectFrom('app_setting')
      .select('key')
      .where('key', 'like', 'concurrent-%')
      .execute();
    expect(rows.map((row) => row.key).sort()).toEqual(
      committed.flatMap((key) => [key, `${key}-pre`]).sort(),
    );
    const failedPre = await db
      .selectFrom('app_setting')
      .select('key')
      .where('key', '=', 'taken-pre')
      .execute();
    expect(failedPre).toEqual([]);
  });

  test('an advisory lock admits one runner at a time', async () => {
    const order: string[] = [];
    const holding = latch();
    const release = latch();
    const first = testDb.database.withAdvisoryLock('test:lock', async () => {
      order.push('first-in');
      holding.open();
      await release.opened;
      return 'first';
    });
    await holding.opened;
    const second = await testDb.database.withAdvisoryLock('test:lock', async () => 'second');
    expect(second).toEqual({ acquired: false });
    release.open();
    expect(await first).toEqual({ acquired: true, value: 'first' });
    expect(await testDb.database.withAdvisoryLock('test:lock', async () => 'third')).toEqual({
      acquired: true,
      value: 'third',
    });
    expect(order).toEqual(['first-in']);
  });

  if (kind === 'postgres') {
    test('two replicas on one PostgreSQL: only one holds a job lock', async () => {
      const replica = openPostgres({ connectionString: testDb.url! });
      try {
        const holding = latch();
        const release = latch();
        const first = testDb.database.withAdvisoryLock('test:replicas', async () => {
          holding.open();
          await release.opened;
        });
        await holding.opened;
        expect(await replica.withAdvisoryLock('test:replicas', async () => 'other')).toEqual({
          acquired: false,
        });
        release.open();
        await first;
        expect(await replica.withAdvisoryLock('test:replicas', async () => 'other')).toEqual({
          acquired: true,
          value: 'other',
        });
      } finally {
        await replica.close();
      }
    });

    test('replicas migrating at the same time apply each migration once', async () => {
      const replicas = [0, 1, 2].map(() => openPostgres({ connectionString: testDb.url! }));
      try {
        const results = await Promise.all(replicas.map((replica) => migrateToLatest(replica)));
        expect(results.flat()).toEqual([]);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
      }
    });
  }
});
