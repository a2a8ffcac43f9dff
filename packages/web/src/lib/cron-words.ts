/**
 * A subject's convening schedule in words, from the cron expression the server runs it by (read
 * in UTC). It phrases the forms an admin writes for a schedule: every N minutes, hourly, every N
 * hours, daily at one or more times, on given weekdays, on a day of the month, and the `@daily`
 * style names. Anything else is null: the page shows the expression itself, as code.
 */
export function cronInWords(expression: string): string | null {
  const trimmed = expression.trim();
  const named = NAMED[trimmed.toLowerCase()];
  if (named !== undefined) return named;
  let fields = trimmed.split(/\s+/);
  // Croner's six-field form starts with seconds; only a schedule on the minute is phrased.
  if (fields.length === 6) {
    if (fields[0] !== '0') return null;
    fields = fields.slice(1);
  }
  if (fields.length !== 5) return null;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (month !== '*') return null;

  if (minute === '*' && hour === '*' && dayOfMonth === '*' && dayOfWeek === '*')
    return 'every minute';
  const minuteStep = step(minute);
  if (minuteStep !== null && hour === '*' && dayOfMonth === '*' && dayOfWeek === '*')
    return minuteStep === 1 ? 'every minute' : `every ${minuteStep} minutes`;
  const atMinute = whole(minute, 0, 59);
  if (atMinute === null) return null;

  if (dayOfMonth === '*' && dayOfWeek === '*') {
    if (hour === '*') return `every hour at ${pad(atMinute)} minutes past`;
    const hourStep = step(hour);
    if (hourStep !== null)
      return `every ${hourStep} hours at ${pad(atMinute)} minutes past (from 00:${pad(atMinute)} UTC)`;
  }
  const hours = list(hour, 0, 23);
  if (hours === null) return null;
  const times = `at ${joinWords(hours.map((h) => `${pad(h)}:${pad(atMinute)}`))} UTC`;

  if (dayOfMonth === '*' && dayOfWeek === '*') return `daily ${times}`;
  if (dayOfMonth === '*') {
    const days = weekdays(dayOfWeek);
    return days === null ? null : `${days} ${times}`;
  }
  if (dayOfWeek === '*') {
    const days = list(dayOfMonth, 1, 31);
    return days === null ? null : `monthly on the ${joinWords(days.map(ordinalDay))} ${times}`;
  }
  return null;
}

const NAMED: Record<string, string> = {
  '@yearly': 'yearly on 1 January at 00:00 UTC',
  '@annually': 'yearly on 1 January at 00:00 UTC',
  '@monthly': 'monthly on the 1st at 00:00 UTC',
  '@weekly': 'every Sunday at 00:00 UTC',
  '@daily': 'daily at 00:00 UTC',
  '@midnight': 'daily at 00:00 UTC',
  '@hourly': 'every hour at 00 minutes past',
};

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_ABBREVIATIONS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `*\/N` (or `0/N`) as N. */
function step(field: string): number | null {
  const match = /^(?:\*|0)\/(\d+)$/.exec(field);
  return match === null ? null : Number(match[1]);
}

function whole(field: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(field)) return null;
  const value = Number(field);
  return value >= min && value <= max ? value : null;
}

/** "1,15" or "9-11" as numbers in range; null for anything else. */
function list(field: string, min: number, max: number): number[] | null {
  const out: number[] = [];
  for (const part of field.split(',')) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range !== null) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (from < min || to > max || from > to) return null;
      for (let n = from; n <= to; n++) out.push(n);
    } else {
      const value = whole(part, min, max);
      if (value === null) return null;
      out.push(value);
    }
  }
  return out;
}

/** A day-of-week field ("1", "1-5", "MON,THU", 7 for Sunday) in words. */
function weekdays(field: string): string | null {
  const numeric = field
    .toLowerCase()
    .replace(/[a-z]{3}/g, (name) => String(DAY_ABBREVIATIONS.indexOf(name)));
  if (numeric.includes('-1')) return null;
  const days = list(numeric, 0, 7);
  if (days === null) return null;
  const unique = [...new Set(days.map((d) => d % 7))].sort((a, b) => a - b);
  if (unique.join() === '1,2,3,4,5') return 'Monday to Friday';
  if (unique.join() === '0,6') return 'on Saturdays and Sundays';
  return `every ${joinWords(unique.map((d) => DAY_NAMES[d]!))}`;
}

function ordinalDay(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "a", "a and b", "a, b and c". */
function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
