import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openPglite } from '../../src/db/pglite.js';
import { PreparedPgliteDialect } from '../../src/db/pglite-dialect.js';

/**
 * The PGlite dialect keeps each statement text prepared under a name: these tests hold it to what
 * PGlite's own `query` gave (values, errors, a session that survives an error) and to what keeping
 * statements must not cost (a bounded number kept, schema changes read right).
 */
/** The one table these tests make (`extra` exists only while a test adds it). */
interface Tables {
  item: {
    id: number;
    label: string;
    tags: string[] | null;
    doc: unknown;
    at: Date | null;
    extra?: number;
  };
}

describe('the PGlite dialect with kept statements', () => {
  let pglite: PGlite;
  let dialect: PreparedPgliteDialect;
  let db: Kysely<Tables>;
  const kept = async () =>
    (await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]!.n;

  beforeAll(async () => {
    pglite = await PGlite.create();
    dialect = new PreparedPgliteDialect(pglite);
    db = new Kysely<Tables>({ dialect });
  });
  beforeEach(async () => {
    await sql`drop table if exists item`.execute(db);
    await sql`create table item (id int primary key, label text not null, tags text[], doc jsonb, at timestamptz)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db.destroy();
  });

  test('parameters and results round-trip as with PGlite’s query: text, arrays, jsonb, null, dates', async () => {
    const at = new Date('2026-12-02T10:00:00.000Z');
    await db
      .insertInto('item')
      .values({ id: 1, label: 'one', tags: ['a', 'b,c'], doc: JSON.stringify({ n: 1 }), at })
      .execute();
    await db
      .insertInto('item')
      .values({ id: 2, label: 'two', tags: null, doc: null, at: null })
      .execute();
    const rows = await db.selectFrom('item').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, label: 'one', tags: ['a', 'b,c'], doc: { n: 1 }, at },
      { id: 2, label: 'two', tags: null, doc: null, at: null },
    ]);
    expect(rows, 'the same rows as PGlite’s own query gives').toEqual(
      (await pglite.query('select * from item order by id')).rows,
    );
    const updated = await db
      .updateTable('item')
      .set({ label: 'x' })
      .where('id', '>', 0)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  test('a statement text is parsed once and executed by name; beyond the limit the oldest is closed', async () => {
    const before = await kept();
    const small = new PreparedPgliteDialect(pglite, 4);
    const smallDb = new Kysely<Tables>({ dialect: small });
    for (let round = 0; round < 3; round++)
      await smallDb.selectFrom('item').selectAll().where('id', '=', round).execute();
    expect(small.statements.size).toBe(1);
    for (let id = 0; id < 10; id++)
      await sql`select ${sql.lit(id)}::int as n from item where id = ${id}`.execute(smallDb);
    expect(small.statements.size).toBe(4);
    // The closes go out with the next exchange.
    await smallDb.selectFrom('item').select('id').execute();
    expect(await kept()).toBe(before + 4);
  });

  test('a schema change is read right: each execution carries its own row description', async () => {
    const read = () => db.selectFrom('item').selectAll().execute();
    await db.insertInto('item').values({ id: 1, label: 'one' }).execute();
    expect(Object.keys((await read())[0]!)).toEqual(['id', 'label', 'tags', 'doc', 'at']);
    await sql`alter table item add column extra int default 7`.execute(db);
    expect((await read())[0]).toMatchObject({ id: 1, extra: 7 });
    // A script run outside Kysely: the kept statements are parsed again afterwards.
    await pglite.exec('alter table item drop column extra');
    dialect.statements.forget();
    expect(Object.keys((await read())[0]!)).toEqual(['id', 'label', 'tags', 'doc', 'at']);
  });

  test('a kept statement dropped behind the dialect’s back is prepared again', async () => {
    const read = () => db.selectFrom('item').select('id').execute();
    await read();
    await pglite.exec('deallocate all');
    expect(await read()).toEqual([]);
  });

  test('errors carry PostgreSQL’s code and constraint, and the session stays usable', async () => {
    await db.insertInto('item').values({ id: 1, label: 'one' }).execute();
    const duplicate = await db
      .insertInto('item')
      .values({ id: 1, label: 'again' })
      .execute()
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'item_pkey' });
    await expect(sql`select nonsense from nowhere`.execute(db)).rejects.toMatchObject({
      code: '42P01',
    });
    // In a transaction: the failure rolls everything back and the next transaction commits.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 2, label: 'two' }).execute();
        await trx.insertInto('item').values({ id: 1, label: 'dup' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ id: 3, label: 'three' }).execute();
    });
    expect(
      (await db.selectFrom('item').select('id').orderBy('id').execute()).map((r) => r.id),
    ).toEqual([1, 3]);
    expect(pglite.isInTransaction()).toBe(false);
  });

  test('transactions started together run one after the other on the one connection', async () => {
    const order: string[] = [];
    await Promise.all(
      [10, 20, 30].map((id) =>
        db.transaction().execute(async (trx) => {
          order.push(`begin ${id}`);
          await trx
            .insertInto('item')
            .values({ id, label: String(id) })
            .execute();
          await trx
            .insertInto('item')
            .values({ id: id + 1, label: String(id) })
            .execute();
          order.push(`end ${id}`);
        }),
      ),
    );
    expect(order).toEqual(['begin 10', 'end 10', 'begin 20', 'end 20', 'begin 30', 'end 30']);
    expect(await db.selectFrom('item').select('id').execute()).toHaveLength(6);
  });

  test('a database closed before its first query closes PGlite too', async () => {
    const unused = await openPglite();
    await unused.close();
    expect(unused.pglite.closed).toBe(true);
  });
});
