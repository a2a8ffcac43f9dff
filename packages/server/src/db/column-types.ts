import type { ColumnType, Generated as Defaulted } from 'kysely';

/** Kysely's column and row types, for the domains' table definitions (only src/db imports kysely outside repositories). */
export type { ColumnType, Selectable } from 'kysely';

/** A column with a database default: optional on insert. Unlike Kysely's, it keeps a ColumnType's own insert and update types. */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : Defaulted<T>;

/** timestamptz: read back as Date by both drivers, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read back parsed; written as JSON text (JSON.stringify) so both drivers agree. */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb with a database default: optional on insert. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
/** `date` columns travel as 'YYYY-MM-DD' text on both drivers (see type-parsers.ts). */
export type DateText = string;

/**
 * A jsonb column's select type until its domain gives it a shape (db/table-types.ts): deliberately
 * useless, so a new jsonb column is typed in its domain's tables.ts before code reads it.
 */
export interface UntypedJson {
  readonly 'give this jsonb column its shape in the domain’s tables.ts': true;
}
