import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Tlog } from '../tlog/plugin.js';

export interface DemoSeedContext {
  database: Database;
  clock: Clock;
  config: Config;
  versions: DataVersions;
  /** Demo receipts are anchored in the transparency log like live ones. */
  tlog: Tlog;
  log: FastifyBaseLogger;
}

/**
 * A demo dataset loaded through the same code paths as live data. Each seeder runs once per
 * database (recorded in app_setting) and must be deterministic (fixed seeds).
 */
export interface DemoSeeder {
  readonly name: string;
  seed(context: DemoSeedContext): Promise<void>;
}

const SEEDED_PREFIX = 'demo-seeded:';

/** The seeders not yet run on this database (an empty list: the demo data is complete). */
export async function pendingDemoSeeders(
  database: Database,
  seeders: readonly DemoSeeder[],
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('app_setting')
    .select('key')
    .where('key', 'like', `${SEEDED_PREFIX}%`)
    .execute();
  const done = new Set(rows.map((row) => row.key.slice(SEEDED_PREFIX.length)));
  return seeders.map((seeder) => seeder.name).filter((name) => !done.has(name));
}

/**
 * Runs every pending seeder under the `convene:demo-seed` advisory lock. A replica that finds another
 * one seeding waits until that one is done, so every replica resolves only once the data is complete.
 */
export async function seedDemoData(
  context: DemoSeedContext,
  seeders: readonly DemoSeeder[],
  retryMs = 1000,
): Promise<void> {
  const { database, log } = context;
  for (let attempt = 0; ; attempt += 1) {
    const result = await database.withAdvisoryLock('convene:demo-seed', async () => {
      for (const seeder of seeders) {
        const key = `${SEEDED_PREFIX}${seeder.name}`;
        const done = await database.db
          .selectFrom('app_setting')
          .select('value')
          .where('key', '=', key)
          .executeTakeFirst();
        if (done !== undefined) continue;
        const started = performance.now();
        log.info({ seeder: seeder.name }, 'seeding demo data');
        await seeder.seed(context);
        await database.db
          .insertInto('app_setting')
          .values({ key, value: context.clock.now().toISOString() })
          .execute();
        log.info(
          { seeder: seeder.name, ms: Math.round(performance.now() - started) },
          'demo data seeded',
        );
      }
    });
    if (result.acquired) return;
    if (attempt === 0) log.info('another replica is seeding the demo data; waiting for it');
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
