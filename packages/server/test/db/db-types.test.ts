import type { Selectable } from 'kysely';
import { expect, expectTypeOf, test } from 'vitest';
import type { DatabaseColumns, Jsonb } from '../../src/db/columns.generated.js';
import type { DB } from '../../src/db/schema.js';

/*
 * The hand-written Kysely types (`DB`, from src/db/schema.ts and each domain's tables.ts) against
 * the database's own columns (src/db/columns.generated.ts, which schema-dump.test.ts holds to a
 * freshly migrated database). Checked by the type checker (`npm run check`, `tsc -b`): a problem
 * reads as a type error naming the table and column. A column may be typed narrower than the
 * database's (a text column as a union of its allowed words), never wider, and null exactly where
 * the database allows it; jsonb columns are checked for null only.
 */

/** The migrations' own ledger, read and written as raw SQL by src/db/migrate.ts. */
type Unmapped = 'schema_migration';
type Tables = Exclude<keyof DatabaseColumns, Unmapped>;
type Row<T extends keyof DB> = Selectable<DB[T]>;

type Nullable<T> = null extends T ? true : false;
type Fits<Hand, Database> =
  Nullable<Hand> extends Nullable<Database>
    ? [NonNullable<Database>] extends [Jsonb]
      ? true
      : [NonNullable<Hand>] extends [NonNullable<Database>]
        ? true
        : false
    : false;

type TableProblems<T extends Tables & keyof DB> = {
  [C in keyof DatabaseColumns[T] | keyof Row<T>]: C extends keyof DatabaseColumns[T]
    ? C extends keyof Row<T>
      ? Fits<Row<T>[C], DatabaseColumns[T][C]> extends true
        ? never
        : `${T}.${C & string}: typed ${Nullable<Row<T>[C]> extends true ? 'nullable' : 'not null'}, differently from the database`
      : `${T}.${C & string}: a column the DB type lacks`
    : `${T}.${C & string}: in the DB type, not in the database`;
}[keyof DatabaseColumns[T] | keyof Row<T>];

// Both parts are `never` while the types agree, which is the point; the lint sees only that.
/* eslint-disable @typescript-eslint/no-redundant-type-constituents, @typescript-eslint/no-duplicate-type-constituents */
type Problems =
  | { [T in Tables & keyof DB]: TableProblems<T> }[Tables & keyof DB]
  | `${Exclude<Tables, keyof DB> & string}: a table the DB type lacks`;
/* eslint-enable @typescript-eslint/no-redundant-type-constituents, @typescript-eslint/no-duplicate-type-constituents */

/** Names in `DB` that are views, not tables (the catalogue of tables does not hold them). */
type Views = Exclude<keyof DB, Tables>;

test('the DB types match the database, column by column (checked by tsc)', () => {
  // Each problem is a required key here, so tsc's error lists them: "missing … 'take.body: …'".
  const problems: { [Problem in Problems]: true } = {};
  expect(problems).toEqual({});
  expectTypeOf<Views>().toEqualTypeOf<'tlog_entries'>();
});
