import { bytesToBase64, logEntryLeafHash, MerkleFrontier } from '@convene/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { LogEntryRepository } from '../../src/tlog/entry-repository.js';

/** A take acknowledged with 201 and the log position that 201 carried. */
export interface AckedPosition {
  recommendationId: number;
  logIndex: number | null;
  leafHash: string | null;
}

/**
 * What must hold in the log whatever happened to the server: indices are exactly 0..n−1 (no gap, no
 * repeat) and the next index is n; the tree head never runs ahead of the entries; every entry's stored
 * leaf hash is its text's; every 201 announced a position, and that position holds that take with
 * that leaf hash; the latest checkpoint's root is the root of the entries it covers. With `complete`,
 * also: every take is in the log and every entry is integrated (checked after a restart, once the
 * recovery pass ran). One line per violation.
 */
export async function tlogInvariantViolations(
  db: Kysely<DB>,
  acked: readonly AckedPosition[],
  options: { complete: boolean },
): Promise<string[]> {
  const problems: string[] = [];
  const head = await db.selectFrom('tlog_head').select('size').executeTakeFirstOrThrow();
  // As the log serves them: a take filed with its position has its text rebuilt from its row.
  const log = new LogEntryRepository(db);
  const entries = await log.entriesInRange(0, Number.MAX_SAFE_INTEGER);
  const takes = await db.selectFrom('take').select(['id', 'recommendation_id']).execute();
  const recommendationOf = new Map(takes.map((t) => [t.id, Number(t.recommendation_id)]));
  const next = await log.nextIndex();
  if (next !== entries.length) problems.push(`next index ${next} but ${entries.length} entries`);
  if (Number(head.size) > entries.length) {
    problems.push(`head size ${head.size} but only ${entries.length} entries`);
  }
  if (options.complete && Number(head.size) !== entries.length) {
    problems.push(`head size ${head.size} after recovery but ${entries.length} entries`);
  }
  const byRecommendation = new Map<number, { idx: number; leafHash: string }>();
  entries.forEach((row, i) => {
    if (row.idx !== i) problems.push(`entry at position ${i} has index ${row.idx}`);
    const leafHash = bytesToBase64(row.leafHash);
    if (leafHash !== bytesToBase64(logEntryLeafHash(row.entry))) {
      problems.push(`entry ${row.idx}: stored leaf hash is not its text's`);
    }
    const recommendationId = row.takeId === null ? undefined : recommendationOf.get(row.takeId);
    if (recommendationId !== undefined) {
      byRecommendation.set(recommendationId, { idx: row.idx, leafHash });
    }
  });
  const latest = await db
    .selectFrom('tlog_checkpoint')
    .select(['size', 'root_hash'])
    .orderBy('size', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest !== undefined && Number(latest.size) <= entries.length) {
    const frontier = new MerkleFrontier();
    for (const row of entries.slice(0, Number(latest.size))) {
      frontier.appendLeafHash(row.leafHash);
    }
    if (bytesToBase64(frontier.root()) !== bytesToBase64(new Uint8Array(latest.root_hash))) {
      problems.push(`checkpoint ${latest.size}: its root is not the root of its entries`);
    }
  } else if (latest !== undefined) {
    problems.push(`checkpoint ${latest.size} covers more than the ${entries.length} entries`);
  }
  for (const take of acked) {
    if (take.logIndex === null) {
      problems.push(`take ${take.recommendationId} acknowledged without a log position`);
      continue;
    }
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
      where t.log_index is null
        and not exists (select 1 from tlog_entry e where e.take_id = t.id)`.execute(db);
    for (const row of missing.rows)
      problems.push(`take ${row.recommendation_id} is not in the log`);
  }
  return problems;
}
