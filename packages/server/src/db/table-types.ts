import type { ColumnType, SelectType } from 'kysely';
import type { UntypedJson } from './column-types.js';
import type { GeneratedTables } from './columns.generated.js';

/*
 * The database's tables as Kysely sees them come from the schema (columns.generated.ts, written by
 * `npm run schema:dump`). A domain narrows a column in one map in its tables.ts, e.g.
 *
 *   export interface SwarmColumns { member: { status: 'active' | 'inactive' | 'applied' } }
 *   export type MemberTable = Table<'member', SwarmColumns['member']>;
 *
 * A narrowing is the column's non-null select type; null, the insert and the update types follow
 * the database (a union of words is also what is written; a jsonb shape is still written as JSON
 * text, see `Json`). A whole `ColumnType<S, I, U>` is taken as written, for a column the code must
 * not update or insert. Either way the type checker refuses a narrowing wider than the database's
 * type or naming a column the table lacks (test/db/db-types.test.ts shows both).
 */

export type TableName = keyof GeneratedTables;

type Selected<Column> = NonNullable<SelectType<Column>>;

/** What a domain may say a column holds: any shape for jsonb, otherwise a subtype of the database's. */
type Narrowing<Column> = [Selected<Column>] extends [UntypedJson]
  ? unknown
  : Selected<Column> | ColumnType<SelectType<Column>, unknown, unknown>;

/** The narrowings a table allows: optional per column, and no key that is not a column. */
export type ColumnNarrowings<Name extends TableName, N = object> = {
  [C in keyof GeneratedTables[Name]]?: Narrowing<GeneratedTables[Name][C]>;
} & { [C in Exclude<keyof N, keyof GeneratedTables[Name]>]: never };

/** Each domain's map of tables to their narrowings, checked table by table and column by column. */
export type ColumnMaps<M> = {
  [T in keyof M]: T extends TableName ? ColumnNarrowings<T, M[T]> : never;
};

/** The generated table with the given columns narrowed. */
export type Table<Name extends TableName, N extends ColumnNarrowings<Name, N> = object> = Apply<
  Name,
  N
>;

/** Every generated table, narrowed by the maps (which `ColumnMaps` checks where they are joined). */
export type Tables<M> = {
  [T in TableName]: T extends keyof M ? Apply<T, M[T]> : GeneratedTables[T];
};

type Apply<Name extends TableName, N> = {
  [C in keyof GeneratedTables[Name]]: C extends keyof N
    ? Narrowed<GeneratedTables[Name][C], N[C]>
    : GeneratedTables[Name][C];
};

// Both `any`s stand for "a ColumnType of anything": `unknown` would not match a `never` insert.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Narrowed<Column, N> = [N] extends [ColumnType<any, any, any>] ? N : NarrowEach<Column, N>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Per member of the column's union: null stays, a ColumnType keeps its shape around the new type. */
type NarrowEach<Column, N> = Column extends null
  ? null
  : Column extends ColumnType<infer S, infer I, infer U>
    ? [S] extends [UntypedJson]
      ? ColumnType<N, I, U>
      : ColumnType<N, Swap<I, N>, Swap<U, N>>
    : N;

type Swap<T, N> = T extends null | undefined ? T : N;
