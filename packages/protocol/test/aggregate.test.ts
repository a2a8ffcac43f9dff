import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregate,
  compareCodePoints,
  disagreementMap,
  jcs,
  selectCountedTakes,
  STANCE_SCORES,
  STANCES,
  type AggregationInput,
  type Weight,
} from '@convene/protocol';

/** Code-point order written independently of the library (via code point arrays). */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** The aggregation algorithm of docs/protocol.md, transcribed literally. */
function naiveAggregate(submissions: AggregationInput[], roster: string[], required: number) {
  const sorted = [...submissions].sort((a, b) => byCodePoint(a.memberId, b.memberId));
  const n = sorted.length;
  const stances: Record<string, number> = {};
  for (const stance of STANCES) stances[stance] = sorted.filter((s) => s.stance === stance).length;
  let scoreSum = 0;
  let confidenceSum = 0;
  for (const s of sorted) {
    scoreSum += STANCE_SCORES[s.stance];
    confidenceSum += s.confidence;
  }
  const weighted = sorted.filter((s) => s.weights !== undefined);
  const buckets = [...new Set(weighted.flatMap((s) => s.weights!.map((w) => w.bucket)))].sort(
    byCodePoint,
  );
  const weights = buckets.map((bucket) => {
    let sum = 0;
    for (const s of weighted) {
      let total = 0;
      for (const w of s.weights!) total += w.weight;
      const own = s.weights!.find((w) => w.bucket === bucket);
      sum += own === undefined ? 0 : own.weight / total;
    }
    return { bucket, weight: sum / weighted.length };
  });
  const uniqueRoster = [...new Set(roster)];
  const absent = uniqueRoster
    .filter((m) => !sorted.some((s) => s.memberId === m))
    .sort(byCodePoint);
  return {
    stances,
    score: n === 0 ? 0 : scoreSum / n,
    weights,
    confidence: n === 0 ? 0 : confidenceSum / n,
    quorum: {
      rosterSize: uniqueRoster.length,
      submitted: n,
      absent,
      participation: uniqueRoster.length === 0 ? 0 : n / uniqueRoster.length,
      required,
      met: n >= required,
    },
  };
}

const weightArb: fc.Arbitrary<Weight[]> = fc
  .uniqueArray(
    fc.record({
      bucket: fc.constantFrom('a', 'b', 'c', 'ä', '\uff61', '😀', 'agent_tokens'),
      weight: fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    }),
    { selector: (w) => w.bucket, minLength: 1, maxLength: 5 },
  )
  .filter((ws) => ws.reduce((t, w) => t + w.weight, 0) > 0);

const sessionArb = fc
  .uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), {
    minLength: 0,
    maxLength: 12,
  })
  .chain((members) =>
    fc.record({
      submissions: fc.tuple(
        ...members.map((memberId) =>
          fc.record({
            memberId: fc.constant(memberId),
            stance: fc.constantFrom(...STANCES),
            confidence: fc.double({ min: 0, max: 1, noNaN: true }),
            weights: fc.option(weightArb, { nil: undefined }),
          }),
        ),
      ),
      absent: fc.uniqueArray(
        fc.string({ minLength: 1, maxLength: 4 }).map((s) => `absent:${s}`),
        { maxLength: 4 },
      ),
      required: fc.nat({ max: 15 }),
    }),
  );

describe('aggregate', () => {
  it('equals the naive reference and ignores input order (property)', () => {
    fc.assert(
      fc.property(sessionArb, fc.integer(), ({ submissions, absent, required }, salt) => {
        const subs = submissions as AggregationInput[];
        const roster = [...subs.map((s) => s.memberId), ...absent];
        const expected = jcs(naiveAggregate(subs, roster, required));
        expect(jcs(aggregate({ submissions: subs, roster, requiredQuorum: required }))).toBe(
          expected,
        );
        const shuffled = [...subs].sort(
          (a, b) => (hash(a.memberId, salt) - hash(b.memberId, salt)) | 0,
        );
        const shuffledRoster = [...roster].reverse();
        expect(
          jcs(
            aggregate({ submissions: shuffled, roster: shuffledRoster, requiredQuorum: required }),
          ),
        ).toBe(expected);
        expect(jcs(disagreementMap(shuffled))).toBe(jcs(disagreementMap(subs)));
      }),
      { numRuns: 300 },
    );
  });

  it('sums in memberId order, so the float result is fixed', () => {
    const at = (memberId: string, confidence: number): AggregationInput => ({
      memberId,
      stance: 'neutral',
      confidence,
    });
    const inputs = [at('c', 0.3), at('a', 0.1), at('b', 0.2)];
    const result = aggregate({ submissions: inputs, roster: ['a', 'b', 'c'] });
    expect(result.confidence).toBe((0.1 + 0.2 + 0.3) / 3);
    expect(result.confidence).not.toBe((0.3 + 0.2 + 0.1) / 3);
  });

  it('normalises each take before the mean, confidence never weighs', () => {
    const result = aggregate({
      roster: ['m1', 'm2', 'm3'],
      submissions: [
        {
          memberId: 'm1',
          stance: 'bullish',
          confidence: 1,
          weights: [
            { bucket: 'x', weight: 300 },
            { bucket: 'y', weight: 100 },
          ],
        },
        {
          memberId: 'm2',
          stance: 'bearish',
          confidence: 0,
          weights: [{ bucket: 'y', weight: 0.5 }],
        },
        { memberId: 'm3', stance: 'neutral', confidence: 0.5 },
      ],
    });
    expect(result.weights).toEqual([
      { bucket: 'x', weight: 0.375 },
      { bucket: 'y', weight: 0.625 },
    ]);
    expect(result.score).toBe(0);
    expect(result.stances).toEqual({
      bearish: 1,
      cautious: 0,
      neutral: 1,
      constructive: 0,
      bullish: 1,
    });
  });

  it('handles an empty session and an empty roster', () => {
    expect(aggregate({ submissions: [], roster: ['b', 'a'] })).toEqual({
      stances: { bearish: 0, cautious: 0, neutral: 0, constructive: 0, bullish: 0 },
      score: 0,
      weights: [],
      confidence: 0,
      quorum: {
        rosterSize: 2,
        submitted: 0,
        absent: ['a', 'b'],
        participation: 0,
        required: 1,
        met: false,
      },
    });
    const empty = aggregate({ submissions: [], roster: [], requiredQuorum: 0 });
    expect(empty.quorum).toEqual({
      rosterSize: 0,
      submitted: 0,
      absent: [],
      participation: 0,
      required: 0,
      met: true,
    });
  });

  it('orders by code point, not UTF-16 code unit', () => {
    const ids = ['😀', '\uff61', 'z'];
    expect([...ids].sort(compareCodePoints)).toEqual(['z', '\uff61', '😀']);
    expect([...ids].sort()).toEqual(['z', '😀', '\uff61']);
    expect(aggregate({ submissions: [], roster: ids }).quorum.absent).toEqual([
      'z',
      '\uff61',
      '😀',
    ]);
  });

  it('refuses duplicate members, members off the roster and a bad quorum', () => {
    const take: AggregationInput = { memberId: 'a', stance: 'neutral', confidence: 1 };
    expect(() => aggregate({ submissions: [take, take], roster: ['a'] })).toThrow(RangeError);
    expect(() => aggregate({ submissions: [take], roster: ['b'] })).toThrow(RangeError);
    expect(() => aggregate({ submissions: [], roster: [], requiredQuorum: -1 })).toThrow(
      RangeError,
    );
    expect(() => aggregate({ submissions: [], roster: [], requiredQuorum: 1.5 })).toThrow(
      RangeError,
    );
  });
});

describe('disagreementMap', () => {
  it('is flat for zero or one take', () => {
    const flat = { stanceSpread: 0, stanceStdev: 0, poles: null, buckets: [] };
    expect(disagreementMap([])).toEqual(flat);
    expect(disagreementMap([{ memberId: 'a', stance: 'bullish', confidence: 1 }])).toEqual(flat);
  });

  it('names the poles and measures spread and per-bucket dispersion', () => {
    const map = disagreementMap([
      { memberId: 'c', stance: 'cautious', confidence: 1, weights: [{ bucket: 'x', weight: 1 }] },
      {
        memberId: 'a',
        stance: 'bullish',
        confidence: 1,
        weights: [
          { bucket: 'x', weight: 1 },
          { bucket: 'y', weight: 1 },
        ],
      },
      { memberId: 'b', stance: 'cautious', confidence: 1 },
      { memberId: 'd', stance: 'neutral', confidence: 1 },
    ]);
    expect(map.stanceSpread).toBe(1.5);
    const scores = [1, -0.5, -0.5, 0];
    const mean = (1 + -0.5 + -0.5 + 0) / 4;
    expect(map.stanceStdev).toBe(
      Math.sqrt(scores.reduce((t, s) => t + (s - mean) * (s - mean), 0) / 4),
    );
    expect(map.poles).toEqual({
      mostConstructive: { stance: 'bullish', members: ['a'] },
      leastConstructive: { stance: 'cautious', members: ['b', 'c'] },
    });
    expect(map.buckets).toEqual([
      { bucket: 'x', min: 0.5, max: 1, spread: 0.5, stdev: 0.25 },
      { bucket: 'y', min: 0, max: 0.5, spread: 0.5, stdev: 0.25 },
    ]);
  });
});

describe('selectCountedTakes', () => {
  const take = (memberId: string, revision: number) => ({
    memberId,
    revision,
    takeId: `${memberId}-${revision}`,
  });

  it('keeps the highest revision of each roster member, sorted', () => {
    const counted = selectCountedTakes(
      [take('b', 1), take('a', 2), take('a', 3), take('a', 1), take('x', 5)],
      ['a', 'b'],
    );
    expect(counted.map((t) => t.takeId)).toEqual(['a-3', 'b-1']);
  });

  it('refuses two takes with one revision', () => {
    expect(() => selectCountedTakes([take('a', 1), take('a', 1)], ['a'])).toThrow(RangeError);
  });
});

function hash(text: string, salt: number): number {
  let h = salt | 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
  return h;
}
