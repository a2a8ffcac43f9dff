import { fail } from '../../errors.js';

/**
 * `limit` as an optional string: integers are clamped into 1..max (0 and negatives give 1, larger
 * values give max); anything that is not an integer is a 400, since it is certainly a client bug.
 */
export function parseLimit(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[+-]?\d{1,12}$/.test(raw.trim())) throw fail('invalidLimit');
  return Math.min(max, Math.max(1, Number(raw.trim())));
}
