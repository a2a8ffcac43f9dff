import { describe, expect, test } from 'vitest';
import {
  confidenceLabel,
  directoryScore,
  evaluateEvidence,
  evidenceStatus,
  productivityScore,
  recencyBoost,
  recencyScore,
  signalScore,
  type EvidenceInputs,
} from '../../src/analytics/scoring.js';
import { isStale } from '../../src/analytics/freshness.js';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const base: EvidenceInputs = {
  walletAddress: '0xabc',
  walletBalanceUsd: 100,
  revenue30dUsd: 10,
  revenue182dUsd: 50,
  x402VolumeUsd: 5,
  x402Transactions: 3,
  coinLinked: true,
  tokenMarketCapUsd: 1000,
  protocol: 'x402',
  site: null,
  twitter: null,
  lastSeenAt: daysAgo(1),
};

describe('evidence legs (prior art §5 rules)', () => {
  test('verified when the money is there', () => {
    const evidence = evaluateEvidence(base, now);
    for (const leg of Object.values(evidence)) expect(leg.status).toBe('verified');
    expect(confidenceLabel(evidence)).toBe('High');
    expect(evidenceStatus(evidence)).toBe('verified');
  });

  test('partial legs: address without balance, older revenue, transactions without volume, coin without cap, seen within 30 days', () => {
    const evidence = evaluateEvidence(
      {
        ...base,
        walletBalanceUsd: 0,
        revenue30dUsd: 0,
        x402VolumeUsd: 0,
        tokenMarketCapUsd: null,
        protocol: null,
        twitter: '@x',
        lastSeenAt: daysAgo(20),
      },
      now,
    );
    expect(Object.values(evidence).map((leg) => leg.status)).toEqual(Array(6).fill('partial'));
    expect(confidenceLabel(evidence)).toBe('Low');
    expect(evidenceStatus(evidence)).toBe('partial');
  });

  test('missing legs and labels', () => {
    const evidence = evaluateEvidence(
      {
        ...base,
        walletAddress: null,
        walletBalanceUsd: 0,
        revenue30dUsd: 0,
        revenue182dUsd: 0,
        x402VolumeUsd: 0,
        x402Transactions: 0,
        coinLinked: false,
        tokenMarketCapUsd: null,
        protocol: null,
        lastSeenAt: daysAgo(31),
      },
      now,
    );
    expect(Object.values(evidence).map((leg) => leg.status)).toEqual(Array(6).fill('missing'));
    expect(evidenceStatus(evidence)).toBe('missing');
  });

  test('confidence counts verified money legs: 2 → Medium, 3 → High', () => {
    const two = evaluateEvidence(
      { ...base, x402VolumeUsd: 0, coinLinked: false, tokenMarketCapUsd: null },
      now,
    );
    expect(confidenceLabel(two)).toBe('Medium');
    const three = evaluateEvidence({ ...base, x402VolumeUsd: 0 }, now);
    expect(confidenceLabel(three)).toBe('High');
  });
});

describe('scores', () => {
  test('signalScore follows the documented formula with a recency boost from the clock', () => {
    const inputs = {
      ...base,
      revenue30dUsd: 1000,
      walletBalanceUsd: 500,
      x402VolumeUsd: 200,
      tokenMarketCapUsd: 10_000,
    };
    const expected = Math.log10(1000 * 5 + 500 * 2 + 200 * 1.5 + 10_000 * 0.15 + 1) * 100 + 9;
    expect(signalScore(inputs, now)).toBeCloseTo(expected, 1);
    expect(recencyBoost(daysAgo(0), now)).toBe(10);
    expect(recencyBoost(daysAgo(5), now)).toBeCloseTo(5);
    expect(recencyBoost(daysAgo(10), now)).toBe(0);
    expect(recencyBoost(null, now)).toBe(0);
  });

  test('productivity and directory scores', () => {
    expect(recencyScore(daysAgo(7), now)).toBe(50);
    expect(productivityScore(80, 90, 50)).toBe(32 + 27 + 15);
    expect(productivityScore(null, 90, 50)).toBeNull();
    expect(directoryScore(null, null, 9999)).toBe(100);
    expect(directoryScore(42, 30, 0)).toBe(42);
  });

  test('stale follows the kind’s window, never a constant', () => {
    expect(isStale('agent', new Date(now.getTime() - 35 * 3_600_000), now)).toBe(false);
    expect(isStale('agent', new Date(now.getTime() - 37 * 3_600_000), now)).toBe(true);
    expect(isStale('coin', new Date(now.getTime() - 4 * 3_600_000), now)).toBe(true);
  });
});
