import type { Kysely, Selectable } from 'kysely';
import type { BriefTable, DB } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';

export type BriefRow = Selectable<BriefTable>;

/** SQL for sessions' briefs; each method runs in `trx` when given. */
export class BriefRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** One brief per session (unique session_id): publishing twice keeps the first. */
  async insertBrief(
    brief: { sessionId: string; subjectId: string; date: string; createdAt: Date; body: unknown },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('brief')
      .values({
        session_id: brief.sessionId,
        subject_id: brief.subjectId,
        date: brief.date,
        created_at: brief.createdAt,
        body: JSON.stringify(brief.body),
      })
      .onConflict((conflict) => conflict.column('session_id').doNothing())
      .execute();
  }

  async briefOfSession(sessionId: string, trx?: Tx): Promise<BriefRow | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('brief')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** Brief rule 2: the most recent session of that day (for the subject) that has published a brief. */
  async latestBriefOfDay(date: string, subjectId: string, trx?: Tx): Promise<BriefRow | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('brief')
      .innerJoin('swarm_session', 'swarm_session.id', 'brief.session_id')
      .selectAll('brief')
      .where('swarm_session.subject_id', '=', subjectId)
      .where('swarm_session.date', '=', date)
      .orderBy('swarm_session.convened_at', 'desc')
      .orderBy('swarm_session.seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Up to `limit` of a subject's most recently published sessions, newest first (brief body). */
  async recentPublished(
    subjectId: string,
    limit: number,
    trx?: Tx,
  ): Promise<
    Array<{ id: string; convened_at: string; date: string; subject_id: string; state: string }>
  > {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('swarm_session')
      .select(['id', 'convened_at', 'date', 'subject_id', 'state'])
      .where('subject_id', '=', subjectId)
      .where('state', '=', 'published')
      .orderBy('published_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, convened_at: row.convened_at.toISOString() }));
  }

  /** Sessions still collecting (or later) whose brief was never published: a crash between steps. */
  async sessionsWithoutBrief(limit: number, trx?: Tx): Promise<string[]> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('swarm_session')
      .leftJoin('brief', 'brief.session_id', 'swarm_session.id')
      .select('swarm_session.id')
      .where('brief.id', 'is', null)
      .where('swarm_session.state', '=', 'collecting')
      .orderBy('swarm_session.seq')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
