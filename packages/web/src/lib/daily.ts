import { dayToSeconds } from './format.js';

const DAY = 86_400;

/**
 * One slot per calendar day from the first row's date to the last, holding that day's row or null:
 * days without data become gaps in a chart instead of being bridged.
 */
export function dailyGrid<T extends { date: string }>(
  rows: readonly T[],
): { x: number[]; at: (T | null)[] } {
  if (rows.length === 0) return { x: [], at: [] };
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date));
  const start = dayToSeconds(sorted[0]!.date);
  const end = dayToSeconds(sorted[sorted.length - 1]!.date);
  const x: number[] = [];
  for (let t = start; t <= end; t += DAY) x.push(t);
  const at: (T | null)[] = x.map(() => null);
  for (const row of sorted) at[Math.round((dayToSeconds(row.date) - start) / DAY)] = row;
  return { x, at };
}
