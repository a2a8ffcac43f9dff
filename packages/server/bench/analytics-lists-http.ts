/**
 * Analytics list requests over HTTP against the built server (`npm run build` first) in demo mode:
 * the median time of each request (a page of 50, as the site asks) after one warm-up, which builds
 * the snapshot and its indexes. Run it on two builds to compare them (docs/benchmarks.md).
 *
 *   npx tsx packages/server/bench/analytics-lists-http.ts [requests per URL, default 30]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, startServer } from './lib/processes.js';

const RUNS = Number(process.argv[2] ?? 30);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-analytics-lists-'));
const server = await startServer(
  {
    APP_ENV: 'demo',
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
  },
  '"msg":"demo data ready"',
);

const get = async (url: string) => {
  const response = await fetch(`${server.baseUrl}${url}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as { total: number };
};

try {
  const agents = await get('/api/dashboards/agents?limit=1');
  const wallets = await get('/api/dashboards/wallets?limit=1');
  const last = (total: number) => `limit=50&offset=${Math.floor((total - 1) / 50) * 50}`;
  const urls = [
    '/api/dashboards/agents?limit=50',
    '/api/dashboards/agents?sort=balance&limit=50',
    `/api/dashboards/agents?sort=balance&${last(agents.total)}`,
    '/api/dashboards/agents?search=ai&limit=50',
    '/api/dashboards/wallets?limit=50',
    `/api/dashboards/wallets?${last(wallets.total)}`,
    '/api/dashboards/wallets?search=0x1&limit=50',
    '/api/dashboards/leaderboard?sort=balance&limit=50',
    '/api/dashboards/entities?sort=name&limit=50',
    '/api/projects?search=lab&limit=50',
  ];
  console.log(`| Request | median (${RUNS} requests) |`);
  console.log('|---|---|');
  for (const url of urls) {
    await get(url);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get(url);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${url} | ${(times[Math.floor(RUNS / 2)] ?? 0).toFixed(1)} ms |`);
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
