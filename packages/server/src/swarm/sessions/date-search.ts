const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** 1–12 for a month's name or its abbreviation of three letters or more ("Sep", "Sept", "sept."). */
function monthNumber(word: string): number | undefined {
  const name = word.toLowerCase().replace(/\.$/, '');
  if (name.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.startsWith(name));
  return index < 0 ? undefined : index + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "20 Nov 2026", "Nov 2026", "20 Nov", "Nov"; and month first: "Nov 20, 2026", "November 20". */
const DAY_FIRST = /^(?:(\d{1,2})\s+)?([a-z]+\.?)(?:,?\s+(\d{4}))?$/i;
const MONTH_FIRST = /^([a-z]+\.?)\s+(\d{1,2})(?:,?\s+(\d{4}))?$/i;

/**
 * The part of an ISO date (`YYYY-MM-DD`) that a search phrase written the way the site shows dates
 * stands for: "20 Nov 2026" → "2026-11-20", "Nov 2026" → "2026-11-", "20 Nov" → "-11-20",
 * "Nov" → "-11-". Undefined when the phrase is not such a date (it is then searched as written).
 */
export function isoDateFragment(phrase: string): string | undefined {
  const text = phrase.trim().replace(/\s+/g, ' ');
  const dayFirst = DAY_FIRST.exec(text);
  const monthFirst = dayFirst === null ? MONTH_FIRST.exec(text) : null;
  const [dayText, monthText, yearText] =
    dayFirst !== null
      ? [dayFirst[1], dayFirst[2], dayFirst[3]]
      : monthFirst !== null
        ? [monthFirst[2], monthFirst[1], monthFirst[3]]
        : [];
  if (monthText === undefined) return undefined;
  const month = monthNumber(monthText);
  if (month === undefined) return undefined;
  const day = dayText === undefined ? undefined : Number(dayText);
  if (day !== undefined && (day < 1 || day > 31)) return undefined;
  const monthPart = `-${pad(month)}-`;
  return `${yearText ?? ''}${monthPart}${day === undefined ? '' : pad(day)}`;
}
