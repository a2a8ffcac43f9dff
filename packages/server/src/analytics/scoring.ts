import { daysSince } from './freshness.js';

/**
 * The leaderboard and directory rules (prior art §5, a documented approximation of the original):
 * six evidence legs, a confidence label from the four money legs, and the signal score.
 */
export type LegStatus = 'verified' | 'partial' | 'missing';
export type EvidenceLeg = 'wallet' | 'moneyIn' | 'x402' | 'token' | 'identity' | 'freshness';
export type ConfidenceLabel = 'High' | 'Medium' | 'Low';

export const EVIDENCE_LEGS: readonly EvidenceLeg[] = [
  'wallet',
  'moneyIn',
  'x402',
  'token',
  'identity',
  'freshness',
];
const MONEY_LEGS: readonly EvidenceLeg[] = ['wallet', 'moneyIn', 'x402', 'token'];

/** What the evidence rules read from an agent (and its linked coin). */
export interface EvidenceInputs {
  walletAddress: string | null;
  walletBalanceUsd: number;
  revenue30dUsd: number;
  revenue182dUsd: number;
  x402VolumeUsd: number;
  x402Transactions: number;
  coinLinked: boolean;
  tokenMarketCapUsd: number | null;
  protocol: string | null;
  site: string | null;
  twitter: string | null;
  lastSeenAt: Date | null;
}

export interface LegResult {
  status: LegStatus;
  /** Why the leg has this status, in words a reader can check against the agent's numbers. */
  detail: string;
}

export type Evidence = Record<EvidenceLeg, LegResult>;

const usd = (value: number): string =>
  `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

export function evaluateEvidence(agent: EvidenceInputs, now: Date): Evidence {
  const seenDays = agent.lastSeenAt === null ? null : daysSince(agent.lastSeenAt, now);
  const mcap = agent.tokenMarketCapUsd ?? 0;
  return {
    wallet:
      agent.walletBalanceUsd > 0
        ? { status: 'verified', detail: `wallet holds ${usd(agent.walletBalanceUsd)}` }
        : agent.walletAddress !== null
          ? { status: 'partial', detail: 'wallet address known, balance is zero' }
          : { status: 'missing', detail: 'no wallet address' },
    moneyIn:
      agent.revenue30dUsd > 0
        ? { status: 'verified', detail: `${usd(agent.revenue30dUsd)} revenue in 30 days` }
        : agent.revenue182dUsd > 0
          ? { status: 'partial', detail: 'revenue in the last 182 days but none in 30' }
          : { status: 'missing', detail: 'no revenue in 182 days' },
    x402:
      agent.x402VolumeUsd > 0
        ? { status: 'verified', detail: `${usd(agent.x402VolumeUsd)} x402 volume in 30 days` }
        : agent.x402Transactions > 0
          ? { status: 'partial', detail: 'x402 transactions without settled volume' }
          : { status: 'missing', detail: 'no x402 activity' },
    token:
      mcap > 0
        ? { status: 'verified', detail: `linked token market cap ${usd(mcap)}` }
        : agent.coinLinked
          ? { status: 'partial', detail: 'token linked, no market cap' }
          : { status: 'missing', detail: 'no linked token' },
    identity:
      agent.protocol !== null
        ? { status: 'verified', detail: `protocol ${agent.protocol}` }
        : agent.site !== null || agent.twitter !== null
          ? { status: 'partial', detail: 'site or twitter known, no protocol' }
          : { status: 'missing', detail: 'no protocol, site or twitter' },
    freshness:
      seenDays !== null && seenDays <= 7
        ? { status: 'verified', detail: 'seen within 7 days' }
        : seenDays !== null && seenDays <= 30
          ? { status: 'partial', detail: 'seen within 30 days' }
          : { status: 'missing', detail: seenDays === null ? 'never seen' : 'not seen in 30 days' },
  };
}

/** High: at least 3 of {wallet, moneyIn, x402, token} verified; Medium: 2; otherwise Low. */
export function confidenceLabel(evidence: Evidence): ConfidenceLabel {
  const verified = MONEY_LEGS.filter((leg) => evidence[leg].status === 'verified').length;
  return verified >= 3 ? 'High' : verified === 2 ? 'Medium' : 'Low';
}

/**
 * Ours (prior art gives only the legs): `verified` when at least four legs are verified and none is
 * missing; `missing` when none of the four money legs has any evidence; otherwise `partial`.
 */
export function evidenceStatus(evidence: Evidence): LegStatus {
  const statuses = EVIDENCE_LEGS.map((leg) => evidence[leg].status);
  const verified = statuses.filter((status) => status === 'verified').length;
  if (verified >= 4 && !statuses.includes('missing')) return 'verified';
  if (MONEY_LEGS.every((leg) => evidence[leg].status === 'missing')) return 'missing';
  return 'partial';
}

/** 10 points when seen now, fading linearly to 0 at 10 days. */
export function recencyBoost(lastSeenAt: Date | null, now: Date): number {
  if (lastSeenAt === null) return 0;
  return 10 * Math.max(0, 1 - daysSince(lastSeenAt, now) / 10);
}

/** log10(revenue30d×5 + walletBalance×2 + x402Volume×1.5 + tokenMcap×0.15 + 1)×100 + recency boost. */
export function signalScore(agent: EvidenceInputs, now: Date): number {
  const weighted =
    agent.revenue30dUsd * 5 +
    agent.walletBalanceUsd * 2 +
    agent.x402VolumeUsd * 1.5 +
    (agent.tokenMarketCapUsd ?? 0) * 0.15;
  return round2(Math.log10(weighted + 1) * 100 + recencyBoost(agent.lastSeenAt, now));
}

/** Recency sub-score of productivity: 100 when seen now, halving every 7 days without activity. */
export function recencyScore(lastSeenAt: Date | null, now: Date): number {
  if (lastSeenAt === null) return 0;
  return round2(100 * 0.5 ** (daysSince(lastSeenAt, now) / 7));
}

/** Transaction frequency 40% + success rate 30% + recency 30%, each 0–100; null without inputs. */
export function productivityScore(
  frequency: number | null,
  successRate: number | null,
  recency: number,
): number | null {
  if (frequency === null || successRate === null) return null;
  return round2(frequency * 0.4 + successRate * 0.3 + recency * 0.3);
}

/** Directory score = max(x402Score, productivityScore, min(100, log10(revenue30d+1)×25)). */
export function directoryScore(
  x402Score: number | null,
  productivity: number | null,
  revenue30dUsd: number,
): number {
  return round2(
    Math.max(x402Score ?? 0, productivity ?? 0, Math.min(100, Math.log10(revenue30dUsd + 1) * 25)),
  );
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
