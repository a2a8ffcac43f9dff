import { fail } from '../../errors.js';
import { bodyFields } from '../shared/body-fields.js';
import { isUuid } from '../shared/ids.js';
import { hasUnstorableText } from '../shared/storable.js';

/*
 * The memo route's body: the route documents it for OpenAPI only (`documentOnly`) and calls this
 * parser once, after the bearer token has named the member.
 */

const LIMITS = { title: 200, body: 100_000 } as const;

/** A memo as posted: its title and text, and the session it belongs to, if any. */
export interface MemoInput {
  title: string;
  body: string;
  sessionId: string | null;
}

/**
 * `POST /api/swarm/memos`: `invalid memo` for an empty or over-long title or body, text that cannot
 * be stored exactly (U+0000, a lone surrogate), or a sessionId that is not a UUID.
 */
export function parseMemoBody(body: unknown): MemoInput {
  const input = bodyFields(body);
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
    hasUnstorableText([title, text]) ||
    !validSession
  ) {
    throw fail('invalidMemo');
  }
  return { title, body: text, sessionId: typeof sessionId === 'string' ? sessionId : null };
}
