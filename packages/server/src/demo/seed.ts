import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';

export interface DemoSeedContext {
  database: Database;
  clock: Clock;
  config: Config;
  versions: DataVersions;
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

export async function seedDemoData(
  context: DemoSeedContext,
  seeders: readonly DemoSeeder[],
): Promise<void> {
  const { database, log } = context;
  const result = await database.withAdvisoryLock('convene:demo-seed', async () => {
    for (const seeder of seeders) {
      const key = `demo-seeded:${seeder.name}`;
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
  if (!result.acquired) log.info('another replica is seeding the demo data');
}
