import { bytesToBase64, logEntryLeafHash } from '@convene/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

/** A take acknowledged with 201 and the log position that 201 carried. */
export interface AckedPosition {
  recommendationId: number;
  logIndex: number | null;
  leafHash: string | null;
}

/**
 * What must hold in the log whatever happened to the server: indices are exactly 0..size−1 (no gap,
 * no repeat) and the head says size; every entry's stored leaf hash is its text's; every position a
 * 201 announced holds that take with that leaf hash. With `complete`, also: every take is in the log
 * (checked after a restart, once the recovery pass ran). One line per violation.
 */
export async function tlogInvariantViolations(
  db: Kysely<DB>,
  acked: readonly AckedPosition[],
  options: { complete: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  const head = await db.selectFrom('tlog_head').select('size').executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('tlog_entry as e')
    .leftJoin('take as t', 't.id', 'e.take_id')
    .select(['e.idx', 'e.leaf_hash', 'e.entry', 't.recommendation_id'])
    .orderBy('e.idx')
    .execute();
  if (Number(head.size) !== entries.length) {
    problems.push(`head size ${head.size} but ${entries.length} entries`);
  }
  const byRecommendation = new Map<number, { idx: number; leafHash: string }>();
  entries.forEach((row, i) => {
    if (Number(row.idx) !== i) problems.push(`entry at position ${i} has index ${row.idx}`);
    const leafHash = bytesToBase64(new Uint8Array(row.leaf_hash));
    if (leafHash !== bytesToBase64(logEntryLeafHash(row.entry))) {
      problems.push(`entry ${row.idx}: stored leaf hash is not its text's`);
    }
    if (row.recommendation_id !== null) {
      byRecommendation.set(Number(row.recommendation_id), { idx: Number(row.idx), leafHash });
    }
  });
  for (const take of acked) {
    if (take.logIndex === null) continue;
    const logged = byRecommendation.get(take.recommendationId);
    if (logged?.idx !== take.logIndex || logged.leafHash !== take.leafHash) {
      problems.push(
        `take ${take.recommendationId} acknowledged at ${take.logIndex}, log says ${logged?.idx}`,
      );
    }
  }
  if (options.complete) {
    const missing = await sql<{ recommendation_id: number }>`
      select t.recommendation_id from take t
      where not exists (select 1 from tlog_entry e where e.take_id = t.id)`.execute(db);
    for (const row of missing.rows)
      problems.push(`take ${row.recommendation_id} is not in the log`);
  }
  return problems;
}
