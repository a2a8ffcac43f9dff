/**
 * A/B load benchmark: two builds of the server running side by side on the same machine at the same
 * time, each on its own copy of the demo data, measured in alternating rounds (the order rotating
 * each round), beside a bare node:http server answering the same bytes. The answer is after/before
 * from the same minutes, so a machine that is faster or slower today moves both sides alike (a
 * ratio to the bare server taken on different days does not: docs/benchmarks.md).
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build)
 *   npm run build && BENCH_BEFORE=/tmp/before npx tsx --conditions=source packages/server/bench/load-ab.ts
 *
 * Env: BENCH_BEFORE (a built checkout of the baseline; required), BENCH_DATABASES (pglite,postgres),
 * BENCH_PARTS (reads,submit), BENCH_ROUNDS (5), BENCH_SECONDS (5), BENCH_CONNECTIONS (64),
 * BENCH_READS (name fragments), BENCH_MEMBERS (64), BENCH_TAKES (16000 per side, split over the
 * rounds), BENCH_POOL_SIZE (10), TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { consecutiveDates } from '@convene/test-support';
import { integrationBuckets, untilIntegrated } from './lib/integration.js';
import {
  DEMO_READY,
  demoServerEnv,
  loadAverage,
  mb,
  rssBytes,
  startBareServer,
  startServer,
  type Child,
} from './lib/processes.js';
import {
  captureReads,
  CONNECTIONS,
  fire,
  median,
  SECONDS,
  type CapturedRead,
} from './lib/reads.js';
import { driveSubmits, type SubmitRun } from './lib/submit-driver.js';
import {
  openSessions,
  prepareDatabase,
  prepareSubmitters,
  type DatabaseTarget,
} from './lib/submit-setup.js';

const BEFORE = process.env.BENCH_BEFORE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,submit').split(','));
const MEMBER_COUNTS = (process.env.BENCH_MEMBERS ?? '64').split(',').map(Number);
const TAKES_PER_SIDE = Number(process.env.BENCH_TAKES ?? 16_000);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_TOKEN = `bench-admin-${randomBytes(12).toString('hex')}`;

if (BEFORE === undefined || BEFORE === '')
  throw new Error('BENCH_BEFORE: the path of a built checkout of the baseline commit');
const BEFORE_ENTRY = path.resolve(BEFORE, 'packages/server/dist/main.js');
if (!existsSync(BEFORE_ENTRY))
  throw new Error(`${BEFORE_ENTRY} is missing: run "npm ci && npm run build" in ${BEFORE}`);

/** One side of the comparison: a server, its database, and its reads resolved against its data. */
interface Side {
  name: 'before' | 'after' | 'bare';
  server: Child;
  reads: CapturedRead[];
}

/** The rounds' order rotates, so no side always runs first (or right after the bare server). */
const rotated = <T>(items: readonly T[], by: number): T[] =>
  items.map((_, i) => items[(i + by) % items.length]!);

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

async function startSide(
  name: 'before' | 'after',
  target: DatabaseTarget,
  entry: string | undefined,
): Promise<Side> {
  const started = performance.now();
  const server = await startServer(
    { ...target.env, ...demoServerEnv(ADMIN_TOKEN) },
    DEMO_READY,
    900_000,
    entry,
  );
  console.log(
    `${name}: ready with demo data in ${((performance.now() - started) / 1000).toFixed(0)} s (${entry ?? 'this checkout'})`,
  );
  return { name, server, reads: await captureReads(server.baseUrl) };
}

async function measureReads(sides: Side[]): Promise<void> {
  const [before, after] = sides as [Side, Side, Side];
  console.log(
    `\nReads: ${ROUNDS} rounds × ${SECONDS} s × ${CONNECTIONS} connections per side, order rotating; req/s medians, and the median of each round's after/before`,
  );
  console.log(
    '| Endpoint | Bytes before / after | Before req/s | After req/s | After / before (paired median) | Rounds after ahead | Bare req/s | Before / bare | After / bare | p99 ms before / after |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let index = 0; index < after.reads.length; index++) {
    const urlOf = (side: Side) => side.reads[index]!.url;
    const rates = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    const p99s = new Map<string, number[]>(sides.map((side) => [side.name, []]));
    for (const side of sides) await fire({ url: side.server.baseUrl + urlOf(side), duration: 1 });
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of rotated(sides, round)) {
        const result = await fire({ url: side.server.baseUrl + urlOf(side) });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(
            `${side.name} ${urlOf(side)}: ${result.non2xx} non-2xx, ${result.errors} errors`,
          );
        rates.get(side.name)!.push(result.requests.average);
        p99s.get(side.name)!.push(result.latency.p99);
      }
    }
    const [b, a, z] = [rates.get('before')!, rates.get('after')!, rates.get('bare')!];
    const paired = median(a.map((rate, round) => rate / b[round]!));
    const ahead = a.filter((rate, round) => rate > b[round]!).length;
    console.log(
      `| ${after.reads[index]!.name} | ${before.reads[index]!.bytes.toLocaleString('en')} / ${after.reads[index]!.bytes.toLocaleString('en')} | ${median(b).toFixed(0)} | ${median(a).toFixed(0)} | ${paired.toFixed(2)}x | ${ahead} of ${ROUNDS} | ${median(z).toFixed(0)} | ${ratio(median(b), median(z))} | ${ratio(median(a), median(z))} | ${median(p99s.get('before')!)} / ${median(p99s.get('after')!)} |`,
    );
  }
  console.log(`load average ${loadAverage()}`);
}

/** Each side's members file their takes in ROUNDS slices, the sides alternating which goes first. */
async function measureSubmits(before: Side, after: Side): Promise<void> {
  const takesEach = (count: number) => Math.ceil(TAKES_PER_SIDE / count);
  const dates = consecutiveDates('2030-01-01', Math.ceil(takesEach(MEMBER_COUNTS[0]!) / 10) + 1);
  for (const side of [before, after]) await openSessions(side.server.baseUrl, ADMIN_TOKEN, dates);
  console.log(
    `\nSubmit: ${TAKES_PER_SIDE} signed takes per side and member count in ${ROUNDS} slices, the sides alternating; medians of the slices`,
  );
  console.log(
    '| Members | Before takes/s | After takes/s | After / before (paired median) | Slices after ahead | p50 ms before / after | p99 ms before / after |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const count of MEMBER_COUNTS) {
    const prepared = new Map(
      await Promise.all(
        [before, after].map(
          async (side) =>
            [
              side.name,
              await prepareSubmitters(
                side.server.baseUrl,
                ADMIN_TOKEN,
                count,
                dates,
                takesEach(count),
              ),
            ] as const,
        ),
      ),
    );
    const runs = new Map<string, SubmitRun[]>([
      ['before', []],
      ['after', []],
    ]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? [before, after] : [after, before]) {
        const { members, bodies } = prepared.get(side.name)!;
        const slice = (list: string[]) =>
          list.slice(
            Math.floor((round * list.length) / ROUNDS),
            Math.floor(((round + 1) * list.length) / ROUNDS),
          );
        const integrated = await integrationBuckets(side.server.baseUrl);
        const run = await driveSubmits(side.server.baseUrl, members, bodies.map(slice));
        if (run.refused.size > 0) {
          const statuses = [...run.refused].map(([code, n]) => `${code}×${n}`).join(', ');
          throw new Error(`${side.name} submit: statuses ${statuses}`);
        }
        // The log's integration trails the last 201: let it finish before the other side runs.
        await untilIntegrated(side.server.baseUrl, integrated, run.total);
        runs.get(side.name)!.push(run);
      }
    }
    const [b, a] = [runs.get('before')!, runs.get('after')!];
    const rate = (list: SubmitRun[]) => median(list.map((run) => run.takesPerSecond));
    const ms = (list: SubmitRun[], key: 'p50Ms' | 'p99Ms') =>
      median(list.map((run) => run[key])).toFixed(1);
    const paired = median(a.map((run, round) => run.takesPerSecond / b[round]!.takesPerSecond));
    const ahead = a.filter((run, round) => run.takesPerSecond > b[round]!.takesPerSecond).length;
    console.log(
      `| ${count} | ${rate(b).toFixed(0)} | ${rate(a).toFixed(0)} | ${paired.toFixed(2)}x | ${ahead} of ${ROUNDS} | ${ms(b, 'p50Ms')} / ${ms(a, 'p50Ms')} | ${ms(b, 'p99Ms')} / ${ms(a, 'p99Ms')} |`,
    );
  }
  console.log(`load average ${loadAverage()}`);
}

async function runDatabase(kind: 'pglite' | 'postgres'): Promise<void> {
  const targets = [
    await prepareDatabase(kind, { adminUrl: ADMIN_URL, poolSize: POOL_SIZE }),
    await prepareDatabase(kind, { adminUrl: ADMIN_URL, poolSize: POOL_SIZE }),
  ] as const;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'convene-load-ab-'));
  const running: Child[] = [];
  try {
    console.log(`\n## ${kind}: load average ${loadAverage()}`);
    const before = await startSide('before', targets[0], BEFORE_ENTRY);
    running.push(before.server);
    const after = await startSide('after', targets[1], undefined);
    running.push(after.server);
    const captured = path.join(scratch, 'captured.json');
    const bareReads = await captureReads(after.server.baseUrl, captured);
    const bare: Side = { name: 'bare', server: await startBareServer(captured), reads: bareReads };
    running.push(bare.server);
    if (before.reads.map((read) => read.name).join() !== after.reads.map((r) => r.name).join())
      throw new Error('the two sides resolved different reads');
    if (PARTS.has('reads')) await measureReads([before, after, bare]);
    if (PARTS.has('submit')) await measureSubmits(before, after);
    console.log(
      `RSS at the end: before ${mb(rssBytes(before.server.process.pid!))}, after ${mb(rssBytes(after.server.process.pid!))}`,
    );
  } finally {
    await Promise.all(running.map((child) => child.stop()));
    await Promise.all(targets.map((target) => target.destroy()));
    await rm(scratch, { recursive: true, force: true });
  }
}

console.log(
  `convene A/B load benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), before ${BEFORE}, after this checkout`,
);
for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','))
  await runDatabase(kind as 'pglite' | 'postgres');
