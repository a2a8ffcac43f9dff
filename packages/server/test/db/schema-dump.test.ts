import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { catalogColumns, columnTypesSource, dumpSchema } from '../../src/db/schema-dump.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../support/databases.js';

const checkedIn = (file: string) =>
  readFile(new URL(`../../src/db/${file}`, import.meta.url), 'utf8');

/*
 * src/db/schema.sql and src/db/columns.generated.ts are what a database migrated from nothing
 * holds. When a migration or a function changes, `npm run schema:dump` writes them again; until
 * then this fails, naming the first line that differs.
 */
describeEachDatabase('the checked-in schema', (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(() => testDb.destroy());

  test('schema.sql is the migrated schema', async () => {
    expect(
      firstDifference(await dumpSchema(testDb.database.db), await checkedIn('schema.sql')),
    ).toBe(null);
  });

  test('columns.generated.ts is the migrated tables’ Kysely types', async () => {
    const generated = columnTypesSource(await catalogColumns(testDb.database.db));
    expect(firstDifference(generated, await checkedIn('columns.generated.ts'))).toBe(null);
  });
});

function firstDifference(fresh: string, file: string): string | null {
  if (fresh === file) return null;
  const [a, b] = [fresh.split('\n'), file.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: the database has ${JSON.stringify(a[at] ?? '(end)')}, the file ${JSON.stringify(b[at] ?? '(end)')}; run npm run schema:dump`;
}
