/**
 * Flood benchmark (issue 45): the built server (dist/main.js, demo data, PGlite) in a child, autocannon
 * here. Readers' URLs are fetched until replayed; then a burst of distinct regime ranges from 4
 * clients, timed against the same readers' reads before it (same-run baseline); then each cached
 * route is flooded with BENCH_FLOOD_URLS distinct URLs (unknown parameters, or distinct documented
 * values: ranges, cursors, searches). Reported: the server's RSS growth over the flood (must stay
 * under 64 MB) and the share of the readers' requests the replay cache answered before and after,
 * from the server's own counters (/metrics).
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/flood.ts
 *
 * Env: BENCH_FLOOD_URLS (200000 per route), BENCH_FLOOD_ROUTES (name fragments; all by default),
 * BENCH_CONNECTIONS (32), BENCH_PARTS (burst,flood).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { processCpuMs } from './lib/cpu-time.js';
import { RssSampler, mb, startServer, type Child } from './lib/processes.js';
import { prepareDatabase } from './lib/submit-setup.js';

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const URLS = Number(process.env.BENCH_FLOOD_URLS ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'burst,flood').split(','));
const ROUTE_FILTER = process.env.BENCH_FLOOD_ROUTES?.split(',');
const RSS_LIMIT = 64 * 1024 * 1024;

/** What readers fetch all day: each must still be answered from the replay cache after a flood. */
const READERS = [
  '/api/swarm/open-session',
  '/api/dashboards/regime-snapshots',
  '/api/dashboards/research-signals/late-cycle-signals',
  '/api/dashboards/research-signals/channel-divergence/summary',
  '/api/dashboards/wallet-balances',
  '/api/dashboards/allocation',
  '/api/dashboards/wallet-sleeves',
  '/api/swarm/track-record',
];
const ENCODINGS = [{}, { 'accept-encoding': 'gzip, deflate, br' }];

const junk = 'a'.repeat(200);
const cursor = (offset: number) =>
  Buffer.from(JSON.stringify(['leaderboard', offset])).toString('base64url');

/**
 * Each flooded route and its i-th distinct URL; `most`: the route has no more distinct answers than
 * that (the regime's 3,650 ranges, up to 2.6 MB each: 200,000 of them would be 260 GB to transfer).
 */
const FLOODS: Array<{ name: string; url: (i: number) => string; most?: number }> = [
  { name: 'open-session, unknown parameter', url: (i) => `/api/swarm/open-session?u${i}=${junk}` },
  {
    // The 3,650 ranges, every URL documented and distinct (past them, leading zeros would make more).
    name: 'regime-snapshots, distinct documented ranges',
    url: (i) =>
      `/api/dashboards/regime-snapshots?range=${'0'.repeat(Math.floor(i / 3650))}${(i % 3650) + 1}`,
    most: 3650,
  },
  {
    name: 'research-signals, unknown parameter',
    url: (i) => `/api/dashboards/research-signals/late-cycle-signals?u${i}=${junk}`,
  },
  {
    name: 'wallet-balances, unknown parameter',
    url: (i) => `/api/dashboards/wallet-balances?u${i}=${junk}`,
  },
  { name: 'allocation, unknown parameter', url: (i) => `/api/dashboards/allocation?u${i}=${junk}` },
  {
    name: 'track-record, distinct cursors',
    url: (i) => `/api/swarm/track-record?cursor=${cursor(i)}`,
  },
  { name: 'sessions, distinct searches', url: (i) => `/api/swarm/sessions?search=q${i}` },
  { name: 'session by id, distinct ids', url: () => `/api/swarm/sessions/${randomUUID()}` },
];

async function metric(server: Child, line: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const found = text.split('\n').find((each) => each.startsWith(`${line} `));
  return Number(found?.split(' ')[1] ?? 0);
}

/** Fetches every reader URL `times` times per encoding; the share the replay cache answered. */
async function readerHitRate(server: Child, times: number): Promise<number> {
  const replayed = () => metric(server, 'convene_replay_requests_total{outcome="replayed"}');
  const before = await replayed();
  let requests = 0;
  for (let round = 0; round < times; round++)
    for (const url of READERS)
      for (const headers of ENCODINGS) {
        const response = await fetch(server.baseUrl + url, { headers });
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
        requests++;
      }
  // /metrics itself is not replayed: the difference is the readers' requests alone.
  return (await replayed()) - before === 0 ? 0 : ((await replayed()) - before) / requests;
}

/** Readers' latency while `load` runs (or alone), on one connection, round robin. */
async function readerLatency(server: Child, seconds: number) {
  return autocannon({
    url: server.baseUrl,
    connections: 1,
    duration: seconds,
    requests: READERS.map((path) => ({ method: 'GET', path })),
  });
}

async function burst(server: Child): Promise<void> {
  const alone = await readerLatency(server, 5);
  const ranges = Array.from({ length: 60 }, (_, i) => 1000 + 29 * i);
  const cpuBefore = processCpuMs(server.process.pid!);
  const started = performance.now();
  const during = readerLatency(server, 5);
  await Promise.all(
    [0, 1, 2, 3].map(async (client) => {
      for (const range of ranges.slice(client * 15, client * 15 + 15)) {
        const response = await fetch(
          `${server.baseUrl}/api/dashboards/regime-snapshots?range=${range}`,
          { headers: { 'accept-encoding': 'gzip, deflate, br' } },
        );
        await response.arrayBuffer();
      }
    }),
  );
  const burstMs = performance.now() - started;
  const burstCpu = processCpuMs(server.process.pid!) - cpuBefore;
  const loaded = await during;
  console.log(
    `\n60 distinct regime ranges from 4 clients: done in ${burstMs.toFixed(0)} ms, server CPU ${(burstCpu / 60).toFixed(0)} ms per range (${burstCpu.toFixed(0)} ms, readers' reads included)`,
  );
  console.log('| Readers’ reads (1 connection) | p50 ms | p99 ms | max ms | req/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['alone', alone],
    ['during the burst (5 s window)', loaded],
  ] as const)
    console.log(
      `| ${name} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.requests.average.toFixed(0)} |`,
    );
}

async function flood(server: Child, sampler: RssSampler): Promise<void> {
  const hitBefore = await readerHitRate(server, 5);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseline = sampler.sample();
  console.log(
    `\nFlood: ${URLS.toLocaleString('en')} distinct URLs per route, ${CONNECTIONS} connections; RSS before ${mb(baseline)}`,
  );
  console.log('| Route | Requests | req/s | Statuses | RSS after | Growth |');
  console.log('|---|---:|---:|---|---:|---:|');
  const floods = FLOODS.filter(
    (f) => ROUTE_FILTER === undefined || ROUTE_FILTER.some((part) => f.name.includes(part)),
  );
  for (const { name, url, most } of floods) {
    let next = 0;
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount: Math.min(URLS, most ?? URLS),
      timeout: 60,
      requests: [
        { method: 'GET', setupRequest: (request: object) => ({ ...request, path: url(next++) }) },
      ],
    });
    const statuses = Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(', ');
    const rss = sampler.sample();
    console.log(
      `| ${name} | ${result.requests.total.toLocaleString('en')} | ${result.requests.average.toFixed(0)} | ${statuses}${result.errors > 0 ? `, errors ${result.errors}` : ''} | ${mb(rss)} | ${mb(rss - baseline)} |`,
    );
  }
  const hitAfter = await readerHitRate(server, 5);
  const after = sampler.sample();
  const growth = after - baseline;
  const bytes = (cache: string) => metric(server, `convene_cache_bytes{cache="${cache}"}`);
  console.log(
    `\nRSS ${mb(baseline)} → ${mb(after)} (growth ${mb(growth)}, limit ${mb(RSS_LIMIT)}: ${growth < RSS_LIMIT ? 'ok' : 'OVER'}), peak ${mb(sampler.peak)}; replay cache ${mb(await bytes('replay'))}, regime ranges ${mb(await bytes('regime_ranges'))}, evictions: replay ${await metric(server, 'convene_cache_evictions_total{cache="replay"}')}, regime ranges ${await metric(server, 'convene_cache_evictions_total{cache="regime_ranges"}')}`,
  );
  console.log(
    `Readers' requests answered from the replay cache: before the flood ${(hitBefore * 100).toFixed(1)} %, after ${(hitAfter * 100).toFixed(1)} %`,
  );
  if (growth >= RSS_LIMIT) process.exitCode = 1;
}

console.log(
  `convene flood benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs, ${mb(os.totalmem())} RAM`,
);
const target = await prepareDatabase('pglite', { adminUrl: '', poolSize: 1 });
const server = await startServer(
  {
    ...target.env,
    APP_ENV: 'demo',
    ADMIN_TOKEN: `bench-admin-${randomBytes(12).toString('hex')}`,
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'info',
    MALLOC_MMAP_THRESHOLD_: '131072',
  },
  '"msg":"demo data ready"',
);
const sampler = new RssSampler(server.process.pid!);
try {
  // Readers' URLs recorded, then replayed once: what a real day's traffic has done by now.
  await readerHitRate(server, 2);
  if (PARTS.has('burst')) await burst(server);
  if (PARTS.has('flood')) await flood(server, sampler);
} finally {
  sampler.stop();
  await server.stop();
  await target.destroy();
}
