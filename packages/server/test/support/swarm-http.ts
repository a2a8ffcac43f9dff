/**
 * The swarm rows that have no public write route, inserted directly before a run that drives a
 * server over HTTP (the HTTP helpers themselves are in `@convene/test-support`).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

/**
 * Subjects and one open session (no deadline, roster not frozen, so any active member may file) per
 * subject and date. Sessions have no public create-by-date route, hence the direct insert.
 */
export async function insertOpenSessions(
  db: Kysely<DB>,
  subjects: readonly string[],
  dates: readonly string[],
): Promise<void> {
  await db
    .insertInto('subject')
    .values(
      subjects.map((id) => ({ id, name: `Subject ${id}`, recommendation_type: 'bucket_weights' })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const rows = subjects.flatMap((subjectId) =>
    dates.map((date) => ({
      id: crypto.randomUUID(),
      subject_id: subjectId,
      date,
      state: 'collecting' as const,
      convened_at: new Date(`${date}T00:00:00Z`),
      window_closes_at: null,
      roster_frozen: false,
    })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('swarm_session')
      .values(rows.slice(i, i + 500))
      .execute();
}
