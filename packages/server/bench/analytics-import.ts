/**
 * Large-import benchmark: writes 100,000 analytics records as NDJSON files (1,000 projects, 1,000
 * agents, 98,000 agent-history rows), imports them through the same path as `npm run import`, then
 * imports them again (every row an update). PGlite in memory by default; DATABASE_URL=postgres://…
 * to measure PostgreSQL (the database must exist and may be dropped and recreated by you).
 *
 *   npx tsx --conditions=source packages/server/bench/analytics-import.ts [records]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { planImport } from '../src/analytics/import/files.js';
import { composeImporter } from '../src/analytics/compose.js';
import { progressReporter } from '../src/analytics/import/progress.js';
import { fileRecords } from '../src/analytics/import/sources.js';
import { ManualClock } from '../src/clock.js';
import { DataVersions } from '../src/db/data-versions.js';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';

const total = Number(process.argv[2] ?? 100_000);
const now = new Date('2026-06-01T12:00:00Z');
const uuid = (prefix: number, i: number) =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

async function writeDataset(dir: string): Promise<void> {
  const projects = 1000;
  const agents = 1000;
  const days = total - projects - agents;
  const at = now.toISOString();
  const lines = (count: number, make: (i: number) => object) =>
    Array.from({ length: count }, (_, i) => JSON.stringify(make(i))).join('\n') + '\n';
  await writeFile(
    path.join(dir, 'projects.ndjson'),
    lines(projects, (i) => ({
      slug: `project-${i}`,
      name: `Project ${i}`,
      category: 'data',
      listedAt: at,
      refreshedAt: at,
    })),
  );
  await writeFile(
    path.join(dir, 'agents.ndjson'),
    lines(agents, (i) => ({
      id: uuid(1, i),
      name: `Agent ${i}`,
      protocol: i % 2 === 0 ? 'x402' : 'virtuals',
      projectSlug: `project-${i}`,
      walletAddress: `0x${i.toString(16).padStart(40, '0')}`,
      revenue30dUsd: i * 3.5,
      x402VolumeUsd: i * 7,
      x402Transactions: i * 2,
      walletBalanceUsd: i * 11,
      listedAt: at,
      lastSeenAt: at,
      refreshedAt: at,
    })),
  );
  const perAgent = Math.ceil(days / agents);
  await writeFile(
    path.join(dir, 'agent-history.ndjson'),
    lines(days, (i) => ({
      agentId: uuid(1, Math.floor(i / perAgent)),
      date: new Date(now.getTime() - (i % perAgent) * 86_400_000).toISOString().slice(0, 10),
      revenueUsd: (i % 97) * 1.25,
      x402VolumeUsd: (i % 89) * 2.5,
      x402Transactions: i % 13,
      walletBalanceUsd: (i % 1000) * 4,
    })),
  );
}

async function importAll(
  database: Database,
  dir: string,
): Promise<{ records: number; seconds: number }> {
  const importer = composeImporter(
    database,
    new DataVersions({ database: database }),
    new ManualClock(now),
  );
  const { files } = await planImport(dir);
  const started = performance.now();
  let records = 0;
  for (const file of files) {
    const reporter = progressReporter(process.stderr, file.bytes, 1000);
    const report = await importer.importRecords(
      file.kind,
      path.basename(file.path),
      fileRecords(file.path),
      {
        onProgress: reporter.onProgress,
      },
    );
    reporter.done();
    if (report.rejected > 0) throw new Error(`${file.path}: ${report.rejected} rejected`);
    records += report.imported;
  }
  return { records, seconds: (performance.now() - started) / 1000 };
}

const dir = await mkdtemp(path.join(tmpdir(), 'convene-bench-'));
const url = process.env.DATABASE_URL;
const database = url === undefined ? await openPglite() : openPostgres({ connectionString: url });
try {
  await migrateToLatest(database);
  await writeDataset(dir);
  for (const pass of ['first import (inserts)', 'second import (updates)']) {
    const { records, seconds } = await importAll(database, dir);
    console.log(
      `${database.driver} ${pass}: ${records.toLocaleString('en-US')} records in ${seconds.toFixed(1)} s = ${Math.round(records / seconds).toLocaleString('en-US')} records/s`,
    );
  }
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
