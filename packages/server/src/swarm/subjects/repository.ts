import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SubjectSnapshotTable, SubjectTable } from '../../db/schema.js';
import type { Holding } from './snapshot.js';

export type SubjectRow = Selectable<SubjectTable>;
export type SnapshotRow = Selectable<SubjectSnapshotTable>;

export async function findSubject(
  db: Kysely<DB>,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubjectRow | undefined> {
  const query = db.selectFrom('subject').selectAll().where('id', '=', id);
  return (options.forUpdate === true ? query.forUpdate() : query).executeTakeFirst();
}

/** Every subject, by id. */
export async function allSubjects(db: Kysely<DB>): Promise<SubjectRow[]> {
  return db.selectFrom('subject').selectAll().orderBy('id').execute();
}

/** Whether any subject exists (an empty deployment has none until the operator creates one). */
export async function anySubject(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('subject').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A new subject; with `ifAbsent`, an existing id is left as it is instead of failing. */
export async function insertSubject(
  db: Kysely<DB>,
  values: Insertable<SubjectTable>,
  options: { ifAbsent?: boolean } = {},
): Promise<void> {
  let insert = db.insertInto('subject').values(values);
  if (options.ifAbsent === true)
    insert = insert.onConflict((conflict) => conflict.column('id').doNothing());
  await insert.execute();
}

export async function updateSubject(
  trx: Kysely<DB>,
  id: string,
  values: Updateable<SubjectTable>,
): Promise<void> {
  await trx.updateTable('subject').set(values).where('id', '=', id).execute();
}

/** The session a subject's schedule convened for this fire time, if any. */
export async function sessionOfFire(db: Kysely<DB>, subjectId: string, fireAt: Date) {
  return db
    .selectFrom('swarm_session')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('fire_at', '=', fireAt)
    .executeTakeFirst();
}

export async function scheduledSubjects(db: Kysely<DB>): Promise<SubjectRow[]> {
  return db
    .selectFrom('subject')
    .selectAll()
    .where('schedule_enabled', '=', true)
    .where('schedule', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function insertSnapshot(
  trx: Kysely<DB>,
  snapshot: {
    id: string;
    subjectId: string;
    sessionId: string;
    takenAt: Date;
    totalUsd: number | null;
    holdings: Holding[];
    notable: string[];
  },
): Promise<void> {
  await trx
    .insertInto('subject_snapshot')
    .values({
      id: snapshot.id,
      subject_id: snapshot.subjectId,
      session_id: snapshot.sessionId,
      taken_at: snapshot.takenAt,
      total_usd: snapshot.totalUsd,
      holdings: JSON.stringify(snapshot.holdings),
      notable: JSON.stringify(snapshot.notable),
    })
    .onConflict((conflict) => conflict.column('session_id').doNothing())
    .execute();
}

export async function snapshotsOf(
  db: Kysely<DB>,
  subjectId: string,
  limit: number,
): Promise<SnapshotRow[]> {
  return db
    .selectFrom('subject_snapshot')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('taken_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function snapshotOfSession(
  db: Kysely<DB>,
  sessionId: string,
): Promise<SnapshotRow | undefined> {
  return db
    .selectFrom('subject_snapshot')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

export async function sessionExists(db: Kysely<DB>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('swarm_session')
    .select('id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
