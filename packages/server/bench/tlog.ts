/**
 * Transparency-log benchmark on a synthetic log (docs/benchmarks.md): builds BENCH_TLOG_SIZE entries
 * (default 1,000,000) in a fresh PostgreSQL database in bulk SQL (leaves and every full-subtree node,
 * level by level, as the sequencer stores them), checks the stored root against one computed here
 * from the entry texts, then measures
 *   - checkpoint latency: append one entry (as the sequencer does) and sign a checkpoint, repeated;
 *   - inclusion and consistency proofs per second over HTTP against the built server (autocannon,
 *     random indices and sizes), each answer spot-checked with the protocol's verifiers.
 *
 *   npm run build && npx tsx --conditions=source packages/server/bench/tlog.ts
 *
 * Env: BENCH_TLOG_SIZE (1000000), BENCH_SECONDS (10), BENCH_CONNECTIONS (16),
 * TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  bytesToBase64,
  formatVerifierKey,
  leafHash,
  MerkleFrontier,
  publicKeyFromSeed,
  utf8Encode,
  verifyCheckpointConsistency,
  verifyCheckpointNote,
  verifyEntryInclusion,
  type InclusionProofJson,
} from '@convene/protocol';
import { sql } from 'kysely';
import pg from 'pg';
import { ManualClock } from '../src/clock.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import { CheckpointRepository } from '../src/tlog/checkpoint-repository.js';
import { LogEntryRepository } from '../src/tlog/entry-repository.js';
import { TlogSequencer } from '../src/tlog/sequencer.js';
import { LogWatch } from '../src/tlog/log-watch.js';
import { TlogService } from '../src/tlog/service.js';
import { LogTreeRepository } from '../src/tlog/tree-repository.js';
import { startServer } from './lib/processes.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SIZE = Number(process.env.BENCH_TLOG_SIZE ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LOG_SEED = randomBytes(32).toString('base64');
const ORIGIN = 'bench.convene.example/convene-log';
const entryText = (i: number) => `{"bench":${i}}`;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const name = `convene_tlog_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const database = openPostgres({ connectionString: url.toString(), maxConnections: 4 });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-tlog-bench-'));
console.log(
  `convene tlog benchmark ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

try {
  await migrateToLatest(database);
  const built = performance.now();
  // Synthetic entries name no real take: this throwaway database drops the entry's foreign keys.
  await sql`alter table tlog_entry drop constraint tlog_entry_take_id_fkey`.execute(database.db);
  await database.db.transaction().execute(async (trx) => {
    await sql`insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
      select i, sha256('\\x00'::bytea || convert_to('{"bench":' || i || '}', 'UTF8')), 'take',
             gen_random_uuid(), '{"bench":' || i || '}'
      from generate_series(0, ${SIZE - 1}::bigint) i`.execute(trx);
    await sql`insert into tlog_node (level, idx, hash) select 0, idx, leaf_hash from tlog_entry`.execute(
      trx,
    );
    for (let level = 0; ; level++) {
      const result = await sql`insert into tlog_node (level, idx, hash)
        select ${level + 1}, a.idx / 2, sha256('\\x01'::bytea || a.hash || b.hash)
        from tlog_node a join tlog_node b on b.level = ${level} and b.idx = a.idx + 1
        where a.level = ${level} and a.idx % 2 = 0`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) break;
    }
    await sql`update tlog_head set size = ${SIZE} where id = 1`.execute(trx);
  });
  const nodes = await sql<{ n: string }>`select count(*) as n from tlog_node`.execute(database.db);
  console.log(
    `built ${SIZE.toLocaleString('en')} entries and ${Number(nodes.rows[0]!.n).toLocaleString('en')} nodes in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );

  // The stored tree must be the RFC 6962 tree of those entries: root recomputed here.
  const frontier = new MerkleFrontier();
  for (let i = 0; i < SIZE; i++) frontier.appendLeafHash(leafHash(utf8Encode(entryText(i))));
  const entries = new LogEntryRepository(database.db);
  const tree = new LogTreeRepository(database.db);
  const service = new TlogService({
    entries,
    tree,
    checkpoints: new CheckpointRepository(database.db),
    key: {
      origin: ORIGIN,
      seed: LOG_SEED,
      publicKey: await publicKeyFromSeed(LOG_SEED),
      vkey: formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED)),
    },
    clock: new ManualClock('2026-06-01T00:00:00Z'),
    witnesses: [],
    stallSeconds: 30,
    watch: new LogWatch(),
  });
  const first = await service.checkpointNow();
  const latest = await service.latestCheckpoint();
  if (latest.rootHash !== bytesToBase64(frontier.root())) throw new Error('stored root differs');
  console.log(`checkpoint of size ${first.size} matches the root computed from the entries`);

  // Checkpoint latency: one appended entry (index under the index lock, entry written), integrated
  // (frontier read, nodes written, head moved), then a signed checkpoint, as a submit, the sequencer
  // and the checkpoint job do.
  const sequencer = new TlogSequencer({ entries, tree });
  const appendMs: number[] = [];
  const checkpointMs: number[] = [];
  for (let n = 0; n < 50; n++) {
    const t0 = performance.now();
    await entries.withLockedIndex(async (trx, next) => {
      const entry = entryText(next);
      const hash = leafHash(utf8Encode(entry));
      await entries.appendEntries(
        [{ idx: next, leafHash: hash, kind: 'take', subject: crypto.randomUUID(), entry }],
        trx,
      );
    });
    await sequencer.integrate();
    const t1 = performance.now();
    await service.checkpointNow();
    checkpointMs.push(performance.now() - t1);
    appendMs.push(t1 - t0);
  }
  console.log(
    `append one entry: p50 ${percentile(appendMs, 0.5).toFixed(1)} ms, p99 ${percentile(appendMs, 0.99).toFixed(1)} ms; sign a checkpoint: p50 ${percentile(checkpointMs, 0.5).toFixed(1)} ms, p99 ${percentile(checkpointMs, 0.99).toFixed(1)} ms`,
  );

  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      APP_ENV: 'staging',
      ADMIN_TOKEN: `bench-${randomBytes(12).toString('hex')}`,
      RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
      LOG_SIGNING_KEY: LOG_SEED,
      LOG_ORIGIN: ORIGIN,
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'info',
    },
    'Server listening',
  );
  try {
    const note = await (await fetch(`${server.baseUrl}/api/log/checkpoint`)).text();
    const vkey = formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED));
    const head = await verifyCheckpointNote(note, { logKey: vkey });
    if (!head.ok) throw new Error(head.message);
    const size = head.checkpoint.size;
    // Spot checks with the protocol's verifiers before measuring.
    for (let n = 0; n < 20; n++) {
      const index = Math.floor(Math.random() * size);
      const proof = (await (
        await fetch(`${server.baseUrl}/api/log/proof/inclusion?index=${index}&treeSize=${size}`)
      ).json()) as InclusionProofJson & { entry: string };
      const ok = await verifyEntryInclusion({
        entry: proof.entry,
        proof,
        checkpoint: note,
        logKey: vkey,
      });
      if (!ok.ok) throw new Error(`inclusion ${index}: ${ok.message}`);
    }
    const older = (await (await fetch(`${server.baseUrl}/api/log/checkpoints/${SIZE}`)).json()) as {
      note: string;
    };
    const consistency = (await (
      await fetch(`${server.baseUrl}/api/log/proof/consistency?from=${SIZE}&to=${size}`)
    ).json()) as { hashes: string[] };
    const consistent = await verifyCheckpointConsistency({
      older: older.note,
      newer: note,
      proof: consistency.hashes,
      logKey: vkey,
    });
    if (!consistent.ok) throw new Error(consistent.message);

    const paths = (make: () => string) =>
      Array.from({ length: 2000 }, () => ({ method: 'GET', path: make() }));
    for (const [label, requests] of [
      [
        'inclusion proof by index',
        paths(
          () =>
            `/api/log/proof/inclusion?index=${Math.floor(Math.random() * size)}&treeSize=${size}`,
        ),
      ],
      [
        'consistency proof',
        paths(
          () =>
            `/api/log/proof/consistency?from=${1 + Math.floor(Math.random() * (size - 1))}&to=${size}`,
        ),
      ],
    ] as const) {
      const result = await autocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      console.log(
        `${label} over HTTP (${CONNECTIONS} connections, ${SECONDS} s, tree of ${size.toLocaleString('en')}): ${result.requests.average.toFixed(0)} /s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: ADMIN_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
