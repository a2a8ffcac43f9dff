import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Which demo seeders have completed on this database: one `app_setting` row each. */
const SEEDED_PREFIX = 'demo-seeded:';

export async function seededNames(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('app_setting')
    .select('key')
    .where('key', 'like', `${SEEDED_PREFIX}%`)
    .execute();
  return new Set(rows.map((row) => row.key.slice(SEEDED_PREFIX.length)));
}

export async function isSeeded(db: Kysely<DB>, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', `${SEEDED_PREFIX}${name}`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSeeded(db: Kysely<DB>, name: string, at: Date): Promise<void> {
  await db
    .insertInto('app_setting')
    .values({ key: `${SEEDED_PREFIX}${name}`, value: at.toISOString() })
    .execute();
}
