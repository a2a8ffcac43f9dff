import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WATCHED_TABLES } from '../src/db/migrations/0020-row-watch.js';
import { WatchedReads } from '../src/db/row-watch.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';

/*
 * PGlite's reads of verified rows skip the database while nothing they rest on changed; that is
 * only sound if every change to those tables moves the epoch, whoever makes it and however.
 */
describeEachDatabase('the row watch', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  const asInsider = (statement: ReturnType<typeof sql>) =>
    testDb.database.db.transaction().execute(async (trx) => {
      // Ordinary triggers do not fire under the replica role; the watch's are ENABLE ALWAYS.
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  test('is kept only where this process sees every writer', () => {
    expect(testDb.database.rowWatch !== undefined).toBe(kind === 'pglite');
  });

  /** A column of each watched table, for an update that matches no row. */
  const column: Record<(typeof WATCHED_TABLES)[number], string> = {
    take: 'id',
    member_key: 'id',
    tlog_entry: 'idx',
    tlog_node: 'idx',
    tlog_head: 'id',
    tlog_checkpoint: 'size',
    swarm_session: 'id',
  };

  // PostgreSQL keeps no watch (its reads look at the rows each time): these are PGlite's alone.
  if (kind === 'pglite') {
    test.each(WATCHED_TABLES)(
      'a change to %s moves the epoch before the writer hears back; a read does not',
      async (table) => {
        const watch = testDb.database.rowWatch!;
        const before = watch.epoch;
        await sql`select count(*) from ${sql.table(table)}`.execute(testDb.database.db);
        expect(watch.epoch).toBe(before);
        // An update matching no row is still a statement on the table: the trigger fires.
        const col = sql.ref(column[table]);
        await asInsider(sql`update ${sql.table(table)} set ${col} = ${col} where false`);
        expect(watch.epoch).toBeGreaterThan(before);
        const afterUpdate = watch.epoch;
        await asInsider(sql`delete from ${sql.table(table)} where false`);
        expect(watch.epoch).toBeGreaterThan(afterUpdate);
      },
    );

    test('a rolled-back change moves nothing', async () => {
      const watch = testDb.database.rowWatch!;
      const before = watch.epoch;
      await expect(
        testDb.database.db.transaction().execute(async (trx) => {
          await sql`set local session_replication_role = replica`.execute(trx);
          await sql`delete from take where false`.execute(trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(watch.epoch).toBe(before);
    });
  }

  test('a watched read reads again once the epoch moves, and every time without a watch', async () => {
    let reads = 0;
    const cached = new WatchedReads<number>(testDb.database.rowWatch);
    const read = () => cached.get('k', async () => ++reads);
    await read();
    await read();
    expect(reads).toBe(kind === 'pglite' ? 1 : 2);
    await asInsider(sql`delete from swarm_session where false`);
    await read();
    expect(reads).toBe(kind === 'pglite' ? 2 : 3);
  });
});
