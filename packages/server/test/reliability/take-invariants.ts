import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

/** A take the server acknowledged with 201, as the client saw it. */
export interface AckedTake {
  recommendationId: number;
  memberId: string;
  nonce: string;
  date: string;
  subjectId: string;
}

/**
 * What must hold in the stored takes whatever happened to the server: every take has its nonce-ledger
 * row and every ledger row its take; revisions per member and session are 1..n without gaps or
 * repeats; every acknowledged take is stored with the member and nonce it was acknowledged for.
 * Returns one line per violation (empty when all hold).
 */
export async function takeInvariantViolations(
  db: Kysely<DB>,
  acked: readonly AckedTake[],
): Promise<string[]> {
  const problems: string[] = [];
  const takesWithoutLedger = await sql<{ id: string }>`
    select t.id from take t
    left join nonce_ledger n on n.take_id = t.id and n.member_id = t.member_id and n.nonce = t.nonce
    where n.take_id is null`.execute(db);
  for (const row of takesWithoutLedger.rows)
    problems.push(`take ${row.id} has no nonce-ledger row`);
  const ledgerWithoutTake = await sql<{ nonce: string }>`
    select n.nonce from nonce_ledger n left join take t on t.id = n.take_id where t.id is null`.execute(
    db,
  );
  for (const row of ledgerWithoutTake.rows) problems.push(`nonce ${row.nonce} has no take`);
  const gaps = await sql<{ session_id: string; member_id: string; revisions: string }>`
    select session_id, member_id, string_agg(revision::text, ',' order by revision) as revisions
    from take group by session_id, member_id
    having min(revision) <> 1 or max(revision) <> count(*) or count(distinct revision) <> count(*)`.execute(
    db,
  );
  for (const row of gaps.rows)
    problems.push(`member ${row.member_id} in ${row.session_id} has revisions ${row.revisions}`);

  const stored = new Map<number, { member_id: string; nonce: string }>();
  for (let i = 0; i < acked.length; i += 1000) {
    const ids = acked.slice(i, i + 1000).map((take) => take.recommendationId);
    const rows = await db
      .selectFrom('take')
      .select(['recommendation_id', 'member_id', 'nonce'])
      .where('recommendation_id', 'in', ids)
      .execute();
    for (const row of rows) stored.set(Number(row.recommendation_id), row);
  }
  for (const take of acked) {
    const row = stored.get(take.recommendationId);
    if (row === undefined) problems.push(`acknowledged take ${take.recommendationId} is missing`);
    else if (row.member_id !== take.memberId || row.nonce !== take.nonce)
      problems.push(`acknowledged take ${take.recommendationId} is stored with other content`);
  }
  return problems;
}
