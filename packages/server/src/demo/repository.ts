import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';

/** Which demo seeders have completed on this database: one `app_setting` row each. */
const SEEDED_PREFIX = 'demo-seeded:';

/** SQL for the record of demo seeders that have completed; each method runs in `trx` when given. */
export class DemoSeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async seededNames(trx?: Tx): Promise<Set<string>> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('app_setting')
      .select('key')
      .where('key', 'like', `${SEEDED_PREFIX}%`)
      .execute();
    return new Set(rows.map((row) => row.key.slice(SEEDED_PREFIX.length)));
  }

  async isSeeded(name: string, trx?: Tx): Promise<boolean> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('app_setting')
      .select('value')
      .where('key', '=', `${SEEDED_PREFIX}${name}`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markSeeded(name: string, at: Date, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('app_setting')
      .values({ key: `${SEEDED_PREFIX}${name}`, value: at.toISOString() })
      .execute();
  }
}
