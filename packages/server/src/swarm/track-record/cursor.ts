import { fail } from '../../errors.js';

/** The leaderboard's page cursor: opaque to clients, the offset of the next page. */
export function leaderboardCursor(offset: number): string {
  return Buffer.from(JSON.stringify(['leaderboard', offset])).toString('base64url');
}

export function offsetOf(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value[0] === 'leaderboard' &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) >= 0
    )
      return value[1] as number;
  } catch {
    // falls through to the 400 below
  }
  throw fail('invalidCursor');
}
