import type { Kysely, Selectable } from 'kysely';
import type { DB, SwarmSessionTable, TakeTable } from '../../db/schema.js';

export type SessionRow = Selectable<SwarmSessionTable>;
export type TakeRow = Selectable<TakeTable>;

/** SQL behind the take write path and take receipts. */
export class TakeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The newest session for date+subject: takes are routed here, whatever its state. */
  async newestSession(date: string, subjectId: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('swarm_session')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .where('date', '=', date)
      .where('state', '<>', 'cancelled')
      .orderBy('convened_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async rosterEntry(
    sessionId: string,
    memberId: string,
  ): Promise<{ excused: boolean } | undefined> {
    return this.db
      .selectFrom('session_roster')
      .select('excused')
      .where('session_id', '=', sessionId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  async takeCount(sessionId: string, memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('take')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('session_id', '=', sessionId)
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async nonceUsed(memberId: string, nonce: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('nonce_ledger')
      .select('nonce')
      .where('member_id', '=', memberId)
      .where('nonce', '=', nonce)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The take and its nonce in one transaction; the database settles every race (see 0002-swarm). */
  async insertTake(
    take: Omit<TakeRow, 'recommendation_id' | 'weights'> & { weights: string | null },
    alsoInTransaction?: (trx: Kysely<DB>) => Promise<unknown>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('take')
        .values(take)
        .returning('recommendation_id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('nonce_ledger')
        .values({
          member_id: take.member_id,
          nonce: take.nonce,
          take_id: take.id,
          used_at: take.received_at,
        })
        .execute();
      await alsoInTransaction?.(trx);
      return inserted.recommendation_id;
    });
  }

  async findTake(id: string | number): Promise<TakeRow | undefined> {
    const query = this.db.selectFrom('take').selectAll();
    return (
      typeof id === 'number'
        ? query.where('recommendation_id', '=', id)
        : query.where('id', '=', id)
    ).executeTakeFirst();
  }

  /** The newest revision filed after `revision` by the same member in the same session. */
  async latestRevision(
    take: TakeRow,
  ): Promise<Pick<TakeRow, 'id' | 'revision' | 'received_at'> | undefined> {
    return this.db
      .selectFrom('take')
      .select(['id', 'revision', 'received_at'])
      .where('session_id', '=', take.session_id)
      .where('member_id', '=', take.member_id)
      .where('revision', '>', take.revision)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
