/**
 * Demo analytics load time and response body sizes: seeds the demo dataset through the import path
 * into a fresh in-memory PGlite (what a first `npm start` in demo mode does), then reads every list
 * and reports its body size (identity, gzip, brotli) and the time of a cold and a cached read.
 *
 *   npx tsx --conditions=source packages/server/bench/analytics-demo.ts
 */
import { analyticsDemoSeeder } from '../src/analytics/demo.js';
import { generateDemoDataset } from '../src/analytics/demo/generator.js';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { parseConfig } from '../src/config.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';

const config = parseConfig({
  APP_ENV: 'demo',
  ADMIN_TOKEN: 'bench-admin-token-0123456789',
  SCHEDULER_ENABLED: 'false',
  LOG_LEVEL: 'silent',
});
const database = await openPglite();
await migrateToLatest(database);
const app = await buildApp({ config, database, clock: systemClock, logger: false });
await app.ready();

let started = performance.now();
const dataset = await generateDemoDataset(systemClock.now());
const records = Object.values(dataset).reduce((sum, rows) => sum + rows.length, 0);
console.log(
  `generate: ${records.toLocaleString('en-US')} records in ${Math.round(performance.now() - started)} ms`,
);
started = performance.now();
const { versions } = app.convene;
await analyticsDemoSeeder.seed({
  database,
  clock: systemClock,
  config,
  versions,
  tlog: app.convene.tlog,
  log: app.log,
});
console.log(
  `demo seed (generate + import): ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('| Route | identity | gzip | brotli | cold read | cached read |');
console.log('|---|---|---|---|---|---|');
for (const url of [
  '/api/dashboards/overview',
  '/api/dashboards/entities',
  '/api/dashboards/leaderboard',
  '/api/dashboards/agents',
  '/api/dashboards/coins',
  '/api/dashboards/vaults',
  '/api/dashboards/wallets',
  '/api/projects',
]) {
  const timed = async (encoding: string) => {
    const at = performance.now();
    const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
    return { bytes: response.rawPayload.length, ms: performance.now() - at };
  };
  const cold = await timed('identity');
  const warm = await timed('identity');
  const gzip = await timed('gzip');
  const brotli = await timed('br');
  console.log(
    `| ${url} | ${kb(cold.bytes)} | ${kb(gzip.bytes)} | ${kb(brotli.bytes)} | ${Math.round(cold.ms)} ms | ${warm.ms.toFixed(1)} ms |`,
  );
}
const firstAgent = (await app.inject({ url: '/api/dashboards/agents?limit=1' })).json<{
  agents: Array<{ id: string }>;
}>();
const firstProject = (await app.inject({ url: '/api/projects?limit=1' })).json<{
  projects: Array<{ slug: string }>;
}>();
for (const [label, url] of <Array<[string, string]>>[
  ['/api/dashboards/agents/{id}', `/api/dashboards/agents/${firstAgent.agents[0]?.id ?? ''}`],
  ['/api/projects/{slug}', `/api/projects/${firstProject.projects[0]?.slug ?? ''}`],
]) {
  const at = performance.now();
  const response = await app.inject({ url });
  console.log(
    `| ${label} | ${kb(response.rawPayload.length)} | | | ${Math.round(performance.now() - at)} ms | |`,
  );
}
await app.close();
await database.close();
