import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, JudgementTable } from '../../db/schema.js';
import { isUuid } from '../shared/ids.js';

export type JudgementRow = Selectable<JudgementTable>;

export async function insertJudgement(
  trx: Kysely<DB>,
  row: Omit<JudgementRow, 'disagreements'> & { disagreements: string[] },
): Promise<boolean> {
  const result = await trx
    .insertInto('judgement')
    .values({ ...row, disagreements: JSON.stringify(row.disagreements) })
    .onConflict((conflict) => conflict.columns(['session_id', 'judged_by']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export async function judgementBy(
  db: Kysely<DB>,
  sessionId: string,
  judgedBy: string,
): Promise<JudgementRow | undefined> {
  return db
    .selectFrom('judgement')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('judged_by', '=', judgedBy)
    .executeTakeFirst();
}

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

export async function publicJudgementsOfSession(
  db: Kysely<DB>,
  sessionId: string,
): Promise<PublicJudgementRow[]> {
  return publicJudgements(db)
    .where('judgement.session_id', '=', sessionId)
    .orderBy('judgement.created_at')
    .orderBy('judgement.judged_by')
    .execute();
}

export async function publicJudgement(
  db: Kysely<DB>,
  id: string,
): Promise<PublicJudgementRow | undefined> {
  if (!isUuid(id)) return undefined;
  return publicJudgements(db).where('judgement.id', '=', id).executeTakeFirst();
}

/** Position in a member's judgements, newest first: the last row of the previous page. */
export interface MemberJudgementsPosition {
  createdAt: Date;
  id: string;
}

/** A member's public judgements, newest first (`created_at` desc, then `id` desc), after `after`. */
export async function publicJudgementsOfMember(
  db: Kysely<DB>,
  memberId: string,
  page: { limit: number; after: MemberJudgementsPosition | undefined },
): Promise<PublicJudgementRow[]> {
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
