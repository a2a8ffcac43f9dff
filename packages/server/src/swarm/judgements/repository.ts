import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, JudgementTable } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import { isUuid } from '../shared/ids.js';

export type JudgementRow = Selectable<JudgementTable>;

/**
 * Public judgements: enforce mode, on a published session, filed no later than its publication
 * ("reached the session"). Shadow opinions and anything on an unpublished session never match.
 */
function publicJudgements(db: Kysely<DB>) {
  return db
    .selectFrom('judgement')
    .innerJoin('swarm_session', 'swarm_session.id', 'judgement.session_id')
    .leftJoin('member', 'member.id', 'judgement.member_id')
    .leftJoin('member_key', 'member_key.id', 'judgement.key_id')
    .selectAll('judgement')
    .select(['member.handle', 'member_key.public_key'])
    .where('judgement.mode', '=', 'enforce')
    .where('swarm_session.state', '=', 'published')
    .whereRef('judgement.created_at', '<=', 'swarm_session.published_at');
}

export type PublicJudgementRow = Awaited<
  ReturnType<ReturnType<typeof publicJudgements>['execute']>
>[number];

/** Position in a member's judgements, newest first: the last row of the previous page. */
export interface MemberJudgementsPosition {
  createdAt: Date;
  id: string;
}

/** SQL for judgements and their public reads; each method runs in `trx` when given. */
export class JudgementRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertJudgement(
    row: Omit<JudgementRow, 'disagreements'> & { disagreements: string[] },
    trx?: Tx,
  ): Promise<boolean> {
    const db = trx ?? this.db;
    const result = await db
      .insertInto('judgement')
      .values({ ...row, disagreements: JSON.stringify(row.disagreements) })
      .onConflict((conflict) => conflict.columns(['session_id', 'judged_by']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return result !== undefined;
  }

  async judgementBy(
    sessionId: string,
    judgedBy: string,
    trx?: Tx,
  ): Promise<JudgementRow | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('judgement')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('judged_by', '=', judgedBy)
      .executeTakeFirst();
  }

  async publicJudgementsOfSession(sessionId: string, trx?: Tx): Promise<PublicJudgementRow[]> {
    const db = trx ?? this.db;
    return publicJudgements(db)
      .where('judgement.session_id', '=', sessionId)
      .orderBy('judgement.created_at')
      .orderBy('judgement.judged_by')
      .execute();
  }

  async publicJudgement(id: string, trx?: Tx): Promise<PublicJudgementRow | undefined> {
    const db = trx ?? this.db;
    if (!isUuid(id)) return undefined;
    return publicJudgements(db).where('judgement.id', '=', id).executeTakeFirst();
  }

  /** A member's public judgements, newest first (`created_at` desc, then `id` desc), after `after`. */
  async publicJudgementsOfMember(
    memberId: string,
    page: { limit: number; after: MemberJudgementsPosition | undefined },
    trx?: Tx,
  ): Promise<PublicJudgementRow[]> {
    const db = trx ?? this.db;
    let query = publicJudgements(db).where('judgement.member_id', '=', memberId);
    if (page.after !== undefined) {
      const { createdAt, id } = page.after;
      query = query.where(
        sql<boolean>`(judgement.created_at, judgement.id) < (${createdAt}::timestamptz, ${id}::uuid)`,
      );
    }
    return query
      .orderBy('judgement.created_at', 'desc')
      .orderBy('judgement.id', 'desc')
      .limit(page.limit)
      .execute();
  }
}
