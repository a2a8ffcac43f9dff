import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SubjectSnapshotTable, SubjectTable } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import type { Holding } from '../tables.js';

export type SubjectRow = Selectable<SubjectTable>;
export type SnapshotRow = Selectable<SubjectSnapshotTable>;

/** SQL for subjects and their holdings snapshots; each method runs in `trx` when given. */
export class SubjectRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findSubject(id: string, trx?: Tx): Promise<SubjectRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('subject')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The subject row locked for the rest of the transaction: lifecycle steps serialise on it. */
  async lockSubject(id: string, trx: Tx): Promise<SubjectRow | undefined> {
    return trx
      .selectFrom('subject')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Every subject, by id. */
  async allSubjects(trx?: Tx): Promise<SubjectRow[]> {
    const db = trx ?? this.db;
    return db.selectFrom('subject').selectAll().orderBy('id').execute();
  }

  /** Whether any subject exists (an empty deployment has none until the operator creates one). */
  async anySubject(trx?: Tx): Promise<boolean> {
    const db = trx ?? this.db;
    return (await db.selectFrom('subject').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** A new subject; with `ifAbsent`, an existing id is left as it is instead of failing. */
  async insertSubject(
    values: Insertable<SubjectTable>,
    options: { ifAbsent?: boolean } = {},
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    let insert = db.insertInto('subject').values(values);
    if (options.ifAbsent === true)
      insert = insert.onConflict((conflict) => conflict.column('id').doNothing());
    await insert.execute();
  }

  async updateSubject(id: string, values: Updateable<SubjectTable>, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db.updateTable('subject').set(values).where('id', '=', id).execute();
  }

  /** The session a subject's schedule convened for this fire time, if any. */
  async sessionOfFire(subjectId: string, fireAt: Date, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('swarm_session')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .where('fire_at', '=', fireAt)
      .executeTakeFirst();
  }

  async scheduledSubjects(trx?: Tx): Promise<SubjectRow[]> {
    const db = trx ?? this.db;
    return db
      .selectFrom('subject')
      .selectAll()
      .where('schedule_enabled', '=', true)
      .where('schedule', 'is not', null)
      .orderBy('id')
      .execute();
  }

  async insertSnapshot(
    snapshot: {
      id: string;
      subjectId: string;
      sessionId: string;
      takenAt: Date;
      totalUsd: number | null;
      holdings: Holding[];
      notable: string[];
    },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
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

  async snapshotsOf(subjectId: string, limit: number, trx?: Tx): Promise<SnapshotRow[]> {
    const db = trx ?? this.db;
    return db
      .selectFrom('subject_snapshot')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .orderBy('taken_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async snapshotOfSession(sessionId: string, trx?: Tx): Promise<SnapshotRow | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('subject_snapshot')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  async sessionExists(sessionId: string, trx?: Tx): Promise<boolean> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('swarm_session')
      .select('id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
