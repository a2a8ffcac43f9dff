import type { ColumnType } from 'kysely';

/** Kysely's column and row types, for the domains' table definitions (only src/db imports kysely outside repositories). */
export type { ColumnType, Generated, Selectable } from 'kysely';

/** timestamptz: read back as Date by both drivers, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read back parsed; written as JSON text (JSON.stringify) so both drivers agree. */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb with a database default: optional on insert. */
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
/** `date` columns travel as 'YYYY-MM-DD' text on both drivers (see type-parsers.ts). */
export type DateText = string;
