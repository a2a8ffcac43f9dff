import pg from 'pg';
import { describe } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The server URL tests create their databases on (each test file gets its own database). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
/** CI sets this: a PostgreSQL that cannot be reached fails the run instead of being skipped. */
const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';

let postgresReachable: Promise<boolean> | undefined;
async function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({
      connectionString: POSTGRES_ADMIN_URL,
      connectionTimeoutMillis: 2000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if (REQUIRE_POSTGRES) {
        throw new Error(
          `REQUIRE_POSTGRES=1 but ${POSTGRES_ADMIN_URL} is unreachable: ${(error as Error).message}`,
        );
      }
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresReachable;
}

/** Database kinds this run covers: PGlite always, PostgreSQL when reachable (always in CI). */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  return (await isPostgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

const kinds = await databaseKinds();

/** `describe` once per database kind; test names carry the kind, e.g. "submit [postgres]". */
export function describeEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of kinds) describe(`${name} [${kind}]`, () => body(kind));
}

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated PGlite data directory, built once per worker and copied into each new database. */
async function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const template = await openPglite();
    await migrateToLatest(template);
    const dump = await template.pglite.dumpDataDir('none');
    await template.close();
    return dump;
  })();
  return pgliteTemplate;
}

export interface TestDatabase {
  database: Database;
  /** A connection string for PostgreSQL databases (to start a second app or a subprocess on it). */
  url: string | undefined;
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given kind, used by one test file (or one test). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite({ loadDataDir: await migratedPgliteTemplate() });
    return { database, url: undefined, destroy: () => database.close() };
  }
  const name = `convene_t_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  const database = openPostgres({ connectionString: url });
  await migrateToLatest(database);
  return {
    database,
    url,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
