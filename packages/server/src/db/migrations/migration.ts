/** One step of the schema, applied once in order (src/db/migrate.ts). */
export interface Migration {
  /** Unique, ordered name; recorded in schema_migration once applied. Never rename or edit one that shipped. */
  readonly name: string;
  readonly sql: string;
}
