import { Cron } from 'croner';

/** The latest fire of `cron` at or before `now` (UTC), or null when it never fired. */
export function latestFire(cron: string, now: Date): Date | null {
  const [fire] = new Cron(cron, { timezone: 'UTC', paused: true }).previousRuns(
    1,
    new Date(now.getTime() + 1),
  );
  return fire ?? null;
}

/** The first fire strictly after `after`: a scheduled session's window closes at the next convene. */
export function nextFire(cron: string, after: Date): Date | null {
  return new Cron(cron, { timezone: 'UTC', paused: true }).nextRun(after);
}

/**
 * The fire a subject owes: the latest fire at or before `now`, when it is newer than the last fire
 * that convened (`anchor`). After downtime only the latest missed fire convenes, once; the fires in
 * between are skipped rather than convened late, each with an already expired window.
 */
export function dueFire(cron: string, anchor: Date | undefined, now: Date): Date | null {
  const fire = latestFire(cron, now);
  if (fire === null) return null;
  return anchor === undefined || fire.getTime() > anchor.getTime() ? fire : null;
}

export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { timezone: 'UTC', paused: true });
    return true;
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` of an instant in UTC. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);
