import { LOG_ENTRY_KIND, parseCanonicalTake, parseLogEntry, type Stance } from '@convene/protocol';

/** What a reader wants to know about a log entry, read from its own text: when, whose, which stance. */
export interface EntryFacts {
  at: string | null;
  memberId: string | null;
  stance: Stance | null;
}

/** A take's receipt time, member and signed stance; a receipt's aggregation time; a key event's time. */
export function entryFacts(text: string): EntryFacts {
  const none: EntryFacts = { at: null, memberId: null, stance: null };
  const parsed = parseLogEntry(text);
  if (!parsed.ok) return none;
  const entry = parsed.entry;
  switch (entry.kind) {
    case LOG_ENTRY_KIND.take:
      return {
        at: entry.receivedAt,
        memberId: entry.memberId,
        stance: parseCanonicalTake(entry.canonical_submission)?.stance ?? null,
      };
    case LOG_ENTRY_KIND.receipt:
      return { ...none, at: aggregatedAt(entry.canonicalBytes) };
    case LOG_ENTRY_KIND.key:
      return { ...none, at: entry.at, memberId: entry.memberId };
    default:
      return none;
  }
}

function aggregatedAt(canonical: string): string | null {
  try {
    const value = (JSON.parse(canonical) as { aggregatedAt?: unknown }).aggregatedAt;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
