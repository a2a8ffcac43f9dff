import type { Clock } from '../../clock.js';
import { fail } from '../../errors.js';
import type { MemoInput } from './bodies.js';
import type { MemoRepository } from './repository.js';
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

/** Members' longer memos; a memo's URL can be passed as a later take's `memoUrl`. */
export class MemoService {
  private readonly memos: MemoRepository;
  private readonly clock: Clock;

  constructor(uses: { memos: MemoRepository; clock: Clock }) {
    this.memos = uses.memos;
    this.clock = uses.clock;
  }

  async post(
    memberId: string,
    { title, body, sessionId }: MemoInput,
    baseUrl: string,
  ): Promise<{ id: string; url: string }> {
    if (sessionId !== null && !(await this.memos.sessionExists(sessionId)))
      throw fail('sessionNotFound');
    const id = crypto.randomUUID();
    await this.memos.insert({
      id,
      memberId,
      sessionId,
      title,
      body,
      createdAt: this.clock.now(),
    });
    return { id, url: memoUrl(baseUrl, id) };
  }

  /** Published memos only; anything else is the same 404 as an unknown id. */
  async get(id: string, baseUrl: string): Promise<Memo> {
    const row = isUuid(id) ? await this.memos.published(id) : undefined;
    if (row === undefined) throw fail('memoNotFound');
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
