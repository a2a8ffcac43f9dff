import { SESSION_STATES, type SessionState } from '@convene/protocol';
import { parseLimit } from '../shared/paging.js';
import type { SessionRow } from './repository.js';
import { fail } from '../../errors.js';

export const SESSION_PAGE_DEFAULT = 20;
export const SESSION_PAGE_MAX = 100;

export interface SessionListQuery {
  state: SessionState | undefined;
  subject: string | undefined;
  search: string | undefined;
  limit: number;
  cursor: { convenedAt: string; seq: number } | undefined;
  full: boolean;
}

/** The cursor is opaque to clients: base64url of `[convenedAt ISO, seq]` of the page's last row. */
export function encodeCursor(row: Pick<SessionRow, 'convened_at' | 'seq'>): string {
  return Buffer.from(JSON.stringify([row.convened_at.toISOString(), row.seq])).toString(
    'base64url',
  );
}

export function decodeCursor(raw: string): { convenedAt: string; seq: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isSafeInteger(value[1])
    ) {
      return { convenedAt: value[0], seq: value[1] as number };
    }
  } catch {
    // fall through to the 400 below
  }
  throw fail('invalidCursor');
}

export function parseListQuery(query: Record<string, string | undefined>): SessionListQuery {
  const state = query.state === undefined || query.state === '' ? undefined : query.state;
  if (state !== undefined && !(SESSION_STATES as readonly string[]).includes(state)) {
    throw fail('invalidSessionState');
  }
  return {
    state: state as SessionState | undefined,
    subject: query.subject === '' ? undefined : query.subject,
    search: query.search === undefined || query.search.trim() === '' ? undefined : query.search,
    limit: parseLimit(query.limit, SESSION_PAGE_DEFAULT, SESSION_PAGE_MAX),
    cursor:
      query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(query.cursor),
    full: query.full === '1' || query.full === 'true',
  };
}
