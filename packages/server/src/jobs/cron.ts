import { Cron } from 'croner';

/** Cron expressions are read in UTC everywhere: job schedules and subjects' convening schedules. */
const parse = (expression: string): Cron => new Cron(expression, { timezone: 'UTC', paused: true });

/** The first fire strictly after `after`, or null when it never fires again. Throws on a bad expression. */
export function nextCronFire(expression: string, after: Date): Date | null {
  return parse(expression).nextRun(after);
}

/** The latest fire at or before `now`, or null when it never fired. Throws on a bad expression. */
export function latestCronFire(expression: string, now: Date): Date | null {
  const [fire] = parse(expression).previousRuns(1, new Date(now.getTime() + 1));
  return fire ?? null;
}

export function isCronExpression(expression: string): boolean {
  try {
    parse(expression);
    return true;
  } catch {
    return false;
  }
}
