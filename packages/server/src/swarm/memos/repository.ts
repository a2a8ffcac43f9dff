import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for members' memos. */
export class MemoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async sessionExists(sessionId: string): Promise<boolean> {
    const session = await this.db
      .selectFrom('swarm_session')
      .select('id')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return session !== undefined;
  }

  async insert(memo: {
    id: string;
    memberId: string;
    sessionId: string | null;
    title: string;
    body: string;
    createdAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('memo')
      .values({
        id: memo.id,
        member_id: memo.memberId,
        session_id: memo.sessionId,
        title: memo.title,
        body: memo.body,
        created_at: memo.createdAt,
      })
      .execute();
  }

  /** A published memo with its author's handle. */
  async published(id: string) {
    return this.db
      .selectFrom('memo')
      .innerJoin('member', 'member.id', 'memo.member_id')
      .select([
        'memo.id',
        'memo.member_id',
        'member.handle',
        'memo.session_id',
        'memo.title',
        'memo.body',
        'memo.created_at',
      ])
      .where('memo.id', '=', id)
      .where('memo.published', '=', true)
      .executeTakeFirst();
  }
}
