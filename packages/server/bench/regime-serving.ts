/**
 * Serving benchmark for the regime dashboards: the real app (buildApp + listen, PGlite with the demo
 * data) against a bare node:http server returning the same bytes, each in its own child process, with
 * autocannon running here in the parent. Run: npx tsx --conditions=source packages/server/bench/regime-serving.ts
 * Options (env): BENCH_SECONDS (default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 32).
 * App and bare runs alternate for BENCH_ROUNDS rounds and the medians are compared, because on a
 * small machine one run's req/s swings by tens of percent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Target {
  readonly name: string;
  readonly url: string;
  readonly encoding: 'identity' | 'br';
}
const TARGETS: readonly Target[] = [
  {
    name: 'regime-snapshots (default range)',
    url: '/api/dashboards/regime-snapshots',
    encoding: 'identity',
  },
  {
    name: 'regime-snapshots (default range, br)',
    url: '/api/dashboards/regime-snapshots',
    encoding: 'br',
  },
  {
    name: 'research-signals/channel-divergence',
    url: '/api/dashboards/research-signals/channel-divergence',
    encoding: 'identity',
  },
  {
    name: 'research-signals/late-cycle-signals (br)',
    url: '/api/dashboards/research-signals/late-cycle-signals',
    encoding: 'br',
  },
];
const fileOf = (dir: string, target: Target) =>
  path.join(dir, `${target.url.replaceAll('/', '_')}.${target.encoding}`);

interface AutocannonResult {
  requests: { average: number };
  throughput: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Child: the real app on PGlite with demo data; dumps each target's bytes for the bare server. */
async function runApp(dir: string): Promise<void> {
  const { buildApp } = await import('../src/app.js');
  const { systemClock } = await import('../src/clock.js');
  const { parseConfig } = await import('../src/config.js');
  const { openPglite } = await import('../src/db/pglite.js');
  const { migrateToLatest } = await import('../src/db/migrate.js');
  const { seedDemoData } = await import('../src/demo/seed.js');
  const { regimeDemoSeeder } = await import('../src/regime/demo.js');
  const { treasuryDemoSeeder } = await import('../src/treasury/demo.js');
  const database = await openPglite();
  await migrateToLatest(database);
  const config = parseConfig({
    APP_ENV: 'demo',
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, clock: systemClock, logger: false });
  await app.ready();
  const started = performance.now();
  await seedDemoData(
    {
      database,
      clock: systemClock,
      config,
      versions: app.convene.versions,
      tlog: app.convene.tlog,
      log: app.log,
    },
    [treasuryDemoSeeder, regimeDemoSeeder],
  );
  const seedMs = Math.round(performance.now() - started);
  for (const target of TARGETS) {
    const headers = target.encoding === 'br' ? { 'accept-encoding': 'br' } : {};
    const response = await app.inject({ url: target.url, headers });
    await writeFile(fileOf(dir, target), response.rawPayload);
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ ready: address, seedMs })}\n`);
}

/** Child: a bare node:http server answering with the same bytes and headers. */
async function runBare(dir: string): Promise<void> {
  const bodies = new Map<string, Buffer>();
  for (const target of TARGETS)
    bodies.set(`${target.url}|${target.encoding}`, await readFile(fileOf(dir, target)));
  const server = createServer((request, response) => {
    const encoding = (request.headers['accept-encoding'] ?? '').includes('br') ? 'br' : 'identity';
    const body = bodies.get(`${request.url ?? ''}|${encoding}`);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      etag: '"0123456789abcdef0123456789abcdef"',
      vary: 'accept-encoding',
      'cache-control': 'public, max-age=0, must-revalidate',
      ...(encoding === 'br' ? { 'content-encoding': 'br' } : {}),
    });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stdout.write(`${JSON.stringify({ ready: `http://127.0.0.1:${port}` })}\n`);
  });
}

function startChild(
  mode: 'app' | 'bare',
  dir: string,
): Promise<{ child: ChildProcess; url: string; seedMs?: number }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', self, mode, dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (line !== undefined) {
        const message = JSON.parse(line) as { ready: string; seedMs?: number };
        resolve({
          child,
          url: message.ready,
          ...(message.seedMs === undefined ? {} : { seedMs: message.seedMs }),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`${mode} child exited with ${code}`)));
  });
}

async function measure(
  base: string,
  target: Target,
  seconds: number,
  connections: number,
): Promise<AutocannonResult> {
  const headers = target.encoding === 'br' ? { 'accept-encoding': 'br' } : {};
  return autocannon({ url: base + target.url, connections, duration: seconds, headers });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function main(): Promise<void> {
  const [mode, dirArg] = process.argv.slice(2);
  if (mode === 'app') return runApp(dirArg as string);
  if (mode === 'bare') return runBare(dirArg as string);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const dir = await mkdtemp(path.join(tmpdir(), 'convene-bench-'));
  const app = await startChild('app', dir);
  const bare = await startChild('bare', dir);
  try {
    console.log(
      `demo seed in the app child: ${app.seedMs} ms; median of ${rounds} alternating ${seconds}s runs × ${connections} connections`,
    );
    console.log('| Endpoint | Body bytes | App req/s | Bare node:http req/s | Ratio |');
    console.log('|---|---|---|---|---|');
    for (const target of TARGETS) {
      await measure(app.url, target, 2, connections); // warm-up: builds and caches the body
      await measure(bare.url, target, 2, connections);
      const appRuns: number[] = [];
      const bareRuns: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const appResult = await measure(app.url, target, seconds, connections);
        if (appResult.non2xx > 0 || appResult.errors > 0)
          throw new Error(`app answered ${appResult.non2xx} non-2xx, ${appResult.errors} errors`);
        appRuns.push(appResult.requests.average);
        bareRuns.push((await measure(bare.url, target, seconds, connections)).requests.average);
      }
      const appMedian = median(appRuns);
      const bareMedian = median(bareRuns);
      const bytes = (await readFile(fileOf(dir, target))).length;
      console.log(
        `| ${target.name} | ${bytes.toLocaleString('en')} | ${appMedian.toFixed(0)} | ${bareMedian.toFixed(0)} | ${(appMedian / bareMedian).toFixed(2)}x |`,
      );
    }
  } finally {
    app.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
  }
}

await main();
