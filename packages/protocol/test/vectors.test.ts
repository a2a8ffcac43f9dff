import { describe, expect, it } from 'vitest';
import * as P from '@convene/protocol';
import {
  canonicalApplication,
  canonicalJudgement,
  canonicalTake,
  canonicalTokenClaim,
  bytesToBase64,
  checkServedTake,
  logEntryLeafHash,
  takeEntryFields,
  takeLogEntry,
  publicKeyFromSeed,
  sign,
  validateTakeDraft,
  verify,
  verifyReceipt,
  type Application,
  type Judgement,
  type ServedTake,
  type TakeCheck,
  type TokenClaim,
} from '@convene/protocol';
import { buildVectors } from '../scripts/vectors.js';
import { replayTlogVectors } from './tlog-replay.js';
import { readVectorFile, signatureVectors, VECTOR_FILES } from './vectors.js';

function canonicalTakeOf(input: unknown): string {
  const result = validateTakeDraft(input);
  if (!result.ok) throw new Error(result.error);
  return canonicalTake(result.draft);
}

const kinds = [
  ['takes.json', canonicalTakeOf],
  ['applications.json', (input: unknown) => canonicalApplication(input as Application)],
  ['token-claims.json', (input: unknown) => canonicalTokenClaim(input as TokenClaim)],
  ['judgements.json', (input: unknown) => canonicalJudgement(input as Judgement)],
] as const;

describe.each(kinds)('%s', (file, canonicalOf) => {
  it.each(signatureVectors(file).map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    expect(canonicalOf(vector.input)).toBe(vector.canonical);
    expect(await publicKeyFromSeed(vector.seed)).toBe(vector.publicKey);
    expect(await verify(vector.publicKey, vector.canonical, vector.signature)).toBe(true);
    expect(await sign(vector.seed, vector.canonical)).toBe(vector.signature);
    expect(await verify(vector.publicKey, `${vector.canonical} `, vector.signature)).toBe(false);
  });
});

describe('served-takes.json', () => {
  const file = readVectorFile<{
    vectors: {
      name: string;
      served: ServedTake;
      expected: TakeCheck;
      logEntry: string | null;
      leafHash: string | null;
    }[];
    logged: {
      name: string;
      served: ServedTake;
      logged: string | null;
      committedLeafHash?: string;
      expected: TakeCheck;
    }[];
  }>('served-takes.json');

  it.each(file.vectors.map((v) => [v.name, v] as const))('%s', async (_name, vector) => {
    expect(await checkServedTake(vector.served, undefined)).toEqual(vector.expected);
    if (vector.logEntry === null) {
      expect(() => takeLogEntry(takeEntryFields(vector.served))).toThrow(TypeError);
    } else {
      expect(takeLogEntry(takeEntryFields(vector.served))).toBe(vector.logEntry);
      expect(bytesToBase64(logEntryLeafHash(vector.logEntry))).toBe(vector.leafHash);
    }
  });

  it.each(file.logged.map((v) => [v.name, v] as const))('logged: %s', async (_name, vector) => {
    const check = await checkServedTake(vector.served, vector.logged, vector.committedLeafHash);
    expect(check).toEqual(vector.expected);
  });

  it('cover every reason of the self-check and the log entry, and valid takes with and without a memo URL', () => {
    const cases = [...file.vectors, ...file.logged];
    const codes = new Set(cases.flatMap((v) => v.expected.reasons.map((r) => r.code)));
    expect([...codes].sort()).toEqual([
      'bad_member_signature',
      'fields_mismatch',
      'key_missing',
      'log_entry_mismatch',
      'not_in_log',
    ]);
    const valid = file.vectors.filter((v) => v.expected.verified).map((v) => v.served.memoUrl);
    expect(valid).toContain(null);
    expect(valid.some((url) => typeof url === 'string' && url !== '')).toBe(true);
  });
});

describe('receipts.json', () => {
  const file = readVectorFile<{
    valid: { name: string; receipt: unknown; options: object }[];
    tampered: { name: string; receipt: unknown; options?: object; expectedReasons: string[] }[];
  }>('receipts.json');

  it.each(file.valid.map((v) => [v.name, v] as const))('valid: %s', async (_name, vector) => {
    expect(await verifyReceipt(vector.receipt, vector.options)).toEqual({
      verified: true,
      unverifiedReasons: [],
    });
  });

  it.each(file.tampered.map((v) => [v.name, v] as const))('tampered: %s', async (_name, vector) => {
    const result = await verifyReceipt(vector.receipt, vector.options);
    expect(result.verified).toBe(false);
    expect(result.unverifiedReasons.map((r) => r.code)).toEqual(vector.expectedReasons);
  });
});

describe('tlog-*.json', () => {
  it('replay: entries, every proof, checkpoints, cosignature, and each tampering refused', async () => {
    const report = await replayTlogVectors(P, (name) => Promise.resolve(readVectorFile(name)));
    expect(report.failures).toEqual([]);
    expect(report.entries).toBeGreaterThanOrEqual(8);
    expect(report.inclusionProofs).toBe((report.entries * (report.entries + 1)) / 2);
    expect(report.tampered).toBeGreaterThanOrEqual(14);
  });
});

describe('vector files', () => {
  it('are exactly what the generator produces (regenerate after any protocol change)', async () => {
    const expected = await buildVectors();
    expect(Object.keys(expected).sort()).toEqual([...VECTOR_FILES].sort());
    for (const name of VECTOR_FILES) {
      expect(readVectorFile(name), name).toEqual(JSON.parse(JSON.stringify(expected[name])));
    }
  });
});
