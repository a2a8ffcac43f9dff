import { utcDate } from '@convene/protocol';
/**
 * How long an imported row counts as fresh, per dataset kind. A row is `stale` when the clock is past
 * `refreshedAt + window`; the windows follow each source's refresh cadence with room for missed runs
 * (coins refresh hourly, vaults and wallets every 6 h, agents and projects daily; prior art calls a
 * daily source fresh within 36 h).
 */
export const FRESHNESS_WINDOW_HOURS = {
  agent: 36,
  coin: 3,
  vault: 18,
  wallet: 18,
  project: 36,
} as const;

export type FreshnessKind = keyof typeof FRESHNESS_WINDOW_HOURS;

/**
 * Cached bodies carry clock-dependent fields (stale, recency boost, evidence freshness), so besides
 * the data version they expire after this much clock time; clock-dependent list orders are rebuilt
 * once per window of this length too.
 */
export const BODY_TTL_MS = 60_000;

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** How long after its refresh a row of `kind` turns stale. */
export const staleAfterMs = (kind: FreshnessKind): number => FRESHNESS_WINDOW_HOURS[kind] * HOUR_MS;

export function isStale(kind: FreshnessKind, refreshedAt: Date, now: Date): boolean {
  return now.getTime() - refreshedAt.getTime() > staleAfterMs(kind);
}

/** Whole and fractional days from `then` to `now` (never negative: a future timestamp counts as now). */
export function daysSince(then: Date, now: Date): number {
  return Math.max(0, (now.getTime() - then.getTime()) / DAY_MS);
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}
