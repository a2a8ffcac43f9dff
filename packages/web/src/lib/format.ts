import { DATE_RE } from '@convene/protocol';
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});
const usdFull = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});
// signDisplay 'negative': a value that rounds to zero prints "0", never "-0".
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'negative' });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

export const DASH = '—';

/**
 * `value.toFixed(digits)` without a sign on zero: a negative zero, or a negative value that rounds
 * to zero, prints "0.00", never "-0.00" (issue 46).
 */
export function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** `fixed` with a "+" on a positive value, none on one that rounds to zero: "+1.25", "0.00", "-0.40". */
function signedFixed(value: number, digits: number): string {
  const text = fixed(value, digits);
  return value > 0 && !/^0(\.0*)?$/.test(text) ? `+${text}` : text;
}

/**
 * The site's percent sign: a space before it ("25.3 %", "+3.2 %"), a no-break one so a value
 * never wraps away from its sign. Every percentage on the site ends with this.
 */
export const PERCENT = '\u00a0%';

const priceFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumSignificantDigits: 4,
});

/**
 * A token or share price by significant digits, so a small price keeps its digits: "$0.0567",
 * "$1.234", "$0.00004812"; from a thousand up as `usd` ("$69,550.60"). Amounts of money use `usd`.
 */
export function price(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) >= 1000) return usd(value);
  return priceFormat.format(value);
}

/** US dollars; compact (e.g. $1.2M) from 100k up. A missing value is a dash, never $0. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) >= 100_000) return usdCompact.format(value);
  if (Math.abs(value) > 0 && Math.abs(value) < 0.01) return `$${value.toPrecision(3)}`;
  return usdFull.format(value);
}

export function num(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) >= 1_000_000) return compact.format(value);
  return digits === 2 ? plain.format(value) : fixed(value, digits);
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count (entries, rows): an integer with thousands separators. */
export function count(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return integer.format(value);
}

/** A 0..1 fraction as a percentage. */
export function pct(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return DASH;
  return `${fixed(fraction * 100, digits)}${PERCENT}`;
}

/** A 0..1 fraction as a signed percentage change: "+5.2 %", "-3.0 %", and "0.0 %" for what rounds to 0. */
export function pctChange(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return DASH;
  return `${signedFixed(fraction * 100, digits)}${PERCENT}`;
}

/** An ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 67th. */
function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** A 0..1 percentile rank, the one way the site shows one: "67th percentile". */
export function percentile(rank: number | null | undefined): string {
  if (rank === null || rank === undefined || !Number.isFinite(rank)) return DASH;
  return `${percentileTick(rank)} percentile`;
}

/** A 0..1 percentile rank on an axis titled "percentile": "67th". */
export function percentileTick(rank: number): string {
  return ordinal(Math.round(rank * 100));
}

/** Gap beyond which an allocation row is flagged as drift (two percentage points). */
export const DRIFT_ALERT = 0.02;

/** A difference of two 0..1 shares in signed percentage points ("+3.2 pt"). */
export function gapPoints(gap: number | null | undefined): string {
  if (gap === null || gap === undefined || !Number.isFinite(gap)) return DASH;
  return `${signedFixed(gap * 100, 1)} pt`;
}

/** A value already in percent (analytics routes), signed. */
export function pctPoints(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${signedFixed(value, digits)}${PERCENT}`;
}

const readableDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const readableTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A moment, readably and in UTC: "22 Nov 2026, 14:05 UTC" (the `When` component adds the ISO stamp on hover). */
export function dateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${readableDay.format(date)}, ${readableTime.format(date)} UTC`;
}

/** A UTC day, readably: "22 Nov 2026" (from a stamp or a YYYY-MM-DD date). */
export function day(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return DASH;
  const date = new Date(DATE_RE.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return readableDay.format(date);
}

const tickDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const tickMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/**
 * A date tick on a chart's x axis (seconds since the epoch, UTC): "22 Nov", or "Nov" by month; with
 * the year ("22 Nov 2026", "Nov 2026") on the first tick and where the year changes.
 */
export function dateTick(seconds: number, by: 'day' | 'month', withYear: boolean): string {
  const date = new Date(seconds * 1000);
  const text = (by === 'month' ? tickMonth : tickDay).format(date);
  return withYear ? `${text} ${date.getUTCFullYear()}` : text;
}

/** "3 h ago" style age from now. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (iso === null || iso === undefined) return DASH;
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return DASH;
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} d ago`;
}

/** A value already in percent (APY, a KPI), unsigned: "4.25%". */
export function pctValue(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${fixed(value, digits)}${PERCENT}`;
}

/** A value already in percent, by significant digits: "1 %", "0.3 %", "33.33 %". */
export function pctSig(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${sig(value)}${PERCENT}`;
}

/** A correlation coefficient (−1..1) to two decimals: "0.42", "-0.07". */
export function coefficient(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return fixed(value, 2);
}

const usdAxisFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 4,
});

/** A USD axis tick: "$47.5K" from a thousand up (never a clipped "7,500.00"), else as `usd`. */
export function usdTick(value: number): string {
  return Math.abs(value) >= 1000 ? usdAxisFormat.format(value) : usd(value);
}

/** An axis tick of a value already in percent: "4.25 %". */
export function percentTick(value: number): string {
  return `${numberTick(value)}${PERCENT}`;
}

/** A plain axis tick: whole numbers with separators from a thousand up, else four significant digits. */
export function numberTick(value: number): string {
  return Math.abs(value) >= 1000
    ? integer.format(Math.round(value))
    : String(+value.toPrecision(4));
}

/** 0x1234…abcd */
export function shortHash(value: string | null | undefined, keep = 6): string {
  if (value === null || value === undefined) return DASH;
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-4)}`;
}

/** Seconds since the epoch (uPlot's x axis) of a UTC YYYY-MM-DD date. */
export function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function label(key: string): string {
  return key.replace(/_/g, ' ');
}

const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** A measured value by significant digits, so small ratios keep theirs (0.004812, not "0"). */
export function sig(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) >= 1_000_000) return compact.format(value);
  return significant.format(value);
}

/**
 * An indicator's value as the classifier uses it: a 90-day change as a signed percentage
 * ("+59.3 %"), a 50/200-day moving-average ratio to three decimals ("1.319"), a level by
 * significant digits with its unit.
 */
export function indicatorValue(value: number | null, transform: string, unit: string): string {
  if (value === null || !Number.isFinite(value)) return DASH;
  if (transform === 'change90') return pctChange(value);
  if (transform === 'trend_50_200') return fixed(value, 3);
  return measured(value, unit);
}

/**
 * A measured value by its unit: `usd` as dollars ("$120B"), `percent` (already in percent) as
 * "0.52 %", `percent_change` (a 0..1 change) signed ("+5.2 %"), `count` as a count, ratios and
 * index levels by significant digits; an unknown unit is named after the value.
 */
export function measured(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (unit === 'usd') return usd(value);
  if (unit === 'percent') return pctValue(value);
  if (unit === 'percent_change') return pctChange(value);
  if (unit === 'percentile') return percentile(value);
  if (unit === 'count') return count(value);
  if (unit === '' || unit === 'index' || /^ratio\d*$/.test(unit)) return sig(value);
  return `${sig(value)} ${unit}`;
}

/** A unit as a reader names it, for an axis title or a note: "ratio4" reads "ratio". */
export function unitLabel(unit: string): string {
  if (/^ratio\d*$/.test(unit)) return 'ratio';
  if (unit === 'percent_change') return 'change';
  return label(unit === '' ? 'value' : unit);
}

/** What a transform means, for a column note. */
export function transformLabel(transform: string): string {
  if (transform === 'change90') return '90-day change';
  if (transform === 'trend_50_200') return '50/200-day average ratio';
  return 'level';
}

/** An open-ended score in points (the analytics signal score): "773.46 pts". */
export function points(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${plain.format(value)} pts`;
}

/** A score on a 0–100 scale (productivity, the directory score), with its scale: "49.27 / 100". */
export function outOf100(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${plain.format(value)} / 100`;
}

/** A ratio of two amounts as a multiple ("40.47×"): turnover, volume over TVL. */
export function multiple(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${sig(value)}×`;
}

/** A count with what it counts, separators included: "136,342 tx", "1 take", "3 takes". */
export function countOf(value: number | null | undefined, one: string, many = `${one}s`): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return `${count(value)} ${value === 1 ? one : many}`;
}

/**
 * US dollars always in compact notation ("$956.12", "$44.9K", "$3.01M"): a table column's money
 * format, so one column never mixes "$69,550.60" with "$3.01M" as `usd` would across $100K.
 */
export function usdShort(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) > 0 && Math.abs(value) < 0.01) return usd(value);
  return usdCompact.format(value);
}

const sharePriceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});

/**
 * A vault's share price to six decimals (it moves by a few millionths a day), in US dollars or in
 * the vault's deposit asset: "$1.025124 per share", "1.0792 USDC per share".
 */
export function sharePrice(value: number | null | undefined, asset: string | null = null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const amount = sharePriceFormat.format(value);
  return `${asset === null ? `$${amount}` : `${amount} ${asset}`} per share`;
}

/** A gap between two 0..1 indices in points of the 0–100 scale (the regime's panel range): "21 pt". */
export function indexPoints(gap: number | null | undefined): string {
  if (gap === null || gap === undefined || !Number.isFinite(gap)) return DASH;
  return `${count(gap * 100)} pt`;
}
