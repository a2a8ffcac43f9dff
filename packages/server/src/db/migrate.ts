import type { Database } from './database.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

const LEDGER = `create table if not exists schema_migration (
  name text primary key,
  applied_at timestamptz not null default now()
)`;

/**
 * Applies every pending migration in order, each in its own transaction, while holding an advisory
 * lock so replicas starting together migrate once. A failure aborts the start (nothing half-applied).
 */
export async function migrateToLatest(
  database: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  return database.withExclusiveScripts('convene:migrations', async (exec) => {
    await exec(LEDGER);
    const rows = await exec('select name from schema_migration');
    const applied = new Set(rows.map((row) => String(row.name)));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      const record = `insert into schema_migration (name) values ('${migration.name.replaceAll("'", "''")}')`;
      try {
        await exec(`begin;\n${migration.sql};\n${record};\ncommit;`);
      } catch (error) {
        await exec('rollback').catch(() => undefined);
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      newlyApplied.push(migration.name);
    }
    return newlyApplied;
  });
}
