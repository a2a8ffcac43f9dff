import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FUNCTIONS } from '../../src/db/functions/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';

/*
 * A function's body lives in src/db/functions/: a database that already ran every migration takes
 * a changed body at its next start, with no new migration.
 */
describeEachDatabase('database functions', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(() => testDb.destroy());

  const definition = async (name: string) =>
    (
      await sql<{
        definition: string;
      }>`select pg_get_functiondef(${name}::regproc) as definition`.execute(testDb.database.db)
    ).rows[0]!.definition;

  test('every function in the folder is in the database with that body', async () => {
    for (const fn of FUNCTIONS) {
      const body = /\$\$([\s\S]*)\$\$/.exec(fn.sql)![1]!;
      expect(await definition(fn.name), fn.name).toContain(body);
    }
  });

  test('a changed body reaches a migrated database at the next start; no migration runs', async () => {
    const changed = FUNCTIONS.map((fn) =>
      fn.name === 'convene_tlog_next'
        ? { ...fn, sql: fn.sql.replace('begin\n', 'begin\n  -- the changed body\n') }
        : fn,
    );
    expect(await migrateToLatest(testDb.database, MIGRATIONS, changed)).toEqual([]);
    expect(await definition('convene_tlog_next')).toContain('-- the changed body');
    await migrateToLatest(testDb.database);
    expect(await definition('convene_tlog_next')).not.toContain('-- the changed body');
  });
});
