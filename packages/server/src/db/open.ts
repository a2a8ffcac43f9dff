import type { Config } from '../config.js';
import { embeddedDatabaseDir } from '../data-dir.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  /** Told the names of the migrations this start applied (none when the schema was current). */
  onMigrated?: (applied: readonly string[]) => void,
): Promise<Database> {
  const database =
    config.databaseUrl === undefined
      ? await openPglite({ dataDir: embeddedDatabaseDir(config.dataDir) })
      : openPostgres({
          connectionString: config.databaseUrl,
          maxConnections: config.databasePoolSize ?? 10,
        });
  try {
    const applied = await migrateToLatest(database);
    onMigrated?.(applied);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
