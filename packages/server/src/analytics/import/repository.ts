import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import type { ImportKind } from './kinds.js';

/** SQL for the analytics import: batch upserts by natural key and parent-key checks; each method runs in `trx` when given. */
export class ImportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Upserts a batch of rows with one statement: the rows travel as one JSON parameter expanded by
   * json_to_recordset, which keeps the statement small on both drivers and well under the
   * 65,535-parameter limit. Rows must be unique on the kind's key within a batch.
   */
  async upsertRows(
    kind: ImportKind,
    rows: ReadonlyArray<Record<string, unknown>>,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    if (rows.length === 0) return;
    const names = kind.columns.map(([column]) => column);
    const columnList = names.map((name) => `"${name}"`).join(', ');
    const recordType = kind.columns.map(([column, type]) => `"${column}" ${type}`).join(', ');
    const updates = names
      .filter((name) => !kind.key.includes(name))
      .map((name) => `"${name}" = excluded."${name}"`)
      .join(', ');
    const key = kind.key.map((name) => `"${name}"`).join(', ');
    // Every identifier comes from our own kind registry, never from input.
    await sql`insert into ${sql.table(kind.table)} (${sql.raw(columnList)})
      select ${sql.raw(columnList)} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${sql.raw(recordType)})
      on conflict (${sql.raw(key)}) do update set ${sql.raw(updates)}`.execute(db);
  }

  /** Which of `keys` exist as `column` of `table` (the parent check for history rows). */
  async existingKeys(
    table: string,
    column: string,
    keys: readonly string[],
    trx?: Tx,
  ): Promise<Set<string>> {
    const db = trx ?? this.db;
    if (keys.length === 0) return new Set();
    const { rows } = await sql<{ key: string }>`select ${sql.ref(column)}::text as key
      from ${sql.table(table)} where ${sql.ref(column)}::text = any(${keys}::text[])`.execute(db);
    return new Set(rows.map((row) => row.key));
  }
}
