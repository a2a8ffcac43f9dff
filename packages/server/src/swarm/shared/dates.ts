/**
 * A well-formed date that names no calendar day (2026-02-30) is a date with no session: lookups
 * answer their "not found" before it reaches a `date` column (where it would be a cast error).
 */
/** True for a YYYY-MM-DD that names a real day of the proleptic Gregorian calendar. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === day
  );
}
