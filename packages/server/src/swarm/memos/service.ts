import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DB } from '../../db/schema.js';
import { SWARM_ERRORS, swarmError } from '../errors.js';
import { isUuid } from '../shared/ids.js';

export interface Memo {
  id: string;
  memberId: string;
  handle: string;
  sessionId: string | null;
  title: string;
  body: string;
  createdAt: string;
  url: string;
}

const LIMITS = { title: 200, body: 100_000 } as const;

/** Members' longer memos; a memo's URL can be passed as a later take's `memoUrl`. */
export class MemoService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async post(
    memberId: string,
    body: unknown,
    baseUrl: string,
  ): Promise<{ id: string; url: string }> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const { title, sessionId } = input;
    const text = input.body;
    const validSession =
      sessionId === undefined ||
      sessionId === null ||
      (typeof sessionId === 'string' && isUuid(sessionId));
    if (
      typeof title !== 'string' ||
      title.trim() === '' ||
      title.length > LIMITS.title ||
      typeof text !== 'string' ||
      text.trim() === '' ||
      text.length > LIMITS.body ||
      !validSession
    ) {
      throw swarmError(400, SWARM_ERRORS.invalidMemo);
    }
    if (typeof sessionId === 'string') {
      const session = await this.db
        .selectFrom('swarm_session')
        .select('id')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      if (session === undefined) throw swarmError(404, 'session not found');
    }
    const id = crypto.randomUUID();
    await this.db
      .insertInto('memo')
      .values({
        id,
        member_id: memberId,
        session_id: typeof sessionId === 'string' ? sessionId : null,
        title,
        body: text,
        created_at: this.clock.now(),
      })
      .execute();
    return { id, url: memoUrl(baseUrl, id) };
  }

  /** Published memos only; anything else is the same 404 as an unknown id. */
  async get(id: string, baseUrl: string): Promise<Memo> {
    const row = isUuid(id)
      ? await this.db
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
          .executeTakeFirst()
      : undefined;
    if (row === undefined) throw swarmError(404, SWARM_ERRORS.memoNotFound);
    return {
      id: row.id,
      memberId: row.member_id,
      handle: row.handle,
      sessionId: row.session_id,
      title: row.title,
      body: row.body,
      createdAt: row.created_at.toISOString(),
      url: memoUrl(baseUrl, row.id),
    };
  }
}

const memoUrl = (baseUrl: string, id: string): string => `${baseUrl}/api/swarm/memos/${id}`;
