import { postgresReachable } from './postgres.js';

export type DatabaseKind = 'pglite' | 'postgres';

const CHOICES: Record<string, readonly DatabaseKind[]> = {
  pglite: ['pglite'],
  postgres: ['postgres'],
  both: ['pglite', 'postgres'],
};

let chosen: Promise<DatabaseKind[]> | undefined;

/**
 * The databases this run covers, from TEST_DATABASES: `pglite`, `postgres` or `both` (the default).
 * `both` covers PostgreSQL only where `POSTGRES_ADMIN_URL` answers (REQUIRE_POSTGRES=1, as CI sets,
 * makes its absence a failure); `postgres` always needs it.
 */
export async function testDatabaseKinds(): Promise<DatabaseKind[]> {
  chosen ??= (async () => {
    const name = process.env.TEST_DATABASES ?? 'both';
    const kinds = CHOICES[name];
    if (kinds === undefined)
      throw new Error(`TEST_DATABASES=${name}: expected one of ${Object.keys(CHOICES).join(', ')}`);
    if (!kinds.includes('postgres')) return [...kinds];
    if (await postgresReachable(name === 'postgres')) return [...kinds];
    return kinds.filter((kind) => kind !== 'postgres');
  })();
  return chosen;
}

/** Whether this run covers PostgreSQL (see `testDatabaseKinds`). */
export async function postgresSelected(): Promise<boolean> {
  return (await testDatabaseKinds()).includes('postgres');
}
