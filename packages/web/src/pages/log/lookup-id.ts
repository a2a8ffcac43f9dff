/** What the log checker checks: a take (by take id) or a consensus receipt (by session id). */
export type LookupKind = 'take' | 'receipt';

/** An id the log's entries table shows, and what kind of thing it names. */
export interface ShownId {
  id: string;
  of: 'take' | 'session' | 'member';
}

export type Resolved =
  | { status: 'resolved'; id: string }
  /** Not on this page and not a whole id: ask the service. */
  | { status: 'ask'; id: string }
  | { status: 'wrong-kind'; id: string; of: ShownId['of'] }
  | { status: 'unknown'; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WANTED: Record<LookupKind, ShownId['of']> = { take: 'take', receipt: 'session' };

/**
 * Reads what a reader typed into the checker: a whole id, or the short form the entries table
 * shows ("1a2b3c4d…9f0e", or just its start), resolved against the ids on the page. A short form
 * matching nothing or several ids is refused with the reason; an id of another kind (a session id
 * given as a take id) says what it is.
 */
export function resolveLookup(
  input: string,
  kind: LookupKind,
  shown: readonly ShownId[],
): Resolved {
  const text = input.trim().toLowerCase();
  const [start = '', end = ''] = text.split('…');
  const matches = (id: string) => {
    const lower = id.toLowerCase();
    return text.includes('…')
      ? lower.startsWith(start) && lower.endsWith(end)
      : lower.startsWith(text);
  };
  const exact = shown.filter((entry) => entry.id.toLowerCase() === text);
  const candidates = exact.length > 0 ? exact : shown.filter((entry) => matches(entry.id));
  const ids = [...new Set(candidates.map((entry) => entry.id))];
  if (ids.length === 1) {
    const wanted = candidates.find((entry) => entry.of === WANTED[kind]);
    if (wanted !== undefined) return { status: 'resolved', id: wanted.id };
    return { status: 'wrong-kind', id: ids[0]!, of: candidates[0]!.of };
  }
  if (ids.length > 1)
    return {
      status: 'unknown',
      message: `“${input.trim()}” starts ${ids.length} ids in the entries shown; type more of it.`,
    };
  if (UUID.test(text)) return { status: 'ask', id: text };
  if (start.length < 4)
    return { status: 'unknown', message: 'Type at least the first 4 characters of the id.' };
  return {
    status: 'unknown',
    message: `“${input.trim()}” is not a whole id and starts none of the entries shown on this page: paste the whole id (the copy button beside an entry copies it), or page to the entry first.`,
  };
}

/** What to tell a reader who gave an id of another kind. */
export function wrongKindHint(of: ShownId['of'], kind: LookupKind): string {
  const what = { take: 'a take id', session: 'a session id', member: 'a member id' }[of];
  const where =
    of === 'take'
      ? 'check it as “a take (take id)”'
      : of === 'session'
        ? 'check its consensus receipt as “a consensus receipt (session id)”'
        : 'a member’s key events are entries of the log, but not checked here: open the member’s page';
  const asked = kind === 'take' ? 'a take id' : 'a session id';
  return `This looks like ${what}, not ${asked}: ${where}.`;
}
