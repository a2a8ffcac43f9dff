/**
 * What the transparency log adds to filing one take, in the database alone (docs/benchmarks.md): the
 * same `convene_file_takes` statement with and without the take's log entry, in alternating rounds in
 * one process on one database, so the host's noise falls on both sides alike. The load bench
 * (load.ts) measures the whole submit path; this isolates the database's share of the difference.
 *
 *   npx tsx --conditions=source packages/server/bench/file-takes.ts
 *
 * Env: BENCH_DATABASES (pglite,postgres), BENCH_ROUNDS (8), BENCH_ROUND_TAKES (250), TEST_DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canonicalTake, logEntryLeafHash, signTake, takeLogEntry } from '@convene/protocol';
import { createPostgresDatabase } from '@convene/test-support';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import type { DB } from '../src/db/schema.js';
import { TakeRepository, type TakeToFile } from '../src/swarm/takes/repository.js';
import { testConfig } from '../test/support/app.js';
import {
  draft,
  newMember,
  newSession,
  newSubject,
  type TestMember,
} from '../test/support/swarm.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_TAKES = Number(process.env.BENCH_ROUND_TAKES ?? 250);
const REVISIONS_PER_SESSION = 5;

type Variant = 'no entry' | 'entry';

async function openDatabase(
  kind: string,
): Promise<{ database: Database; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'convene-file-takes-'));
    const database = await openPglite({ dataDir: dir });
    return {
      database,
      close: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const created = await createPostgresDatabase('convene_ft');
  const database = openPostgres({ connectionString: created.url });
  return {
    database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** Signed takes for `count` fresh (session, revision) slots of one member. */
async function takesFor(
  db: Kysely<DB>,
  member: TestMember,
  keyId: number,
  count: number,
  clock: ManualClock,
  logged: boolean,
): Promise<TakeToFile[]> {
  const takes: TakeToFile[] = [];
  let sessionId = '';
  for (let i = 0; i < count; i++) {
    const revision = (i % REVISIONS_PER_SESSION) + 1;
    if (revision === 1) {
      sessionId = await newSession(db, {
        subjectId: 'convene-treasury',
        date: '2026-06-01',
        convenedAt: clock.now(),
        roster: [member.memberId],
      });
    }
    const take = draft(member);
    const signature = await signTake(take, member.seed);
    const id = crypto.randomUUID();
    const canonical = canonicalTake(take);
    const entry = takeLogEntry({
      canonical_submission: canonical,
      memberId: member.memberId,
      publicKey: member.publicKey,
      receivedAt: clock.now().toISOString(),
      revision,
      sessionId,
      signature,
      takeId: id,
    });
    takes.push({
      take: {
        id,
        sessionId,
        memberId: member.memberId,
        revision,
        keyId: keyId,
        nonce: take.nonce,
        stance: take.stance,
        confidence: take.confidence,
        body: take.body ?? '',
        memoUrl: '',
        weights: null,
        canonical,
        signature,
        publicKey: member.publicKey,
        receivedAt: clock.now(),
      },
      leafHash: logged ? logEntryLeafHash(entry) : null,
    });
  }
  return takes;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function runDatabase(kind: string): Promise<void> {
  const { database, close } = await openDatabase(kind);
  try {
    await migrateToLatest(database);
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const app = await buildApp({ config: testConfig(), database, clock, logger: false });
    await app.ready();
    const db = database.db;
    await newSubject(db);
    const member = await newMember(app, 'Bench');
    const key = await db
      .selectFrom('member_key')
      .select('id')
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    const repository = new TakeRepository(db);
    const variants: Variant[] = ['no entry', 'entry'];
    const perTake = new Map<Variant, number[]>(variants.map((v) => [v, []]));
    const walBytes = new Map<Variant, number[]>(variants.map((v) => [v, []]));
    for (let round = 0; round < ROUNDS + 1; round++) {
      // Rotate the order each round; round 0 only warms up.
      const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
      for (const variant of order) {
        const takes = await takesFor(
          db,
          member,
          Number(key.id),
          ROUND_TAKES,
          clock,
          variant !== 'no entry',
        );
        const lsnBefore = await walPosition(db);
        const started = performance.now();
        for (const take of takes) {
          const [result] = await repository.fileTakes([take]);
          if (result?.ok !== true) throw new Error(`${variant}: a take was refused`);
        }
        const elapsed = performance.now() - started;
        const bytes = (await walPosition(db)) - lsnBefore;
        if (round === 0) continue;
        perTake.get(variant)!.push(elapsed / ROUND_TAKES);
        walBytes.get(variant)!.push(bytes / ROUND_TAKES);
      }
    }
    await app.close();
    const base = median(perTake.get('no entry')!);
    console.log(
      `\n## ${kind}: ${ROUNDS} rounds × ${ROUND_TAKES} takes per variant, one take per statement`,
    );
    console.log('| Variant | ms per take (median of rounds) | vs no entry | WAL bytes per take |');
    console.log('|---|---:|---:|---:|');
    for (const variant of variants) {
      const ms = median(perTake.get(variant)!);
      console.log(
        `| ${variant} | ${ms.toFixed(3)} | ${variant === 'no entry' ? '—' : `${(((ms - base) / base) * 100).toFixed(0)} %`} | ${median(walBytes.get(variant)!).toFixed(0)} |`,
      );
    }
  } finally {
    await close();
  }
}

async function walPosition(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as bytes`.execute(db);
  return Number(rows[0]!.bytes);
}

console.log(`convene file-takes benchmark ${new Date().toISOString()}: Node ${process.version}`);
for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','))
  await runDatabase(kind);
