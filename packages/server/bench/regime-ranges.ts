/**
 * CPU per distinct regime range, in process on PGlite with the demo data (issue 45): the way every
 * range was built before (its own query, serialised, gzip 9 + brotli 9) against the way it is now
 * (one history per data version, a range cut from it and compressed at the quick levels), and what
 * each compression level costs on the longest range.
 *
 *   npx tsx --conditions=source packages/server/bench/regime-ranges.ts
 *
 * Env: BENCH_RANGES (number of distinct ranges, 60), spread evenly over 1..3650.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { parseConfig } from '../src/config.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { seedDemoData } from '../src/demo/seed.js';
import { regimeDemoSeeder } from '../src/regime/demo.js';
import { RegimeRepository } from '../src/regime/repository.js';
import { RegimeService } from '../src/regime/service.js';
import { snapshotsValue } from '../src/regime/snapshot-history.js';
import { treasuryDemoSeeder } from '../src/treasury/demo.js';

const COUNT = Number(process.env.BENCH_RANGES ?? 60);

/** What the edge cache does with an answer both encodings are asked for (http/edge-cache.ts). */
const compressBoth = (identity: Buffer, gzipLevel: number, brotliQuality: number) => {
  gzipSync(identity, { level: gzipLevel });
  brotliCompressSync(identity, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality },
  });
};

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

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
const repository = new RegimeRepository(database.db);
const ranges = Array.from({ length: COUNT }, (_, i) => 1 + Math.floor((i * 3649) / (COUNT - 1)));

// Before: each range read, serialised and compressed at the best levels on its own.
let started = cpuMs();
for (const range of ranges) {
  const [rows, run, series] = await Promise.all([
    repository.recentSnapshots(range),
    repository.latestRun(),
    repository.seriesStatus(),
  ]);
  compressBoth(Buffer.from(JSON.stringify(snapshotsValue(rows, run, series))), 9, 9);
}
const before = (cpuMs() - started) / COUNT;

// Now: a fresh service (nothing cached), the history read once, every range cut from it.
const service = new RegimeService({ repository, versions: app.convene.versions });
started = cpuMs();
compressBoth((await service.snapshots(180)).bytes, 9, 9);
const first = cpuMs() - started;
started = cpuMs();
for (const range of ranges) {
  const { days } = await service.snapshotDays(range);
  compressBoth((await service.snapshots(days)).bytes, 5, 4);
}
const after = (cpuMs() - started) / COUNT;

console.log(
  `${COUNT} distinct ranges over 1..3650 (${(await repository.recentSnapshots(3650)).length} days on record), CPU ms per range: before ${before.toFixed(1)}, now ${after.toFixed(1)} (${(before / after).toFixed(1)}x less); the history and the default range once per data version ${first.toFixed(0)} ms`,
);

const longest = (await service.snapshots((await service.snapshotDays(3650)).days)).bytes;
console.log(
  `\nThe longest range, ${longest.length.toLocaleString('en')} bytes: CPU ms per encoding`,
);
console.log('| Encoding | Level | Bytes | CPU ms |');
console.log('|---|---:|---:|---:|');
const time = (name: string, level: number, encode: () => Buffer) => {
  const start = cpuMs();
  let bytes = 0;
  for (let i = 0; i < 3; i++) bytes = encode().length;
  console.log(
    `| ${name} | ${level} | ${bytes.toLocaleString('en')} | ${((cpuMs() - start) / 3).toFixed(1)} |`,
  );
};
for (const level of [9, 6, 5, 1]) time('gzip', level, () => gzipSync(longest, { level }));
for (const quality of [9, 5, 4, 1])
  time('brotli', quality, () =>
    brotliCompressSync(longest, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: longest.length,
      },
    }),
  );
await app.close();
await database.close();
