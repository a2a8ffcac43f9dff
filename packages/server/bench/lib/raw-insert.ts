/**
 * The physical limit the submit path is measured against: BEGIN; INSERT one row; COMMIT in a loop from
 * `concurrency` concurrent workers, through the same driver and pool the server uses (Kysely over
 * node-postgres with its default pool, or PGlite's single connection).
 */
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';

export interface RawInsertResult {
  transactionsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function rawInsertRate(
  database: Database,
  concurrency: number,
  seconds: number,
): Promise<RawInsertResult> {
  const db = database.db;
  await sql`create table if not exists bench_raw_insert (
    id uuid primary key, member_id text not null, nonce text not null, body text not null,
    received_at timestamptz not null)`.execute(db);
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const body = 'REGIME: risk-on. ALLOCATION: hold.';
  const worker = async (w: number) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const started = performance.now();
      await db.transaction().execute(async (trx) => {
        await sql`insert into bench_raw_insert values (${crypto.randomUUID()}, ${`w${w}`}, ${`n${n}`}, ${body}, now())`.execute(
          trx,
        );
      });
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { transactionsPerSecond: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) };
}
