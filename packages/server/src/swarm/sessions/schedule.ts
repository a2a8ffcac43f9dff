import { latestCronFire, nextCronFire } from '../../jobs/cron.js';

/** The first fire strictly after `after`: a scheduled session's window closes at the next convene. */
export const nextFire = nextCronFire;

/**
 * The fire a subject owes: the latest fire at or before `now`, when it is newer than the last fire
 * that convened (`anchor`). After downtime only the latest missed fire convenes, once; the fires in
 * between are skipped rather than convened late, each with an already expired window.
 */
export function dueFire(cron: string, anchor: Date | undefined, now: Date): Date | null {
  const fire = latestCronFire(cron, now);
  if (fire === null) return null;
  return anchor === undefined || fire.getTime() > anchor.getTime() ? fire : null;
}
