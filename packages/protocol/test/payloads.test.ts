import { describe, expect, it } from 'vitest';
import {
  canonicalApplication,
  canonicalJudgement,
  canonicalTokenClaim,
  publicKeyFromSeed,
  signApplication,
  signJudgement,
  signTokenClaim,
  verifyApplication,
  verifyJudgement,
  verifyTokenClaim,
  type Judgement,
  type TokenClaim,
} from '@convene/protocol';

const SEED = 'AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=';

describe('application payload', () => {
  it('orders name, contact, lens, publicKey and omits an absent lens', () => {
    expect(canonicalApplication({ name: 'A', contact: 'c', lens: 'l', publicKey: 'K' })).toBe(
      '{"name":"A","contact":"c","lens":"l","publicKey":"K"}',
    );
    expect(canonicalApplication({ publicKey: 'K', contact: 'c', name: 'A' })).toBe(
      '{"name":"A","contact":"c","publicKey":"K"}',
    );
    expect(canonicalApplication({ name: 'A', contact: 'c', lens: null, publicKey: 'K' })).toBe(
      '{"name":"A","contact":"c","publicKey":"K"}',
    );
    expect(canonicalApplication({ name: 'A', contact: 'c', lens: '', publicKey: 'K' })).toBe(
      '{"name":"A","contact":"c","lens":"","publicKey":"K"}',
    );
  });

  it('verifies against its own public key only', async () => {
    const publicKey = await publicKeyFromSeed(SEED);
    const application = { name: 'Athena', contact: 'a@example.org', lens: 'risk', publicKey };
    const signature = await signApplication(application, SEED);
    expect(await verifyApplication(application, signature)).toBe(true);
    for (const change of [{ name: 'Athena2' }, { contact: 'b@example.org' }, { lens: null }]) {
      expect(await verifyApplication({ ...application, ...change }, signature)).toBe(false);
    }
    const otherKey = await publicKeyFromSeed('AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwM=');
    expect(await verifyApplication({ ...application, publicKey: otherKey }, signature)).toBe(false);
  });
});

describe('token-claim proof', () => {
  const claim: TokenClaim = {
    memberId: 'm',
    challenge: 'c',
    expiresAt: '2026-07-14T22:55:00.000Z',
  };

  it('is purpose, memberId, challenge, expiresAt', () => {
    expect(canonicalTokenClaim(claim)).toBe(
      '{"purpose":"swarm-token-claim-v1","memberId":"m","challenge":"c","expiresAt":"2026-07-14T22:55:00.000Z"}',
    );
  });

  it('signs and verifies; any field change fails', async () => {
    const publicKey = await publicKeyFromSeed(SEED);
    const signature = await signTokenClaim(claim, SEED);
    expect(await verifyTokenClaim(claim, signature, publicKey)).toBe(true);
    for (const change of [
      { memberId: 'n' },
      { challenge: 'd' },
      { expiresAt: '2026-07-14T22:56:00.000Z' },
    ]) {
      expect(await verifyTokenClaim({ ...claim, ...change }, signature, publicKey)).toBe(false);
    }
    expect(await verifyTokenClaim(claim, 'garbage', publicKey)).toBe(false);
  });
});

describe('judgement', () => {
  const judgement: Judgement = {
    sessionId: 's',
    memberId: 'j',
    releaseSafety: 'safe',
    rationale: 'r',
    disagreements: ['x', 'y'],
  };

  it('is purpose, sessionId, memberId, releaseSafety, rationale, disagreements', () => {
    expect(canonicalJudgement(judgement)).toBe(
      '{"purpose":"swarm-judgement-v1","sessionId":"s","memberId":"j","releaseSafety":"safe","rationale":"r","disagreements":["x","y"]}',
    );
  });

  it('signs and verifies; any field change fails', async () => {
    const publicKey = await publicKeyFromSeed(SEED);
    const signature = await signJudgement(judgement, SEED);
    expect(await verifyJudgement(judgement, signature, publicKey)).toBe(true);
    const changes: Partial<Judgement>[] = [
      { sessionId: 't' },
      { memberId: 'k' },
      { releaseSafety: 'unsafe' },
      { rationale: 'r2' },
      { disagreements: ['y', 'x'] },
    ];
    for (const change of changes) {
      expect(await verifyJudgement({ ...judgement, ...change }, signature, publicKey)).toBe(false);
    }
  });
});
