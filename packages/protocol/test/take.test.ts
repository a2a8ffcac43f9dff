import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalTake,
  INVALID_SUBMISSION,
  LIMITS,
  parseCanonicalTake,
  publicKeyFromSeed,
  signTake,
  STANCE_ERROR,
  STANCES,
  validateSubmission,
  validateTakeDraft,
  verifyTake,
  type TakeDraft,
} from '@convene/protocol';

const SEED = 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=';

const draft: TakeDraft = {
  memberId: 'member-1',
  date: '2026-07-14',
  subjectId: 'robotmoney-vault',
  nonce: 'nonce-1',
  stance: 'constructive',
  confidence: 0.7,
};

const x = (n: number) => 'x'.repeat(n);

describe('canonicalTake', () => {
  it('writes the keys in the fixed order with empty body and memoUrl', () => {
    expect(canonicalTake(draft)).toBe(
      '{"memberId":"member-1","date":"2026-07-14","subjectId":"robotmoney-vault","nonce":"nonce-1",' +
        '"stance":"constructive","confidence":0.7,"body":"","memoUrl":""}',
    );
  });

  it('appends weights last, each element as {bucket, weight} in submitted order', () => {
    const weights = [
      { weight: 2, bucket: 'b', extra: true },
      { bucket: 'a', weight: 1e-7 },
    ] as unknown as TakeDraft['weights'];
    expect(canonicalTake({ ...draft, body: 'B', memoUrl: 'M', weights })).toBe(
      '{"memberId":"member-1","date":"2026-07-14","subjectId":"robotmoney-vault","nonce":"nonce-1",' +
        '"stance":"constructive","confidence":0.7,"body":"B","memoUrl":"M",' +
        '"weights":[{"bucket":"b","weight":2},{"bucket":"a","weight":1e-7}]}',
    );
  });

  it('treats null and undefined optional fields as omitted', () => {
    const omitted = canonicalTake(draft);
    expect(canonicalTake({ ...draft, body: null, memoUrl: null, weights: null })).toBe(omitted);
    expect(canonicalTake({ ...draft, body: undefined, weights: undefined })).toBe(omitted);
  });

  it('does not depend on the key order of its input', () => {
    const reversed = Object.fromEntries(Object.entries(draft).reverse()) as unknown as TakeDraft;
    expect(canonicalTake(reversed)).toBe(canonicalTake(draft));
  });

  it('formats numbers as ECMAScript does', () => {
    const text = (confidence: number) => canonicalTake({ ...draft, confidence });
    expect(text(0)).toContain('"confidence":0,');
    expect(text(-0)).toContain('"confidence":0,');
    expect(text(1)).toContain('"confidence":1,');
    expect(text(0.1)).toContain('"confidence":0.1,');
    expect(text(1e-7)).toContain('"confidence":1e-7,');
    expect(text(0.000001)).toContain('"confidence":0.000001,');
  });
});

describe('signTake and verifyTake', () => {
  it('round-trip, and any single-field change breaks verification', async () => {
    const publicKey = await publicKeyFromSeed(SEED);
    const full: TakeDraft = {
      ...draft,
      body: 'body',
      memoUrl: 'https://example.org/m',
      weights: [
        { bucket: 'a', weight: 1 },
        { bucket: 'b', weight: 3 },
      ],
    };
    const signature = await signTake(full, SEED);
    expect(await verifyTake(full, signature, publicKey)).toBe(true);
    const changes: Partial<TakeDraft>[] = [
      { memberId: 'member-2' },
      { date: '2026-07-15' },
      { subjectId: 'woon' },
      { nonce: 'nonce-2' },
      { stance: 'bullish' },
      { confidence: 0.70000001 },
      { body: 'body ' },
      { memoUrl: 'https://example.org/n' },
      { weights: [{ bucket: 'a', weight: 1 }] },
      {
        weights: [
          { bucket: 'b', weight: 3 },
          { bucket: 'a', weight: 1 },
        ],
      },
      {
        weights: [
          { bucket: 'a', weight: 1 },
          { bucket: 'b', weight: 3.0000001 },
        ],
      },
    ];
    for (const change of changes) {
      expect(await verifyTake({ ...full, ...change }, signature, publicKey)).toBe(false);
    }
    const { body: _body, ...withoutBody } = full;
    expect(await verifyTake(withoutBody, signature, publicKey)).toBe(false);
  });

  it('holds for arbitrary valid drafts (property)', async () => {
    const publicKey = await publicKeyFromSeed(SEED);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          memberId: fc.string({ minLength: 1, maxLength: 100 }),
          nonce: fc.string({ minLength: 1, maxLength: 200 }),
          stance: fc.constantFrom(...STANCES),
          confidence: fc.double({ min: 0, max: 1, noNaN: true }),
          body: fc.option(fc.string({ unit: 'grapheme', maxLength: 50 }), { nil: undefined }),
        }),
        fc.string({ minLength: 1, maxLength: 5 }),
        async (fields, tweak) => {
          const take = { ...draft, ...fields };
          const signature = await signTake(take, SEED);
          expect(await verifyTake(take, signature, publicKey)).toBe(true);
          expect(
            await verifyTake({ ...take, nonce: take.nonce + tweak }, signature, publicKey),
          ).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('validateTakeDraft', () => {
  const ok = (input: unknown) => expect(validateTakeDraft(input).ok).toBe(true);
  const invalid = (input: unknown) =>
    expect(validateTakeDraft(input)).toEqual({ ok: false, error: INVALID_SUBMISSION });

  it('accepts a minimal draft and returns only known fields', () => {
    const result = validateTakeDraft({ ...draft, extra: 1, signature: 'x' });
    expect(result).toEqual({ ok: true, draft });
  });

  it.each([
    ['memberId', LIMITS.MEMBER_ID_MAX],
    ['subjectId', LIMITS.SUBJECT_ID_MAX],
    ['nonce', LIMITS.NONCE_MAX],
  ])('%s: %i chars pass, one more fails, empty fails', (field, max) => {
    ok({ ...draft, [field]: x(max) });
    invalid({ ...draft, [field]: x(max + 1) });
    invalid({ ...draft, [field]: '' });
    invalid({ ...draft, [field]: 7 });
  });

  it.each([
    ['body', LIMITS.BODY_MAX],
    ['memoUrl', LIMITS.MEMO_URL_MAX],
  ])('%s: %i chars pass, one more fails; empty and null pass', (field, max) => {
    ok({ ...draft, [field]: x(max) });
    invalid({ ...draft, [field]: x(max + 1) });
    ok({ ...draft, [field]: '' });
    ok({ ...draft, [field]: null });
    invalid({ ...draft, [field]: 12 });
  });

  it('counts characters as UTF-16 code units and refuses lone surrogates', () => {
    ok({ ...draft, memberId: '🚀'.repeat(50) });
    invalid({ ...draft, memberId: '🚀'.repeat(50) + 'x' });
    invalid({ ...draft, body: 'a\uD800b' });
    invalid({ ...draft, nonce: '\uDC00' });
  });

  it('checks the date with the regex only', () => {
    ok({ ...draft, date: '2026-02-30' });
    for (const date of [
      '2026-7-14',
      '2026/07/14',
      '2026-07-14T00:00:00Z',
      ' 2026-07-14',
      '',
      20260714,
    ]) {
      invalid({ ...draft, date });
    }
  });

  it('requires a finite confidence in [0, 1]', () => {
    for (const confidence of [0, 1, 0.5, 1e-7, -0]) ok({ ...draft, confidence });
    for (const confidence of [-1e-9, 1.0000001, NaN, Infinity, -Infinity, '0.5', null]) {
      invalid({ ...draft, confidence });
    }
    const result = validateTakeDraft({ ...draft, confidence: -0 });
    expect(result.ok && Object.is(result.draft.confidence, 0)).toBe(true);
  });

  it('answers the stance message only for a well-formed draft with an unknown stance', () => {
    for (const stance of STANCES) ok({ ...draft, stance });
    const stanceError = { ok: false, error: STANCE_ERROR };
    expect(validateTakeDraft({ ...draft, stance: 'Bullish' })).toEqual(stanceError);
    expect(validateTakeDraft({ ...draft, stance: x(LIMITS.STANCE_MAX) })).toEqual(stanceError);
    invalid({ ...draft, stance: x(LIMITS.STANCE_MAX + 1) });
    invalid({ ...draft, stance: 1 });
    invalid({ ...draft, stance: 'moon', confidence: 2 });
    expect(STANCE_ERROR).toBe(
      'stance must be one of bearish, cautious, neutral, constructive, bullish',
    );
  });

  it.each(['memberId', 'date', 'subjectId', 'nonce', 'stance', 'confidence'])(
    'requires %s',
    (field) => {
      const { [field as keyof TakeDraft]: _omitted, ...rest } = draft;
      invalid(rest);
    },
  );

  it('rejects non-objects', () => {
    for (const input of [null, undefined, 'x', 1, [draft], true]) invalid(input);
  });

  it('validates weights', () => {
    const w = (weights: unknown) => ({ ...draft, weights });
    ok(
      w([
        { bucket: 'a', weight: 0 },
        { bucket: 'b', weight: 1 },
      ]),
    );
    ok(w(null));
    ok(w([{ bucket: x(LIMITS.BUCKET_MAX), weight: 1 }]));
    ok(w(Array.from({ length: LIMITS.WEIGHTS_MAX }, (_, i) => ({ bucket: `b${i}`, weight: 1 }))));
    invalid(
      w(Array.from({ length: LIMITS.WEIGHTS_MAX + 1 }, (_, i) => ({ bucket: `b${i}`, weight: 1 }))),
    );
    invalid(w([{ bucket: x(LIMITS.BUCKET_MAX + 1), weight: 1 }]));
    invalid(w([]));
    invalid(w([{ bucket: 'a', weight: 0 }]));
    invalid(
      w([
        { bucket: 'a', weight: -1 },
        { bucket: 'b', weight: 2 },
      ]),
    );
    invalid(
      w([
        { bucket: 'a', weight: 1 },
        { bucket: 'a', weight: 2 },
      ]),
    );
    invalid(w([{ bucket: '', weight: 1 }]));
    invalid(w([{ bucket: 'a', weight: NaN }]));
    invalid(w([{ bucket: 'a', weight: Infinity }]));
    invalid(
      w([
        { bucket: 'a', weight: 1e308 },
        { bucket: 'b', weight: 1e308 },
      ]),
    );
    invalid(w([{ bucket: 'a', weight: '1' }]));
    invalid(w([{ bucket: 1, weight: 1 }]));
    invalid(w(['a']));
    invalid(w({ a: 1 }));
  });
});

describe('validateSubmission', () => {
  it('requires a signature of at most 2000 chars', () => {
    expect(validateSubmission({ ...draft, signature: x(LIMITS.SIGNATURE_MAX) })).toEqual({
      ok: true,
      submission: { ...draft, signature: x(LIMITS.SIGNATURE_MAX) },
    });
    const invalid = { ok: false, error: INVALID_SUBMISSION };
    expect(validateSubmission({ ...draft, signature: x(LIMITS.SIGNATURE_MAX + 1) })).toEqual(
      invalid,
    );
    expect(validateSubmission({ ...draft, signature: '' })).toEqual(invalid);
    expect(validateSubmission(draft)).toEqual(invalid);
    expect(validateSubmission({ ...draft, stance: 'moon' })).toEqual(invalid);
    expect(validateSubmission({ ...draft, stance: 'moon', signature: 's' })).toEqual({
      ok: false,
      error: STANCE_ERROR,
    });
  });
});

describe('parseCanonicalTake', () => {
  it('reads back exactly the canonical text and nothing else', () => {
    const text = canonicalTake({ ...draft, weights: [{ bucket: 'a', weight: 1 }] });
    expect(parseCanonicalTake(text)).toEqual({
      ...draft,
      body: '',
      memoUrl: '',
      weights: [{ bucket: 'a', weight: 1 }],
    });
    expect(parseCanonicalTake(JSON.stringify(JSON.parse(text), null, 1))).toBeNull();
    expect(parseCanonicalTake(text.replace('"confidence":0.7', '"confidence":0.70'))).toBeNull();
    expect(parseCanonicalTake(text.replace('}]}', '}],"extra":1}'))).toBeNull();
    expect(parseCanonicalTake('{')).toBeNull();
    expect(parseCanonicalTake(42)).toBeNull();
  });
});
