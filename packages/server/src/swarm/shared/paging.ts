import { fail } from '../../errors.js';
import { isUuid } from './ids.js';

/**
 * `limit` as an optional string: integers are clamped into 1..max (0 and negatives give 1, larger
 * values give max); anything that is not an integer is a 400, since it is certainly a client bug.
 */
export function parseLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[+-]?\d{1,12}$/.test(raw.trim())) throw fail('invalidLimit');
  return Math.min(max, Math.max(1, Number(raw.trim())));
}

/**
 * Page cursors are opaque to clients: base64url of `[ISO instant, tie-breaker]`, the sort position
 * of a page's last row; the tie-breaker is an integer sequence or a UUID. Anything else decodes to
 * the 400 `invalid cursor`.
 */
export function encodePosition(at: Date, tieBreaker: number | string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), tieBreaker])).toString('base64url');
}

export function decodePosition(raw: string): { at: string; n: number } {
  const { at, tieBreaker } = decodePair(raw, (value) => Number.isSafeInteger(value));
  return { at, n: tieBreaker as number };
}

export function decodeUuidPosition(raw: string): { at: string; id: string } {
  const { at, tieBreaker } = decodePair(raw, (value) => typeof value === 'string' && isUuid(value));
  return { at, id: tieBreaker as string };
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The instant exactly as `encodePosition` writes it (years 0000–9999): `Date.parse` also takes
 * `+275760-09-13T00:00:00.000Z` or `Thu, 01 Jan 1970 00:00:00 GMT+9999`, which the database cannot.
 */
function isCanonicalInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

function decodePair(
  raw: string,
  isTieBreaker: (value: unknown) => boolean,
): { at: string; tieBreaker: unknown } {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      isCanonicalInstant(value[0]) &&
      isTieBreaker(value[1])
    )
      return { at: value[0], tieBreaker: value[1] };
  } catch {
    // falls through to the 400 below
  }
  throw fail('invalidCursor');
}
