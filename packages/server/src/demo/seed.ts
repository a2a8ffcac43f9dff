import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Tlog } from '../tlog/plugin.js';
import { composeDemoSeeding } from './compose.js';

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

/** The seeders not yet run on this database (an empty list: the demo data is complete). */
export async function pendingDemoSeeders(
  database: Database,
  seeders: readonly DemoSeeder[],
): Promise<string[]> {
  const done = await composeDemoSeeding(database).seededNames();
  return seeders.map((seeder) => seeder.name).filter((name) => !done.has(name));
}

export interface SeedOptions {
  /** How often a replica that finds another one seeding looks again. */
  retryMs?: number;
  /** Runs after each seeder that ran (the server collects the garbage each leaves behind). */
  afterEach?: () => void;
}

/**
 * Runs every pending seeder under the `convene:demo-seed` advisory lock. A replica that finds another
 * one seeding waits until that one is done, so every replica resolves only once the data is complete.
 */
export async function seedDemoData(
  context: DemoSeedContext,
  seeders: readonly DemoSeeder[],
  { retryMs = 1000, afterEach }: SeedOptions = {},
): Promise<void> {
  const { database, log } = context;
  const seeded = composeDemoSeeding(database);
  for (let attempt = 0; ; attempt += 1) {
    const result = await database.withAdvisoryLock('convene:demo-seed', async () => {
      for (const seeder of seeders) {
        if (await seeded.isSeeded(seeder.name)) continue;
        const started = performance.now();
        log.info({ seeder: seeder.name }, 'seeding demo data');
        // How long requests could have waited for the event loop meanwhile (the seeders yield to it).
        const delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        await seeder.seed(context);
        await seeded.markSeeded(seeder.name, context.clock.now());
        delay.disable();
        const ms = Math.round(performance.now() - started);
        afterEach?.();
        const rssMb = Math.round(process.memoryUsage.rss() / 1_048_576);
        const eventLoopDelayMs = {
          p99: Math.round(delay.percentile(99) / 1e6),
          max: Math.round(delay.max / 1e6),
        };
        log.info({ seeder: seeder.name, ms, rssMb, eventLoopDelayMs }, 'demo data seeded');
      }
    });
    if (result.acquired) return;
    if (attempt === 0) log.info('another replica is seeding the demo data; waiting for it');
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
