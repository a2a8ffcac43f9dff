/**
 * Wall time of the swarm demo seeder (125 days of sessions, takes, judgements and chained receipts
 * through the live code paths) on a fresh in-memory PGlite, after the treasury and regime seeders it
 * builds on, as a first `npm start` in demo mode runs it. Figures: docs/benchmarks.md.
 *
 *   npx tsx --conditions=source packages/server/bench/swarm-demo-seed.ts
 */
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { parseConfig } from '../src/config.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { seedDemoData } from '../src/demo/seed.js';
import { regimeDemoSeeder } from '../src/regime/demo.js';
import { swarmDemoSeeder } from '../src/swarm/demo/seeder.js';
import { treasuryDemoSeeder } from '../src/treasury/demo.js';

const config = parseConfig({
  APP_ENV: 'demo',
  ADMIN_TOKEN: 'bench-admin-token-0123456789',
  SCHEDULER_ENABLED: 'false',
  LOG_LEVEL: 'silent',
});
const clock = new ManualClock('2026-06-10T09:30:00Z');
const database = await openPglite();
await migrateToLatest(database);
const app = await buildApp({ config, database, clock, logger: false });
await app.ready();
const context = {
  database,
  clock,
  config,
  versions: app.convene.versions,
  tlog: app.convene.tlog,
  log: app.log,
};

await seedDemoData(context, [treasuryDemoSeeder, regimeDemoSeeder]);
const started = performance.now();
const cpu = process.cpuUsage();
await seedDemoData(context, [swarmDemoSeeder]);
const used = process.cpuUsage(cpu);
console.log(
  `swarm demo seed: ${((performance.now() - started) / 1000).toFixed(1)} s wall, ` +
    `${((used.user + used.system) / 1e6).toFixed(1)} s CPU of this process`,
);
await app.close();
await database.close();
