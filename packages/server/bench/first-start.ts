/**
 * A first demo start, as `npm start` runs it after its build: the built server (dist/main.js) on a
 * fresh DATA_DIR (PGlite), timed from spawn to listening, to each seeder's end and to `/health` "ok",
 * with the process's peak RSS (VmHWM) once ready. Meanwhile `/health` and the loading page are
 * requested every 20 ms, as a load balancer would (test/first-start-answers.test.ts checks every one
 * is answered); their latency while loading is printed beside the same poll on the ready server,
 * the same-run baseline. Figures: docs/benchmarks.md, "First start".
 *
 *   npm run build && npx tsx packages/server/bench/first-start.ts
 *
 * Env: BENCH_RUNS (1), BENCH_PORT (a free port), BENCH_NODE_ARGS (e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, pollEvery, pollLatency, type PollLatency } from '@convene/test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '../dist/main.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 1);

interface Run {
  listeningMs: number;
  seeders: Array<{ seeder: string; ms: number; endMs: number; peakRssMb?: number }>;
  readyMs: number;
  peakRssMb: number;
  /** The poll's answers from the first one on, until `/health` said ok. */
  whileLoading: PollLatency;
  /** The same poll on the ready server (as many requests, at most 1,000). */
  whenReady: PollLatency;
}

const POLL = { paths: ['/health', '/'], everyMs: 20 } as const;

async function firstStart(): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-first-start-'));
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      APP_ENV: 'demo',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      // As `npm start` runs it (package.json).
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const run: Run = {
    listeningMs: 0,
    seeders: [],
    readyMs: 0,
    peakRssMb: 0,
    whileLoading: pollLatency([]),
    whenReady: pollLatency([]),
  };
  const polled = pollEvery(baseUrl, {
    ...POLL,
    until: (answer) => answer.path === '/health' && answer.status === 200,
    abortIf: () => (child.exitCode === null ? null : `server exited with ${child.exitCode}`),
  });
  // Awaited after `ready`; a server that exits first rejects both.
  polled.catch(() => undefined);
  // The server's log lines reach the pipe late while seeding holds the event loop: time them by
  // their own `time` field, not by their arrival.
  const at = (time?: number) => (time ?? Date.now()) - started;
  // RSS every 100 ms, to tell which seeder reaches the peak.
  const rss: Array<{ atMs: number; mb: number }> = [];
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      rss.push({ atMs: at(), mb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 });
    } catch {
      // gone
    }
  }, 100);
  const ready = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: { msg?: string; seeder?: string; ms?: number; time?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if (run.listeningMs === 0 && entry.msg?.includes('listening'))
        run.listeningMs = at(entry.time);
      if (entry.msg === 'demo data seeded' && entry.seeder !== undefined)
        run.seeders.push({ seeder: entry.seeder, ms: entry.ms ?? 0, endMs: at(entry.time) });
      if (entry.msg === 'demo data ready') resolve();
    });
  });
  try {
    await ready;
    run.whileLoading = pollLatency(await polled);
    run.readyMs = at();
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    run.peakRssMb = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    const baseline = Math.min(1000, run.whileLoading.requests);
    run.whenReady = pollLatency(
      await pollEvery(baseUrl, { ...POLL, until: (_, count) => count >= baseline }),
    );
  } finally {
    clearInterval(sampler);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  let from = run.listeningMs;
  for (const seeder of run.seeders) {
    const window = rss.filter((sample) => sample.atMs >= from && sample.atMs <= seeder.endMs);
    seeder.peakRssMb = Math.round(Math.max(0, ...window.map((sample) => sample.mb)));
    from = seeder.endMs;
  }
  return run;
}

for (let index = 0; index < RUNS; index++) {
  const run = await firstStart();
  const seeders = run.seeders
    .map((s) => `${s.seeder} ${(s.ms / 1000).toFixed(1)} s ≤${s.peakRssMb} MB`)
    .join(', ');
  console.log(
    `first start: listening ${(run.listeningMs / 1000).toFixed(1)} s, ready ${(run.readyMs / 1000).toFixed(1)} s ` +
      `(${seeders}), peak RSS ${run.peakRssMb} MB, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const { whileLoading: loading, whenReady: ready } = run;
  console.log(
    `  /health and / every ${POLL.everyMs} ms: while loading ${loading.requests} requests, ` +
      `${loading.unanswered} unanswered, p50 ${ms(loading.p50)}, p99 ${ms(loading.p99)}, max ${ms(loading.max)}; ` +
      `ready (baseline) p50 ${ms(ready.p50)}, p99 ${ms(ready.p99)}, max ${ms(ready.max)}; ` +
      `p99 ratio ${(loading.p99 / ready.p99).toFixed(1)}×`,
  );
}
