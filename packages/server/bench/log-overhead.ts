/**
 * What the transparency log adds to submit p50 at 16 concurrent members, measured so that the
 * host's noise falls on both sides alike: two built servers on fresh databases of the same kind,
 * one with the log off (LOG_ENABLED=false) and one with it on, both seeded with demo data, then
 * short bursts of submits sent to one and then the other in alternating order, round after round.
 * Only one server is under load at a time; before switching, the log's server finishes integrating
 * what it filed (its own background work is part of its cost, not the next burst's). The answer is
 * the median over rounds of each round's on/off p50 ratio, beside each side's median p50, and the
 * same for the CPU each take cost (the server process, plus the PostgreSQL backends serving its
 * database, from /proc): on a machine shared with other work, wall time stretches with the competition for
 * the cores and CPU time does not, and at saturation p50 is the members times the work per take.
 * (load.ts BENCH_LOG=off,on runs the sides minutes apart instead; on a shared machine the runs of
 * one side then vary more than the difference asked about.)
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/log-overhead.ts
 *
 * Env: BENCH_DATABASES (pglite,postgres), BENCH_MEMBERS (16), BENCH_ROUNDS (8, plus one warm-up
 * round not counted), BENCH_BURST (50 takes per member per burst), BENCH_POOL_SIZE (10),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { cpuMsByPidOfCommand, cpuMsSince, processCpuMs } from './lib/cpu-time.js';
import { startServer, type Child } from './lib/processes.js';
import { driveSubmits } from './lib/submit-driver.js';
import {
  openSessions,
  prepareDatabase,
  prepareSubmitters,
  type DatabaseTarget,
  type Members,
} from './lib/submit-setup.js';
import { consecutiveDates } from '@convene/test-support';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const BURST = Number(process.env.BENCH_BURST ?? 50);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_TOKEN = `bench-admin-${randomBytes(12).toString('hex')}`;

type Side = 'off' | 'on';

interface Running {
  side: Side;
  server: Child;
  target: DatabaseTarget;
  prepared: Members;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** How many takes the server has integrated into the tree (its integration-lag histogram's count). */
async function integratedCount(server: Child): Promise<number> {
  const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const match = /^convene_tlog_integration_seconds_count (\d+)$/m.exec(metrics);
  return match === null ? 0 : Number(match[1]);
}

async function start(kind: 'pglite' | 'postgres', side: Side): Promise<Running> {
  const target = await prepareDatabase(kind, { adminUrl: ADMIN_URL, poolSize: POOL_SIZE });
  const server = await startServer(
    {
      ...target.env,
      APP_ENV: 'demo',
      ADMIN_TOKEN,
      SCHEDULER_ENABLED: 'false',
      LOG_ENABLED: side === 'on' ? 'true' : 'false',
      LOG_LEVEL: 'info',
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    '"msg":"demo data ready"',
  );
  const takesEach = BURST * (ROUNDS + 1);
  const dates = consecutiveDates('2030-01-01', Math.ceil(takesEach / 10) + 1);
  await openSessions(server.baseUrl, ADMIN_TOKEN, dates);
  const prepared = await prepareSubmitters(server.baseUrl, ADMIN_TOKEN, MEMBERS, dates, takesEach);
  return { side, server, target, prepared };
}

interface Burst {
  p50Ms: number;
  /** CPU milliseconds per take: the server process, plus PostgreSQL's processes on PostgreSQL. */
  cpuMsPerTake: number;
}

/** A reading of the CPU the server's work costs: its own process and, on PostgreSQL, the database's. */
function cpuReading(running: Running): Map<number, number> {
  const server = running.server.process.pid!;
  const reading =
    running.target.kind === 'pglite'
      ? new Map<number, number>()
      : cpuMsByPidOfCommand(
          'postgres',
          ` ${new URL(running.target.env.DATABASE_URL!).pathname.slice(1)} `,
        );
  return reading.set(server, processCpuMs(server));
}

/**
 * One burst: every member files its next BURST takes; then the log's server integrates them. The
 * CPU is read from before the first take to after the integration, so the log's background work
 * is counted against its takes.
 */
async function burst(running: Running, round: number, filedBefore: number): Promise<Burst> {
  const cpuBefore = cpuReading(running);
  const bodies = running.prepared.bodies.map((list) =>
    list.slice(round * BURST, (round + 1) * BURST),
  );
  const run = await driveSubmits(running.server.baseUrl, running.prepared.members, bodies);
  if (run.refused.size > 0) {
    throw new Error(`${running.side}: refused ${JSON.stringify([...run.refused])}`);
  }
  if (running.side === 'on') {
    const expected = filedBefore + run.total;
    for (let i = 0; i < 200 && (await integratedCount(running.server)) < expected; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await untilIdle(running);
  return { p50Ms: run.p50Ms, cpuMsPerTake: cpuMsSince(cpuBefore, cpuReading(running)) / run.total };
}

/**
 * Waits until the server has done what the burst left it (the log's checkpoint signing, a data
 * version's rebuilt bodies, PGlite's own flushing): no CPU spent in two consecutive half seconds
 * (within one clock tick), at most 10 s. Otherwise that work would fall into the other side's burst.
 */
async function untilIdle(running: Running): Promise<void> {
  let quiet = 0;
  let last = cpuReading(running);
  for (let i = 0; i < 20 && quiet < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuReading(running);
    quiet = cpuMsSince(last, now) <= 10 ? quiet + 1 : 0;
    last = now;
  }
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  const sides: Running[] = [];
  try {
    sides.push(await start(kind, 'off'));
    sides.push(await start(kind, 'on'));
    const filed = new Map<Side, number>([
      ['off', 0],
      ['on', await integratedCount(sides[1]!.server)],
    ]);
    console.log(
      `\n## ${kind}: ${MEMBERS} members, ${BURST} takes each per burst (${MEMBERS * BURST} takes), ${ROUNDS} rounds after a warm-up; load average ${loadAverage()}`,
    );
    console.log(
      '| Round | Order | p50 ms, log off | p50 ms, log on | on / off | CPU ms per take, off | on | on / off |',
    );
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
    const p50 = { off: [] as number[], on: [] as number[] };
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const result = new Map<Side, Burst>();
      for (const running of order) {
        result.set(running.side, await burst(running, round, filed.get(running.side)!));
        filed.set(running.side, filed.get(running.side)! + MEMBERS * BURST);
      }
      const off = result.get('off')!;
      const on = result.get('on')!;
      const counted = round > 0;
      if (counted) {
        p50.off.push(off.p50Ms);
        p50.on.push(on.p50Ms);
        ratios.push(on.p50Ms / off.p50Ms);
        cpuRatios.push(on.cpuMsPerTake / off.cpuMsPerTake);
      }
      console.log(
        `| ${counted ? round : 'warm-up'} | ${order.map((r) => r.side).join(', ')} | ${off.p50Ms.toFixed(2)} | ${on.p50Ms.toFixed(2)} | ${(on.p50Ms / off.p50Ms).toFixed(3)} | ${off.cpuMsPerTake.toFixed(3)} | ${on.cpuMsPerTake.toFixed(3)} | ${(on.cpuMsPerTake / off.cpuMsPerTake).toFixed(3)} |`,
      );
    }
    const percent = (ratio: number) => {
      const change = (ratio - 1) * 100;
      return `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
    };
    console.log(
      `\n**${kind}**: p50 log off ${median(p50.off).toFixed(2)} ms, log on ${median(p50.on).toFixed(2)} ms; median of the rounds' on/off p50 ratios ${median(ratios).toFixed(3)} (**${percent(median(ratios))}**, from ${Math.min(...ratios).toFixed(3)} to ${Math.max(...ratios).toFixed(3)}); CPU per take, median ratio ${median(cpuRatios).toFixed(3)} (**${percent(median(cpuRatios))}**, from ${Math.min(...cpuRatios).toFixed(3)} to ${Math.max(...cpuRatios).toFixed(3)}); load average ${loadAverage()}`,
    );
  } finally {
    for (const running of sides) {
      await running.server.stop();
      await running.target.destroy();
    }
  }
}

console.log(
  `convene log-overhead benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model})`,
);
for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',')) {
  await measure(kind as 'pglite' | 'postgres');
}
