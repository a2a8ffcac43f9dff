/**
 * The server behind nginx (issue 47): the built server (dist/main.js, demo data, PGlite) answering
 * the readers' URLs directly, through nginx as a plain proxy, and through nginx with the
 * micro-cache docs/operations.md gives ("Caching at the proxy"), in one run, so each figure is a
 * ratio against the same run's direct one. Also the server's own CPU per request in each case:
 * what the proxy's cache takes off the replicas. Needs nginx (`apt-get install nginx-light`).
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/edge-proxy.ts
 *
 * Env: BENCH_CONNECTIONS (32), BENCH_SECONDS (10 per target).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@convene/test-support';
import { processCpuMs } from './lib/cpu-time.js';
import { startServer } from './lib/processes.js';
import { prepareDatabase } from './lib/submit-setup.js';

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The configuration docs/operations.md gives, with this run's ports and paths. */
function nginxConfig(dir: string, upstreamPort: number, plainPort: number, cachedPort: number) {
  // Run as root (a CI machine), the workers would be `nobody`, who cannot reach the private temp dir.
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=convene:10m max_size=256m inactive=10m use_temp_path=off;
  upstream convene {
    server 127.0.0.1:${upstreamPort};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${plainPort};
    location / {
      proxy_pass http://convene;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
  server {
    listen 127.0.0.1:${cachedPort};
    location /api/swarm/events {
      proxy_pass http://convene;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
    location / {
      proxy_pass http://convene;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache convene;
      proxy_ignore_headers Cache-Control Expires;
      proxy_cache_valid 200 1s;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale updating;
      proxy_cache_background_update on;
      proxy_cache_bypass $http_authorization $http_x_admin_token;
      proxy_no_cache $http_authorization $http_x_admin_token;
      add_header X-Cache-Status $upstream_cache_status;
    }
  }
}
`;
}

console.log(
  `convene edge proxy benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs; ${spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim()}`,
);
const target = await prepareDatabase('pglite', { adminUrl: '', poolSize: 1 });
const server = await startServer(
  {
    ...target.env,
    APP_ENV: 'demo',
    ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'info',
  },
  '"msg":"demo data ready"',
);
const dir = mkdtempSync(path.join(os.tmpdir(), 'convene-nginx-'));
const [plainPort, cachedPort] = [await freePort(), await freePort()];
const upstreamPort = Number(new URL(server.baseUrl).port);
writeFileSync(`${dir}/nginx.conf`, nginxConfig(dir, upstreamPort, plainPort, cachedPort));
const nginx = spawn('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`], { stdio: 'inherit' });
try {
  const board = (await (await fetch(`${server.baseUrl}/api/swarm/track-record`)).json()) as {
    sessions: Array<{ sessionId: string }>;
  };
  const session = (await (
    await fetch(`${server.baseUrl}/api/swarm/sessions/${board.sessions[0]!.sessionId}`)
  ).json()) as { date: string; subjectId: string };
  const urls = [
    '/api/swarm/open-session',
    '/api/dashboards/regime-snapshots',
    '/api/dashboards/research-signals/late-cycle-signals/summary',
    '/api/dashboards/wallet-balances',
    '/api/swarm/track-record',
    `/api/swarm/sessions/${session.date}/${session.subjectId}`,
  ];
  for (let waited = 0; ; waited += 100) {
    const up = await fetch(`http://127.0.0.1:${cachedPort}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (waited > 10_000)
      throw new Error(`nginx did not answer: ${readFileSync(`${dir}/error.log`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const targets = [
    { name: 'server directly', base: server.baseUrl },
    { name: 'nginx, plain proxy', base: `http://127.0.0.1:${plainPort}` },
    { name: 'nginx, micro-cache (1 s)', base: `http://127.0.0.1:${cachedPort}` },
  ];
  console.log(
    `\n${urls.length} readers' URLs, round robin, brotli accepted, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  console.log('| Route | Target | req/s | ratio | p50 ms | p99 ms | server CPU µs/request |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const url of urls) {
    let direct = 0;
    for (const each of targets) {
      // Warm: the server's edge cache and nginx's both hold the answer before the clock starts.
      for (let i = 0; i < 3; i++)
        await fetch(each.base + url, { headers: { 'accept-encoding': 'br' } }).then((r) =>
          r.arrayBuffer(),
        );
      const cpu = processCpuMs(server.process.pid!);
      const result = await autocannon({
        url: each.base + url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      const serverCpuUs =
        ((processCpuMs(server.process.pid!) - cpu) * 1000) / result.requests.total;
      // A socket error or two at the end of a run (a connection cut as autocannon stops) is noise.
      if (result.non2xx > 0 || result.errors > result.requests.total / 1000)
        throw new Error(`${each.name} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      direct ||= result.requests.average;
      console.log(
        `| \`${url.length > 48 ? `${url.slice(0, 45)}…` : url}\` | ${each.name} | ${Math.round(result.requests.average).toLocaleString('en')} | ${(result.requests.average / direct).toFixed(2)} | ${result.latency.p50} | ${result.latency.p99} | ${serverCpuUs.toFixed(0)} |`,
      );
    }
  }
} finally {
  nginx.kill('SIGQUIT');
  await server.stop();
  await target.destroy();
  rmSync(dir, { recursive: true, force: true });
}
