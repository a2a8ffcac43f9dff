import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  coefficient,
  fixed,
  num,
  sharePrice,
  countOf,
  multiple,
  outOf100,
  points,
  count,
  dateTick,
  gapPoints,
  indicatorValue,
  measured,
  numberTick,
  pct,
  pctChange,
  pctPoints,
  pctSig,
  pctValue,
  percentile,
  percentileTick,
  percentTick,
  price,
  sig,
  usd,
  usdTick,
} from '../src/lib/format.js';

/** The site's percent spacing: a no-break space before the sign ("+3.2 %"). */
const P = '\u00a0%';

/* One format per kind of number, all in lib/format.ts: these are the site's formats, and a page that
   formats a number by hand fails the scan below. */
describe('number formats', () => {
  test('USD: full below 100k, compact above, a dash (never $0) when missing', () => {
    expect(usd(69_550.6)).toBe('$69,550.60');
    expect(usd(3_010_000)).toBe('$3.01M');
    expect(usd(0.004812)).toBe('$0.00481');
    expect(usd(null)).toBe('—');
    expect(usdTick(47_500)).toBe('$47.5K');
    expect(usdTick(250)).toBe('$250.00');
  });

  test('token prices keep their significant digits; amounts stay in cents', () => {
    expect(price(0.0567)).toBe('$0.0567');
    expect(price(1.23444)).toBe('$1.234');
    expect(price(0.00004812)).toBe('$0.00004812');
    expect(price(69_550.6)).toBe('$69,550.60');
    expect(price(null)).toBe('—');
    expect(usd(0.0567)).toBe('$0.06');
  });

  test('percentages, one spacing everywhere: shares, values already in percent, signed changes and gaps', () => {
    expect(pct(0.253)).toBe(`25.3${P}`);
    expect(pctValue(4.256)).toBe(`4.26${P}`);
    expect(pctValue(12.34, 1)).toBe(`12.3${P}`);
    expect(pctPoints(-3.21)).toBe(`-3.2${P}`);
    expect(pctPoints(3.21)).toBe(`+3.2${P}`);
    expect(pctChange(0.0523)).toBe(`+5.2${P}`);
    expect(pctChange(-0.03)).toBe(`-3.0${P}`);
    expect(pctSig(1)).toBe(`1${P}`);
    expect(percentTick(4.5)).toBe(`4.5${P}`);
    expect(gapPoints(0.032)).toBe('+3.2 pt');
    expect(pctValue(null)).toBe('—');
    // Every percentage the module makes ends in the same spaced sign, never a bare "3.2%".
    for (const text of [pct(0.5), pctValue(1), pctPoints(1), pctChange(0.1), pctSig(2)])
      expect(text).toMatch(/\d\u00a0%$/);
  });

  test('never "-0.00": a negative zero or a value that rounds to zero prints unsigned (issue 46)', () => {
    expect(pctChange(-0.00001, 2)).toBe(`0.00${P}`);
    expect(pctChange(-0, 2)).toBe(`0.00${P}`);
    expect(pctChange(0.00001, 2)).toBe(`0.00${P}`);
    expect(pctChange(-0.0001, 2)).toBe(`-0.01${P}`);
    expect(pctChange(0.0001, 2)).toBe(`+0.01${P}`);
    expect(pct(-0.00001, 2)).toBe(`0.00${P}`);
    expect(pctPoints(-0.001, 2)).toBe(`0.00${P}`);
    expect(pctValue(-0.001)).toBe(`0.00${P}`);
    expect(gapPoints(-0.0001)).toBe('0.0 pt');
    expect(coefficient(-0.001)).toBe('0.00');
    expect(num(-0.00001, 4)).toBe('0.0000');
    expect(num(-0.001)).toBe('0');
    expect(num(-0.5)).toBe('-0.5');
    expect(fixed(-0, 3)).toBe('0.000');
    expect(fixed(-1e-9, 0)).toBe('0');
    expect(fixed(-0.25, 1)).toBe('-0.3');
  });

  test('one percentile format: "67th percentile"', () => {
    expect(percentile(0.67)).toBe('67th percentile');
    expect(percentile(0.01)).toBe('1st percentile');
    expect(percentile(0.02)).toBe('2nd percentile');
    expect(percentile(0.03)).toBe('3rd percentile');
    expect(percentile(0.11)).toBe('11th percentile');
    expect(percentile(0.12)).toBe('12th percentile');
    expect(percentile(0.13)).toBe('13th percentile');
    expect(percentile(0.215)).toBe('22nd percentile');
    // On an axis titled "percentile", ticks read as the ordinal alone.
    expect([0, 0.25, 0.5, 0.75, 1].map(percentileTick)).toEqual([
      '0th',
      '25th',
      '50th',
      '75th',
      '100th',
    ]);
    expect(percentile(0)).toBe('0th percentile');
    expect(percentile(1)).toBe('100th percentile');
    expect(percentile(null)).toBe('—');
  });

  test('a measured value reads by its unit: dollars, percent, signed change, count, ratio', () => {
    expect(measured(120e9, 'usd')).toBe(usd(120e9));
    expect(measured(0.52, 'percent')).toBe(`0.52${P}`);
    expect(measured(0.052, 'percent_change')).toBe(`+5.2${P}`);
    expect(measured(-0.052, 'percent_change')).toBe(`-5.2${P}`);
    expect(measured(0.672, 'percentile')).toBe('67th percentile');
    expect(measured(214, 'count')).toBe('214');
    expect(measured(1.31944, 'ratio4')).toBe('1.319');
    expect(measured(0.004812, 'ratio2')).toBe('0.004812');
    expect(measured(71.3, 'index')).toBe('71.3');
    expect(measured(null, 'usd')).toBe('—');
    // The regime table's levels: no raw unit word after the number.
    expect(indicatorValue(120e9, 'level', 'usd')).toBe(usd(120e9));
    expect(indicatorValue(0.52, 'level', 'percent')).toBe(`0.52${P}`);
    expect(indicatorValue(0.593, 'change90', 'usd')).toBe(`+59.3${P}`);
  });

  test('measured values keep their significant digits; counts and ticks read plainly', () => {
    expect(sig(0.004812)).toBe('0.004812');
    expect(sig(1.31944)).toBe('1.319');
    expect(coefficient(-0.0712)).toBe('-0.07');
    expect(count(1_000_000)).toBe('1,000,000');
    expect(numberTick(12_345.6)).toBe('12,346');
    expect(numberTick(0.123456)).toBe('0.1235');
  });

  test('date ticks read as the site reads a day, with the year when asked', () => {
    const christmas = Date.parse('2026-12-25T00:00:00Z') / 1000;
    expect(dateTick(christmas, 'day', false)).toBe('25 Dec');
    expect(dateTick(christmas, 'day', true)).toBe('25 Dec 2026');
    expect(dateTick(christmas, 'month', false)).toBe('Dec');
    expect(dateTick(christmas, 'month', true)).toBe('Dec 2026');
  });
});

test('scores carry their scale, counts their separators and what they count', () => {
  expect(points(773.456)).toBe('773.46 pts');
  expect(outOf100(49.27)).toBe('49.27 / 100');
  expect(multiple(40.4731)).toBe('40.47×');
  expect(countOf(136_342, 'tx', 'tx')).toBe('136,342 tx');
  expect(countOf(1, 'take')).toBe('1 take');
  expect(countOf(3, 'take')).toBe('3 takes');
  expect(points(null)).toBe('—');
  expect(sharePrice(1.02512443)).toBe('$1.025124 per share');
  expect(sharePrice(1.0792, 'USDC')).toBe('1.0792 USDC per share');
});

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
// SVG coordinates are geometry, not numbers a reader sees.
const GEOMETRY_ONLY = new Set(['components/sparkline.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Each line of the site's sources outside lib/format.ts (and geometry-only files). */
function sourceLines(): Array<{ where: string; line: string }> {
  return sourceFiles(SRC).flatMap((file) => {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (relative === 'lib/format.ts' || GEOMETRY_ONLY.has(relative)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ where: `${relative}:${i + 1}`, line: line.trim() }));
  });
}

test('no page formats a number by hand: every format comes from lib/format.ts', () => {
  const offenders = sourceLines()
    .filter(({ line }) =>
      /\.toFixed\(|\.toLocaleString\(|\.toPrecision\(|Intl\.NumberFormat/.test(line),
    )
    .map(({ where, line }) => `${where}: ${line}`);
  expect(offenders).toEqual([]);
});

test('no page writes its own percent sign or percentile: pct*, percentile() from lib/format.ts', () => {
  // A CSS length (`width: \`${share * 100}%\``) is geometry, not a number a reader sees.
  const css = /\b(width|left|right|top|height):\s*`/;
  const offenders = sourceLines()
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && !css.test(line))
    .filter(
      ({ line }) =>
        // "{value}%", "${value}%", "42%": a percentage made by hand (the site writes "42 %").
        /[}\d]%/.test(line) ||
        // "{pct(p, 0)} percentile", "{Math.round(p * 100)}": a percentile made by hand.
        /(pct|num|sig)\([^)]*\)\}?\s*percentile\b/.test(line) ||
        /Math\.round\([^)]*percentile[^)]*\*\s*100\)/i.test(line),
    )
    .map(({ where, line }) => `${where}: ${line}`);
  expect(offenders).toEqual([]);
});
