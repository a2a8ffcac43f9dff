import { SESSION_STATES, type SessionState } from '@convene/protocol';
import { decodePosition, encodePosition, parseLimit } from '../shared/paging.js';
import type { SessionRow } from '../tables.js';
import { fail } from '../../errors.js';
import { isoDateFragment } from './date-search.js';

export const SESSION_PAGE_DEFAULT = 20;
export const SESSION_PAGE_MAX = 100;

export interface SessionListQuery {
  state: SessionState | undefined;
  subject: string | undefined;
  search: string | undefined;
  /** The search read as a date in the site's form ("20 Nov 2026"), as a piece of an ISO date. */
  searchDate: string | undefined;
  limit: number;
  cursor: { convenedAt: string; seq: number } | undefined;
  full: boolean;
}

/** A sessions page ends at a session: its convenedAt and seq. */
export const encodeCursor = (row: Pick<SessionRow, 'convened_at' | 'seq'>): string =>
  encodePosition(row.convened_at, row.seq);

export function decodeCursor(raw: string): { convenedAt: string; seq: number } {
  const { at, n } = decodePosition(raw);
  return { convenedAt: at, seq: n };
}

export function parseListQuery(query: Record<string, string | undefined>): SessionListQuery {
  const state = query.state === undefined || query.state === '' ? undefined : query.state;
  if (state !== undefined && !(SESSION_STATES as readonly string[]).includes(state)) {
    throw fail('invalidSessionState');
  }
  const search =
    query.search === undefined || query.search.trim() === '' ? undefined : query.search;
  return {
    state: state as SessionState | undefined,
    subject: query.subject === '' ? undefined : query.subject,
    search,
    searchDate: search === undefined ? undefined : isoDateFragment(search),
    limit: parseLimit(query.limit, SESSION_PAGE_DEFAULT, SESSION_PAGE_MAX),
    cursor:
      query.cursor === undefined || query.cursor === '' ? undefined : decodeCursor(query.cursor),
    full: query.full === '1' || query.full === 'true',
  };
}
