import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  coefficient,
  count,
  gapPoints,
  numberTick,
  pct,
  pctPoints,
  pctValue,
  sig,
  usd,
  usdTick,
} from '../src/lib/format.js';

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

  test('percentages: shares, values already in percent, signed changes and gaps', () => {
    expect(pct(0.253)).toBe('25.3%');
    expect(pctValue(4.256)).toBe('4.26%');
    expect(pctValue(12.34, 1)).toBe('12.3%');
    expect(pctPoints(-3.21)).toBe('-3.2%');
    expect(pctPoints(3.21)).toBe('+3.2%');
    expect(gapPoints(0.032)).toBe('+3.2 pt');
    expect(pctValue(null)).toBe('—');
  });

  test('measured values keep their significant digits; counts and ticks read plainly', () => {
    expect(sig(0.004812)).toBe('0.004812');
    expect(sig(1.31944)).toBe('1.319');
    expect(coefficient(-0.0712)).toBe('-0.07');
    expect(count(1_000_000)).toBe('1,000,000');
    expect(numberTick(12_345.6)).toBe('12,346');
    expect(numberTick(0.123456)).toBe('0.1235');
  });
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

test('no page formats a number by hand: every format comes from lib/format.ts', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (relative === 'lib/format.ts' || GEOMETRY_ONLY.has(relative)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\.toFixed\(|\.toLocaleString\(|\.toPrecision\(|Intl\.NumberFormat/.test(line))
          offenders.push(`${relative}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(offenders).toEqual([]);
});
