/**
 * Load benchmark: the built server (dist/main.js, demo data) on loopback in a child, a bare node:http
 * server returning the same bytes in another child, autocannon here in the parent. Per database
 * (PGlite data dir, then a fresh PostgreSQL database): small and large reads as a ratio to the bare
 * server, the submit path at 16 and 64 concurrent members against two physical limits measured in
 * the same run (raw Ed25519 verifies/s on one core, and the same database's raw single-insert
 * transaction rate), and the server's RSS after start and at its peak.
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/load.ts [--soak]
 *
 * Env: BENCH_DATABASES (pglite,postgres), BENCH_PARTS (reads,submit), BENCH_SECONDS (5),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (64), BENCH_READS (name fragments), BENCH_POOL_SIZE (10, PostgreSQL), BENCH_MEMBERS (16,64:
 * one submit run per count, each with its own members), BENCH_TAKES (16000 per submit run),
 * BENCH_LOG (on; "off,on" runs everything once with the transparency log off, LOG_ENABLED=false, then
 * on, on fresh databases, to measure what logging adds), BENCH_SOAK_SECONDS (600), BENCH_NODE_ARGS (e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof"), TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { createPublicKey, randomBytes, verify as cryptoVerify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalTake, generateKeyPair, type TakeDraftInput } from '@convene/protocol';
import {
  DEMO_READY,
  RssSampler,
  demoServerEnv,
  loadAverage,
  mb,
  startBareServer,
  startServer,
  type Child,
} from './lib/processes.js';
import {
  autocannon,
  captureReads,
  CONNECTIONS,
  fire,
  median,
  SECONDS,
  type AutocannonClient,
  type AutocannonResult,
  type CapturedRead,
} from './lib/reads.js';
import { integrationBuckets, integrationP99, untilIntegrated } from './lib/integration.js';
import { driveSubmits, type SubmitRun } from './lib/submit-driver.js';
import {
  BENCH_SUBJECTS,
  openSessions,
  prepareDatabase,
  prepareSubmitters,
  type DatabaseTarget,
  type Members,
} from './lib/submit-setup.js';
import { consecutiveDates, signedTakeBody } from '@convene/test-support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MEMBER_COUNTS = (process.env.BENCH_MEMBERS ?? '16,64').split(',').map(Number);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,submit').split(','));
/** The server's DATABASE_POOL_SIZE on PostgreSQL, and the raw insert's pool, so both match. */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const TAKES_PER_RUN = Number(process.env.BENCH_TAKES ?? 16_000);
const SOAK = process.argv.includes('--soak');
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_TOKEN = `bench-admin-${randomBytes(12).toString('hex')}`;

/** One autocannon connection per member, each filing its own pre-signed takes in order. */
function submitOptions(server: Child, prepared: Members) {
  let next = 0;
  return {
    url: `${server.baseUrl}/api/swarm/submit`,
    connections: prepared.members.length,
    setupClient(client: AutocannonClient) {
      const index = next++ % prepared.members.length;
      const member = prepared.members[index]!;
      client.setRequests(
        prepared.bodies[index]!.map((body) => ({
          method: 'POST',
          path: '/api/swarm/submit',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
          body,
        })),
      );
    },
  };
}

/** The first physical limit: Ed25519 verifies/s on one core (node:crypto, key object built once). */
async function rawVerifyRate(seconds: number): Promise<number> {
  const member = { memberId: crypto.randomUUID(), ...(await generateKeyPair()), token: '' };
  const body = JSON.parse(
    await signedTakeBody(
      { ...member, seed: member.secretKey },
      { date: '2030-01-01', subjectId: BENCH_SUBJECTS[0], nonce: 'raw-verify' },
    ),
  ) as TakeDraftInput & { signature: string };
  const canonical = Buffer.from(canonicalTake(body));
  const signature = Buffer.from(body.signature, 'base64');
  const key = createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(member.publicKey, 'base64').toString('base64url'),
    },
    format: 'jwk',
  });
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) if (cryptoVerify(null, canonical, key, signature)) count++;
  }
  return count / seconds;
}

async function measureReads(server: Child, bare: Child, reads: CapturedRead[]): Promise<void> {
  console.log(
    `\nReads: median of ${ROUNDS} alternating ${SECONDS}s runs × ${CONNECTIONS} connections`,
  );
  console.log(
    '| Endpoint | Kind | Bytes | App req/s | App p50 / p99 ms | Bare req/s | Bare p50 / p99 ms | Ratio | p99 vs bare |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const read of reads) {
    await fire({ url: server.baseUrl + read.url, duration: 1 });
    await fire({ url: bare.baseUrl + read.url, duration: 1 });
    const app: AutocannonResult[] = [];
    const baseline: AutocannonResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const result = await fire({ url: server.baseUrl + read.url });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${read.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      app.push(result);
      baseline.push(await fire({ url: bare.baseUrl + read.url }));
    }
    const of = (results: AutocannonResult[]) => ({
      rate: median(results.map((r) => r.requests.average)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
    });
    const a = of(app);
    const b = of(baseline);
    console.log(
      `| ${read.name} | ${read.size} | ${read.bytes.toLocaleString('en')} | ${a.rate.toFixed(0)} | ${a.p50} / ${a.p99} | ${b.rate.toFixed(0)} | ${b.p50} / ${b.p99} | ${(a.rate / b.rate).toFixed(2)}x | ${(a.p99 / b.p99).toFixed(2)}x |`,
    );
  }
}

/** Every member files its whole pre-signed list once (a second pass would only replay nonces). */
async function measureSubmit(server: Child, prepared: Members): Promise<SubmitRun> {
  const run = await driveSubmits(server.baseUrl, prepared.members, prepared.bodies);
  if (run.refused.size > 0) {
    const statuses = [...run.refused].map(([code, count]) => `${code}×${count}`).join(', ');
    throw new Error(`submit: statuses ${statuses}`);
  }
  return run;
}

/** Steady mixed load (reads of every size plus a trickle of submits), RSS every 10 s. */
async function soak(
  server: Child,
  sampler: RssSampler,
  prepared: Members,
  reads: CapturedRead[],
): Promise<void> {
  const readLoad = autocannon({
    url: server.baseUrl,
    connections: 8,
    duration: SOAK_SECONDS,
    overallRate: 400,
    requests: reads.map((read) => ({ method: 'GET', path: read.url })),
  });
  const submitLoad = autocannon({
    ...submitOptions(server, prepared),
    duration: SOAK_SECONDS,
    overallRate: 10,
    // At 10 submits/s over 64 connections a connection idles for seconds; autocannon's default 10 s
    // timeout then reconnects and re-sends a take already filed, which the server rightly refuses.
    timeout: 120,
  });
  const rss: number[] = [];
  const timer = setInterval(() => {
    rss.push(sampler.sample());
    console.log(`soak t=${rss.length * 10}s RSS ${mb(rss.at(-1)!)}`);
  }, 10_000);
  const [readResult, submits] = await Promise.all([readLoad, submitLoad]);
  clearInterval(timer);
  const first = rss[0]!;
  const last = rss.at(-1)!;
  const settled = median(rss.slice(0, 6));
  const statuses = Object.entries(submits.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');
  console.log(
    `\nSoak ${SOAK_SECONDS}s: reads ${readResult.requests.total} (non-2xx ${readResult.non2xx}), submits ${submits.requests.total} (${statuses}; errors ${submits.errors}); RSS first ${mb(first)}, median of the first minute ${mb(settled)}, lowest ${mb(Math.min(...rss))}, last ${mb(last)}, peak ${mb(sampler.peak)}; growth last vs first minute ${(((last - settled) / settled) * 100).toFixed(1)}%`,
  );
  // Why any submit was refused, from the server's own counters.
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  for (const line of metrics.split('\n'))
    if (line.startsWith('convene_submit_outcomes_total')) console.log(line);
}

/**
 * Each member count gets its own members filing TAKES_PER_RUN takes in all, then the server stops and
 * the two physical limits are measured on the idle machine: raw verifies/s, raw insert transactions/s.
 */
async function measureSubmits(
  server: Child,
  sampler: RssSampler,
  target: DatabaseTarget,
): Promise<Array<{ members: number; result: SubmitRun }>> {
  const dates = consecutiveDates(
    '2030-01-01',
    Math.ceil(TAKES_PER_RUN / MEMBER_COUNTS[0]! / 10) + 1,
  );
  await openSessions(server.baseUrl, ADMIN_TOKEN, dates);
  const results: Array<{ members: number; result: SubmitRun; integration: string }> = [];
  for (const count of MEMBER_COUNTS) {
    const prepared = await prepareSubmitters(
      server.baseUrl,
      ADMIN_TOKEN,
      count,
      dates,
      Math.ceil(TAKES_PER_RUN / count),
    );
    const before = await integrationBuckets(server.baseUrl);
    const result = await measureSubmit(server, prepared);
    const after = await untilIntegrated(server.baseUrl, before, result.total);
    results.push({ members: count, result, integration: integrationP99(before, after) });
  }
  console.log(`server RSS after the submit runs ${mb(sampler.sample())}, peak ${mb(sampler.peak)}`);
  await server.stop();
  const verifies = await rawVerifyRate(3);
  console.log(
    `\nSubmit: ${TAKES_PER_RUN} signed takes per run (one connection per member); limits measured after the server stopped`,
  );
  console.log(
    '| Members | Takes/s | p50 / p99 ms | Raw verifies/s (1 core) | Takes vs verifies | Raw insert tx/s (same concurrency) | p50 / p99 ms | Takes vs inserts | Integrated into the tree, p99 |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { members, result, integration } of results) {
    const raw = await target.rawInsert(members, SECONDS * 2);
    const rate = result.takesPerSecond;
    console.log(
      `| ${members} | ${rate.toFixed(0)} | ${result.p50Ms.toFixed(1)} / ${result.p99Ms.toFixed(1)} | ${verifies.toFixed(0)} | ${((rate / verifies) * 100).toFixed(1)}% | ${raw.transactionsPerSecond.toFixed(0)} | ${raw.p50Ms.toFixed(1)} / ${raw.p99Ms.toFixed(1)} | ${((rate / raw.transactionsPerSecond) * 100).toFixed(0)}% | ${integration} |`,
    );
  }
  return results;
}

async function runDatabase(kind: 'pglite' | 'postgres', log: 'on' | 'off'): Promise<void> {
  const target = await prepareDatabase(kind, { adminUrl: ADMIN_URL, poolSize: POOL_SIZE });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'convene-load-bare-'));
  let server: Child | undefined;
  let bare: Child | undefined;
  try {
    const started = performance.now();
    server = await startServer(
      {
        ...target.env,
        ...demoServerEnv(ADMIN_TOKEN),
        LOG_ENABLED: log === 'on' ? 'true' : 'false',
      },
      DEMO_READY,
    );
    const sampler = new RssSampler(server.process.pid!);
    console.log(
      `\n## ${kind}, transparency log ${log}: server ready with demo data in ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${mb(sampler.sample())}, peak while seeding ${mb(sampler.peak)}; load average ${loadAverage()}`,
    );
    const reads = await captureReads(server.baseUrl, path.join(scratch, 'captured.json'));
    bare = await startBareServer(path.join(scratch, 'captured.json'));
    if (SOAK) {
      const dates = consecutiveDates('2030-01-01', 60);
      await openSessions(server.baseUrl, ADMIN_TOKEN, dates);
      const prepared = await prepareSubmitters(server.baseUrl, ADMIN_TOKEN, 64, dates, 600);
      await soak(server, sampler, prepared, reads);
    } else {
      if (PARTS.has('reads')) await measureReads(server, bare, reads);
      if (PARTS.has('submit')) {
        for (const { members, result } of await measureSubmits(server, sampler, target))
          submitRuns.push({
            kind,
            log,
            members,
            p50Ms: result.p50Ms,
            takesPerSecond: result.takesPerSecond,
          });
        server = undefined; // stopped before the raw limits were measured
      }
    }
    sampler.stop();
    console.log(`peak server RSS in this run: ${mb(sampler.peak)}; load average ${loadAverage()}`);
  } finally {
    await server?.stop();
    await bare?.stop();
    await target.destroy();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Every submit run of this invocation, for the log-off/log-on summary at the end. */
const submitRuns: Array<{
  kind: string;
  log: 'on' | 'off';
  members: number;
  p50Ms: number;
  takesPerSecond: number;
}> = [];

/** With BENCH_LOG=off,on,...: what logging adds to submit p50, median of each side's runs. */
function logOverheadSummary(): void {
  const groups = new Map<
    string,
    { off: number[]; on: number[]; offRate: number[]; onRate: number[] }
  >();
  for (const run of submitRuns) {
    const key = `${run.kind} | ${run.members}`;
    const group = groups.get(key) ?? { off: [], on: [], offRate: [], onRate: [] };
    group[run.log].push(run.p50Ms);
    group[run.log === 'on' ? 'onRate' : 'offRate'].push(run.takesPerSecond);
    groups.set(key, group);
  }
  const both = [...groups].filter(([, g]) => g.off.length > 0 && g.on.length > 0);
  if (both.length === 0) return;
  console.log('\n## What the transparency log adds to submit (median of each side’s runs)');
  console.log(
    '| Database | Members | Runs off / on | p50 ms, log off | p50 ms, log on | p50 change | Takes/s off / on |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [key, g] of both) {
    const off = median(g.off);
    const on = median(g.on);
    console.log(
      `| ${key} | ${g.off.length} / ${g.on.length} | ${off.toFixed(2)} (${g.off.map((v) => v.toFixed(1)).join(', ')}) | ${on.toFixed(2)} (${g.on.map((v) => v.toFixed(1)).join(', ')}) | ${(((on - off) / off) * 100).toFixed(1)} % | ${median(g.offRate).toFixed(0)} / ${median(g.onRate).toFixed(0)} |`,
    );
  }
}

console.log(
  `convene load benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${mb(os.totalmem())} RAM`,
);
for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')) {
  for (const log of (process.env.BENCH_LOG ?? 'on').split(',')) {
    await runDatabase(kind as 'pglite' | 'postgres', log as 'on' | 'off');
  }
}
logOverheadSummary();
