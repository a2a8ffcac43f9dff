import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReceiptPayload,
  jcs,
  keyFingerprint,
  RECEIPT_LOG_CHECK_CODES,
  RECEIPT_REASONS,
  receiptKey,
  sha256Hex,
  signReceipt,
  verifyReceipt,
  type ReceiptReasonCode,
} from '@convene/protocol';
import { SERVICE_SEED, SESSION_DATE, SUBJECT_ID } from '../scripts/fixtures.js';
import { largeReceipt } from '../scripts/large-receipt.js';
import {
  JUDGE,
  members,
  previousReceipt,
  sessionReceipt,
  signedTake,
} from '../scripts/receipt-fixtures.js';
import { tamperedReceipts } from '../scripts/receipt-tampering.js';
import { hasLoneSurrogate } from '../src/strings.js';

const valid = async () => sessionReceipt((await previousReceipt()).digest);

/** Every JSON path to a leaf (string, number, boolean, null) of a value. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return entries.flatMap(([key, child]) => leafPaths(child, [...path, key]));
}

function setAt(root: unknown, path: (string | number)[], change: (old: unknown) => unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  node[last] = change(node[last]);
}

function changed(old: unknown): unknown {
  if (typeof old === 'string') return `${old}x`;
  if (typeof old === 'number') return old + 1;
  if (typeof old === 'boolean') return !old;
  return 'not null';
}

describe('buildReceiptPayload and signReceipt', () => {
  it('lays the receipt out as documented', async () => {
    const receipt = await valid();
    expect(Object.keys(receipt)).toEqual([
      'sessionId',
      'payload',
      'canonicalBytes',
      'digest',
      'signature',
    ]);
    expect(Object.keys(receipt.payload)).toEqual([
      'kind',
      'sessionId',
      'subjectId',
      'date',
      'convenedAt',
      'windowClosesAt',
      'aggregatedAt',
      'submissions',
      'stances',
      'score',
      'weights',
      'confidence',
      'quorum',
      'disagreement',
      'judge',
      'previousReceiptDigest',
      'log',
    ]);
    expect(Object.keys(receipt.payload.log!)).toEqual(['origin', 'treeSize', 'rootHash']);
    for (const submission of receipt.payload.submissions) {
      expect(submission.logIndex).toBeLessThan(receipt.payload.log!.treeSize);
    }
    expect(receipt.canonicalBytes).toBe(jcs(receipt.payload));
    expect(receipt.digest).toBe(sha256Hex(receipt.canonicalBytes));
    expect(receipt.signature).toEqual({
      keyId: keyFingerprint(receipt.signature.publicKey),
      publicKey: (await receiptKey(SERVICE_SEED)).publicKey,
      signature: expect.any(String),
    });
    const [excluded] = (await members).slice(5);
    expect(receipt.payload.submissions.map((s) => s.memberId)).not.toContain(excluded!.memberId);
    expect(receipt.payload.submissions.find((s) => s.takeId === 'take-m0-1')).toBeUndefined();
  });

  it('serves the receipt key as keyId, publicKey, algorithm', async () => {
    const key = await receiptKey(SERVICE_SEED);
    expect(key).toEqual({
      keyId: keyFingerprint(key.publicKey),
      publicKey: key.publicKey,
      algorithm: 'Ed25519',
    });
    expect(key.keyId).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('refuses takes that are not canonical takes of this member, subject and date', async () => {
    const [m0, m1] = await members;
    const base = {
      sessionId: 's',
      subjectId: SUBJECT_ID,
      date: SESSION_DATE,
      convenedAt: 'c',
      windowClosesAt: null,
      aggregatedAt: 'a',
      roster: [m0!.memberId, m1!.memberId],
      judge: JUDGE,
      previousReceiptDigest: null,
    };
    const good = await signedTake(m0!, { stance: 'neutral', confidence: 0.5 }, 't', 1);
    expect(() => buildReceiptPayload({ ...base, takes: [good] })).not.toThrow();
    const cases = [
      { ...good, canonical_submission: `${good.canonical_submission} ` },
      { ...good, memberId: m1!.memberId },
      await signedTake(m0!, { stance: 'neutral', confidence: 0.5, subjectId: 'woon' }, 't', 1),
      await signedTake(m0!, { stance: 'neutral', confidence: 0.5, date: '2026-01-01' }, 't', 1),
      { ...good, revision: 0 },
    ];
    for (const take of cases)
      expect(() => buildReceiptPayload({ ...base, takes: [take] })).toThrow();
  });
});

describe('verifyReceipt', () => {
  it('verifies a valid receipt, with and without expectations', async () => {
    const previous = await previousReceipt();
    const receipt = await sessionReceipt(previous.digest);
    const ok = { verified: true, unverifiedReasons: [] };
    expect(await verifyReceipt(receipt)).toEqual(ok);
    expect(await verifyReceipt(JSON.parse(JSON.stringify(receipt)))).toEqual(ok);
    expect(
      await verifyReceipt(receipt, {
        expectedServicePublicKey: receipt.signature.publicKey,
        expectedPreviousDigest: previous.digest,
      }),
    ).toEqual(ok);
    expect(await verifyReceipt(previous, { expectedPreviousDigest: null })).toEqual(ok);
  });

  it('accepts a receipt signed with any of the pinned keys (a rotation: current and retired)', async () => {
    const receipt = await valid();
    const other = Buffer.alloc(32, 7).toString('base64');
    const key = receipt.signature.publicKey;
    expect(
      (await verifyReceipt(receipt, { expectedServicePublicKey: [other, key] })).verified,
    ).toBe(true);
    for (const pinned of [other, [other], []]) {
      const result = await verifyReceipt(receipt, { expectedServicePublicKey: pinned });
      expect(result.unverifiedReasons.map((reason) => reason.code)).toEqual([
        'unexpected_service_key',
      ]);
    }
  });

  it('ignores verified/unverifiedReasons claimed by the server', async () => {
    const receipt = {
      ...(await valid()),
      verified: false,
      unverifiedReasons: [{ code: 'x', message: 'y' }],
    };
    expect((await verifyReceipt(receipt)).verified).toBe(true);
  });

  it('fails any single-leaf change of a stored receipt', async () => {
    const receipt = await valid();
    const paths = leafPaths(receipt);
    expect(paths.length).toBeGreaterThan(80);
    for (const path of paths) {
      const copy = structuredClone(receipt);
      setAt(copy, path, changed);
      const result = await verifyReceipt(copy);
      expect(result.verified, path.join('.')).toBe(false);
      expect(result.unverifiedReasons.length, path.join('.')).toBeGreaterThan(0);
    }
  });

  it('yields exactly the expected reasons for each tamper, covering every code', async () => {
    const tampered = await tamperedReceipts(await valid());
    const covered = new Set<ReceiptReasonCode>();
    for (const vector of tampered) {
      const result = await verifyReceipt(vector.receipt, vector.options);
      expect(result.verified, vector.name).toBe(false);
      expect(
        result.unverifiedReasons.map((r) => r.code),
        vector.name,
      ).toEqual(vector.expectedReasons);
      for (const reason of result.unverifiedReasons) {
        expect(reason.message.length).toBeGreaterThan(0);
        covered.add(reason.code);
      }
    }
    // The log codes come from checkReceiptLog (receipt-log.test.ts) and the server's read.
    const logCodes: string[] = [...RECEIPT_LOG_CHECK_CODES, RECEIPT_REASONS.SESSION_NOT_PUBLISHED];
    expect([...covered].sort()).toEqual(
      Object.values(RECEIPT_REASONS)
        .filter((code) => !logCodes.includes(code))
        .sort(),
    );
  });

  it('names each failing member, ten at most', async () => {
    const receipt = (await largeReceipt(12)).receipt;
    const payload = structuredClone(receipt.payload);
    for (const s of payload.submissions) s.signature = receipt.payload.submissions[0]!.signature;
    const resealed = await signReceipt(payload, SERVICE_SEED);
    const [reason] = (await verifyReceipt(resealed)).unverifiedReasons;
    expect(reason!.code).toBe('bad_member_signature');
    expect(reason!.message).toContain('member-000001');
    expect(reason!.message).toContain('and 1 more');
  });

  it('never throws on garbage', async () => {
    const receipt = await valid();
    const inputs: unknown[] = [
      undefined,
      null,
      0,
      'receipt',
      [],
      {},
      { ...receipt, payload: null },
      { ...receipt, payload: { ...receipt.payload, submissions: 'x' } },
      { ...receipt, payload: { ...receipt.payload, submissions: [null, 1, 'x', { memberId: 1 }] } },
      { ...receipt, payload: { ...receipt.payload, score: NaN } },
      { ...receipt, payload: { ...receipt.payload, subjectId: '\uD800' } },
      { ...receipt, payload: { ...receipt.payload, quorum: { absent: [1], required: -1 } } },
      { ...receipt, signature: { keyId: 1, publicKey: null, signature: [] } },
      { ...receipt, canonicalBytes: 7 },
    ];
    const cyclic: Record<string, unknown> = { ...receipt, payload: { ...receipt.payload } };
    (cyclic.payload as Record<string, unknown>).self = cyclic.payload;
    inputs.push(cyclic);
    for (const input of inputs) {
      const result = await verifyReceipt(input);
      expect(result.verified).toBe(false);
    }
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        expect((await verifyReceipt(input)).verified).toBe(false);
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...leafPaths(receipt)),
        fc.anything(),
        async (path, value) => {
          const copy = structuredClone(receipt);
          setAt(copy, path, () => value);
          const result = await verifyReceipt(copy);
          expect(typeof result.verified).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
  });

  // Its speed against raw crypto.verify is a benchmark (bench/verify.bench.ts, docs/benchmarks.md),
  // not a test: under a loaded test run even CPU time inflates past any fixed bound.
  it('verifies a 10,000-submission receipt, and one changed signature among them fails it', async () => {
    const { receipt } = await largeReceipt(10_000);
    expect(await verifyReceipt(receipt)).toEqual({ verified: true, unverifiedReasons: [] });
    expect(receipt.payload.quorum).toMatchObject({
      rosterSize: 10_001,
      submitted: 10_000,
      absent: ['member-absent'],
    });
    const changed = structuredClone(receipt);
    const last = changed.payload.submissions[9_999]!;
    last.signature = receipt.payload.submissions[0]!.signature;
    expect((await verifyReceipt(changed)).verified).toBe(false);
  }, 120_000);
});

describe('lone surrogate check', () => {
  it('agrees with String.prototype.isWellFormed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 8 }), (text) => {
        const native = (text as unknown as { isWellFormed: () => boolean }).isWellFormed();
        expect(hasLoneSurrogate(text)).toBe(!native);
      }),
      { numRuns: 1000 },
    );
  });
});
