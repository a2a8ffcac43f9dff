import { utcDate } from '@convene/protocol';
/** Calendar days as integers (days since 1970-01-01, UTC), so daily series are plain arrays. */
export const DAY_MS = 86_400_000;

export function dayIndex(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOf(index: number): string {
  return utcDate(new Date(index * DAY_MS));
}

/** Day of week of a day index: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(index: number): number {
  return (((index + 4) % 7) + 7) % 7;
}
