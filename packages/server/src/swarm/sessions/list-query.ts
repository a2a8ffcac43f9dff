import { sql, type Kysely } from 'kysely';
import { SESSION_STATES, type SessionState } from '@convene/protocol';
import type { DB } from '../../db/schema.js';
import { RequestError } from '../../errors.js';
import type { SessionRow } from './repository.js';

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

/**
 * `limit` as an optional string: integers are clamped into 1..max (0 and negatives give 1, larger
 * values give max); anything that is not an integer is a 400, since it is certainly a client bug.
 */
export function parseLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[+-]?\d{1,12}$/.test(raw.trim())) throw new RequestError(400, 'limit must be an integer');
  return Math.min(max, Math.max(1, Number(raw.trim())));
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
  throw new RequestError(400, 'invalid cursor');
}

export function parseListQuery(query: Record<string, string | undefined>): SessionListQuery {
  const state = query.state === undefined || query.state === '' ? undefined : query.state;
  if (state !== undefined && !(SESSION_STATES as readonly string[]).includes(state)) {
    throw new RequestError(400, `state must be one of ${SESSION_STATES.join(', ')}`);
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

/** A literal phrase for ILIKE: `\`, `%` and `_` lose their pattern meaning. */
export const likePattern = (phrase: string): string =>
  `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page, newest first, plus one extra row to know whether another page follows. */
export async function listSessions(
  db: Kysely<DB>,
  query: SessionListQuery,
): Promise<Array<SessionRow & { take_count: number }>> {
  let select = db
    .selectFrom('swarm_session')
    .selectAll('swarm_session')
    .select((eb) =>
      eb
        .selectFrom('take')
        .select(sql<number>`count(distinct take.member_id)::int`.as('n'))
        .whereRef('take.session_id', '=', 'swarm_session.id')
        .as('take_count'),
    )
    .orderBy('convened_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(query.limit + 1);
  if (query.state !== undefined) select = select.where('state', '=', query.state);
  if (query.subject !== undefined) select = select.where('subject_id', '=', query.subject);
  if (query.search !== undefined) {
    const pattern = likePattern(query.search);
    select = select.where(
      sql<boolean>`(swarm_session.date::text ilike ${pattern} or swarm_session.rationale ilike ${pattern} or swarm_session.synthesis ilike ${pattern})`,
    );
  }
  if (query.cursor !== undefined) {
    const { convenedAt, seq } = query.cursor;
    select = select.where(
      sql<boolean>`(swarm_session.convened_at, swarm_session.seq) < (${convenedAt}::timestamptz, ${seq}::bigint)`,
    );
  }
  const rows = await select.execute();
  return rows.map((row) => ({ ...row, take_count: Number(row.take_count ?? 0) }));
}
