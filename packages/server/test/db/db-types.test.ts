import type { Insertable, Selectable, Updateable } from 'kysely';
import { expect, expectTypeOf, test } from 'vitest';
import type { SourceConfidence } from '../../src/analytics/tables.js';
import type { UntypedJson } from '../../src/db/column-types.js';
import type { GeneratedTables } from '../../src/db/columns.generated.js';
import type { DB } from '../../src/db/schema.js';
import type { ColumnMaps, Table } from '../../src/db/table-types.js';

/*
 * The database types are generated from the schema (src/db/columns.generated.ts, held to a freshly
 * migrated database by schema-dump.test.ts); a domain only narrows columns, in its tables.ts. These
 * checks are the type checker's (`npm run check`, `tsc -b`): each line marked @ts-expect-error must
 * stay an error, or tsc fails on the marker.
 */

test('a narrowing is refused where it is wider than the database or names no column', () => {
  // @ts-expect-error a text column cannot be typed as a number
  type Wider = Table<'member', { status: number }>;
  // @ts-expect-error a column the table lacks
  type Stray = Table<'member', { nickname: string }>;
  type Check<M extends ColumnMaps<M>> = M;
  // @ts-expect-error a table the schema lacks
  type NoTable = Check<{ members: { status: 'active' } }>;
  expectTypeOf<Wider | Stray | NoTable>().not.toBeNever();
});

test('null, defaults and write types follow the database; the narrowing only the selected type', () => {
  type Agent = DB['analytics_agent'];
  expectTypeOf<Selectable<Agent>['source_confidence']>().toEqualTypeOf<SourceConfidence | null>();
  expectTypeOf<Insertable<Agent>['why_included']>().toEqualTypeOf<string>(); // jsonb: JSON text
  type Member = DB['member'];
  expectTypeOf<Insertable<Member>['role']>().toEqualTypeOf<'member' | 'judge' | undefined>();
  expectTypeOf<Updateable<Member>['status']>().toEqualTypeOf<
    'active' | 'inactive' | 'applied' | undefined
  >();
  // A ColumnType narrowing is taken whole: the log's hashes are never updated.
  type Updatable = keyof Updateable<DB['tlog_entry']>;
  expectTypeOf<'leaf_hash' extends Updatable ? true : false>().toEqualTypeOf<false>();
});

/** Every column of every table whose selected type is still the placeholder for an untyped jsonb. */
type UntypedJsonColumns = {
  [T in keyof DB]: {
    [C in keyof Selectable<DB[T]>]: [UntypedJson] extends [NonNullable<Selectable<DB[T]>[C]>]
      ? `${T & string}.${C & string}`
      : never;
  }[keyof Selectable<DB[T]>];
}[keyof DB];

test('every jsonb column has its shape from its domain, and DB is the schema’s tables plus one view', () => {
  // Each untyped column is a required key here, so tsc's error names it: "missing … 'table.column'".
  const untyped: { [Column in UntypedJsonColumns]: true } = {};
  expect(untyped).toEqual({});
  expectTypeOf<Exclude<keyof DB, keyof GeneratedTables>>().toEqualTypeOf<'tlog_entries'>();
  expectTypeOf<Exclude<keyof GeneratedTables, keyof DB>>().toBeNever();
});
