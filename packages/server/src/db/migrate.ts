import type { Database, ScriptRunner } from './database.js';
import { FUNCTIONS, type DatabaseFunction } from './functions/index.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

const LEDGER = `create table if not exists schema_migration (
  name text primary key,
  applied_at timestamptz not null default now()
)`;

/**
 * Applies every pending migration in order, each in its own transaction, then puts every function's
 * current body in place (functions/), all while holding an advisory lock so replicas starting
 * together migrate once. A failure aborts the start (nothing half-applied). Migrating only part of
 * the way (a test of an old schema) puts no current bodies in: they belong to the latest schema.
 */
export async function migrateToLatest(
  database: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  functions: readonly DatabaseFunction[] = migrations === MIGRATIONS ? FUNCTIONS : [],
): Promise<string[]> {
  return database.withExclusiveScripts('convene:migrations', async (exec) => {
    await exec(LEDGER);
    const rows = await exec('select name from schema_migration');
    const applied = new Set(rows.map((row) => String(row.name)));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      const record = `insert into schema_migration (name) values ('${migration.name.replaceAll("'", "''")}')`;
      await inTransaction(
        exec,
        `${migration.sql};\n${record};`,
        `migration ${migration.name} failed`,
      );
      newlyApplied.push(migration.name);
    }
    if (functions.length > 0)
      await inTransaction(
        exec,
        functions.map((f) => f.sql).join('\n'),
        'the database functions failed to apply',
      );
    return newlyApplied;
  });
}

/** Runs `script` in one transaction; on failure rolls it back and throws `failure: <why>`. */
async function inTransaction(exec: ScriptRunner, script: string, failure: string): Promise<void> {
  try {
    await exec(`begin;\n${script}\ncommit;`);
  } catch (error) {
    await exec('rollback').catch(() => undefined);
    throw new Error(`${failure}: ${(error as Error).message}`, { cause: error });
  }
}
