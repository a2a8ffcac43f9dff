import { createHash } from 'node:crypto';
import {
  createPostgresDatabase,
  templateDatabase,
  testDatabaseKinds,
  type DatabaseKind,
} from '@convene/test-support';
import { describe } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { FUNCTIONS } from '../../src/db/functions/index.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';

export type { DatabaseKind };

/** Database kinds this run covers: TEST_DATABASES (pglite, postgres or both; see test-support). */
export const databaseKinds = testDatabaseKinds;

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

let postgresTemplate: Promise<string> | undefined;

/** A migrated PostgreSQL database, named by a digest of the migrations and functions, that new ones copy. */
async function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const digest = createHash('sha256');
    for (const part of [...MIGRATIONS, ...FUNCTIONS])
      digest.update(part.name).update('\0').update(part.sql);
    return templateDatabase(`convene_tpl_${digest.digest('hex').slice(0, 16)}`, async (url) => {
      const database = openPostgres({ connectionString: url });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
    });
  })();
  return postgresTemplate;
}

export interface TestDatabase {
  database: Database;
  /** A connection string for PostgreSQL databases (to start a second app or a subprocess on it). */
  url: string | undefined;
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given kind, used by one test file (or one test). */
export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return openTestDatabase(kind, true);
}

/** A database with no migration applied, for tests of a migration over rows of the schema before it. */
export function createEmptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return openTestDatabase(kind, false);
}

/** A new database of `kind`, copied from the migrated template when `migrated`, else empty. */
async function openTestDatabase(kind: DatabaseKind, migrated: boolean): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite(
      migrated ? { loadDataDir: await migratedPgliteTemplate() } : {},
    );
    return { database, url: undefined, destroy: () => database.close() };
  }
  const created = await createPostgresDatabase(
    'convene_t',
    migrated ? await migratedPostgresTemplate() : undefined,
  );
  const database = openPostgres({ connectionString: created.url });
  return {
    database,
    url: created.url,
    async destroy() {
      await database.close();
      await created.drop();
    },
  };
}
