/**
 * A PL/pgSQL function the schema uses, in its current body. Migrations create each one and may
 * call it; after every start's migrations, `create or replace` puts these bodies in place, so this
 * file is where a function's body is read and changed (a changed signature still needs a migration
 * that drops the old one). schema.sql, the generated dump, shows the result.
 */
export interface DatabaseFunction {
  /** The function's name in the database (`convene_…`). */
  readonly name: string;
  /** One `create or replace function` statement. */
  readonly sql: string;
}
