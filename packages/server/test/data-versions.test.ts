/**
 * Data versions: a bump is seen at once locally and, on PostgreSQL, by another replica through the
 * NOTIFY payload; `bumpSoon` shares bumps among concurrent callers but always answers with a bump that
 * began after the caller asked.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DataVersions } from '../src/db/data-versions.js';
import { openPostgres } from '../src/db/postgres.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';

async function storedVersion(testDb: TestDatabase, name: string): Promise<number> {
  const row = await testDb.database.db
    .selectFrom('data_version')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.version ?? 0;
}

describeEachDatabase('data versions', (kind) => {
  let testDb: TestDatabase;
  let versions: DataVersions;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    versions = new DataVersions({ database: testDb.database, connectionString: testDb.url });
    await versions.start();
  });
  afterAll(async () => {
    await versions.stop();
    await testDb.destroy();
  });

  test('bump stores and shows the new version at once', async () => {
    const before = versions.current('alpha');
    expect(await versions.bump('alpha')).toBe(before + 1);
    expect(versions.current('alpha')).toBe(before + 1);
    expect(await storedVersion(testDb, 'alpha')).toBe(before + 1);
  });

  test('bumpSoon: 200 concurrent callers share a few bumps, each answered after its call', async () => {
    const before = await storedVersion(testDb, 'burst');
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const calledAt = await storedVersion(testDb, 'burst');
        const answered = await versions.bumpSoon('burst');
        return { calledAt, answered };
      }),
    );
    const after = await storedVersion(testDb, 'burst');
    // Coalesced: far fewer bumps than callers, but at least one.
    expect(after - before).toBeGreaterThan(0);
    expect(after - before).toBeLessThan(200);
    // Every caller's answer is a bump that committed after the version it saw when it asked.
    for (const { calledAt, answered } of answers) expect(answered).toBeGreaterThan(calledAt);
    expect(versions.current('burst')).toBe(after);
  });

  test('bumpSoon one caller at a time bumps exactly once per call', async () => {
    const before = await storedVersion(testDb, 'sequential');
    for (let i = 1; i <= 3; i++) expect(await versions.bumpSoon('sequential')).toBe(before + i);
  });

  if (kind === 'postgres') {
    test('another replica sees the bumped version through the NOTIFY payload', async () => {
      const other = openPostgres({ connectionString: testDb.url! });
      const replica = new DataVersions({
        database: other,
        connectionString: testDb.url,
        pollMs: 60_000,
      });
      await replica.start();
      try {
        const version = await versions.bumpSoon('shared');
        const deadline = Date.now() + 5000;
        while (replica.current('shared') < version && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(replica.current('shared')).toBe(version);
      } finally {
        await replica.stop();
        await other.close();
      }
    });
  }
});
