/**
 * Writes src/db/schema.sql and src/db/columns.generated.ts (every table's Kysely type) from a
 * database migrated from nothing (in-memory PGlite): `npm run schema:dump` after changing a
 * migration or a function.
 */
import { writeFile } from 'node:fs/promises';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { catalogColumns, columnTypesSource, dumpSchema } from '../src/db/schema-dump.js';

const database = await openPglite();
try {
  await migrateToLatest(database);
  const target = new URL('../src/db/', import.meta.url);
  await writeFile(new URL('schema.sql', target), await dumpSchema(database.db));
  await writeFile(
    new URL('columns.generated.ts', target),
    columnTypesSource(await catalogColumns(database.db)),
  );
  console.info('wrote src/db/schema.sql and src/db/columns.generated.ts');
} finally {
  await database.close();
}
