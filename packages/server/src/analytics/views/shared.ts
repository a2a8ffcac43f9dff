import { daysSince, isStale, type FreshnessKind } from '../freshness.js';
import type { AgentRow } from '../repository.js';
import {
  confidenceLabel,
  directoryScore,
  evaluateEvidence,
  evidenceStatus,
  productivityScore,
  recencyBoost,
  recencyScore,
  signalScore,
  type ConfidenceLabel,
  type Evidence,
  type LegStatus,
} from '../scoring.js';
import type { AnalyticsSnapshot } from '../snapshot.js';

export const iso = (value: Date): string => value.toISOString();
export const isoOrNull = (value: Date | null): string | null =>
  value === null ? null : iso(value);

export function freshness(kind: FreshnessKind, refreshedAt: Date, now: Date) {
  return { refreshedAt: iso(refreshedAt), stale: isStale(kind, refreshedAt, now) };
}

export interface PageQuery {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Applies offset/limit after sorting; no limit means every row. */
export function paginate<T>(rows: T[], query: PageQuery): T[] {
  const offset = query.offset ?? 0;
  return rows.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
}

/**
 * Keeps the rows whose text fields contain `search` (case-insensitive); no search keeps every row.
 * Runs over the whole dataset before sorting and paging.
 */
export function bySearch<T>(
  search: string | undefined,
  fields: (row: T) => Array<string | null | undefined>,
): (row: T) => boolean {
  const needle = search?.trim().toLowerCase() ?? '';
  if (needle === '') return () => true;
  return (row) =>
    fields(row).some((field) => typeof field === 'string' && field.toLowerCase().includes(needle));
}

/** A descending (or ascending) comparator over a numeric key with nulls last, then by name. */
export function byNumber<T extends { name: string }>(
  key: (row: T) => number | null,
  order: 'asc' | 'desc' = 'desc',
): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null)
      return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    const diff = order === 'desc' ? y - x : x - y;
    return diff !== 0 ? diff : a.name.localeCompare(b.name);
  };
}

export function byName<T extends { name: string }>(order: 'asc' | 'desc' = 'asc') {
  return (a: T, b: T) => (order === 'asc' ? 1 : -1) * a.name.localeCompare(b.name);
}

/** Everything the rules derive from one agent at `now`. */
export interface AgentScores {
  evidence: Evidence;
  evidenceStatus: LegStatus;
  confidence: ConfidenceLabel;
  signalScore: number;
  recencyBoost: number;
  recency: number;
  productivity: number | null;
  score: number;
  status: 'active' | 'idle';
  tokenMarketCapUsd: number | null;
}

export function scoreAgent(agent: AgentRow, snapshot: AnalyticsSnapshot, now: Date): AgentScores {
  const coin = agent.coin_id === null ? undefined : snapshot.coinById.get(agent.coin_id);
  const inputs = {
    walletAddress: agent.wallet_address,
    walletBalanceUsd: agent.wallet_balance_usd,
    revenue30dUsd: agent.revenue_30d_usd,
    revenue182dUsd: agent.revenue_182d_usd,
    x402VolumeUsd: agent.x402_volume_30d_usd,
    x402Transactions: agent.x402_transactions_30d,
    coinLinked: agent.coin_id !== null,
    tokenMarketCapUsd: coin?.market_cap_usd ?? null,
    protocol: agent.protocol,
    site: agent.site,
    twitter: agent.twitter,
    lastSeenAt: agent.last_seen_at,
  };
  const evidence = evaluateEvidence(inputs, now);
  const recency = recencyScore(agent.last_seen_at, now);
  const productivity = productivityScore(
    agent.productivity_frequency,
    agent.productivity_success_rate,
    recency,
  );
  return {
    evidence,
    evidenceStatus: evidenceStatus(evidence),
    confidence: confidenceLabel(evidence),
    signalScore: signalScore(inputs, now),
    recencyBoost: Math.round(recencyBoost(agent.last_seen_at, now) * 100) / 100,
    recency,
    productivity,
    score: directoryScore(agent.x402_score, productivity, agent.revenue_30d_usd),
    status:
      agent.last_seen_at !== null && daysSince(agent.last_seen_at, now) <= 7 ? 'active' : 'idle',
    tokenMarketCapUsd: coin?.market_cap_usd ?? null,
  };
}

/** Every agent with its scores, ranked by signal score (ties by name, then id). */
export function rankAgents(
  snapshot: AnalyticsSnapshot,
  now: Date,
): Array<{ agent: AgentRow; scores: AgentScores; rank: number }> {
  const ranked = snapshot.agents
    .map((agent) => ({ agent, scores: scoreAgent(agent, snapshot, now), rank: 0 }))
    .sort(
      (a, b) =>
        b.scores.signalScore - a.scores.signalScore ||
        a.agent.name.localeCompare(b.agent.name) ||
        a.agent.id.localeCompare(b.agent.id),
    );
  ranked.forEach((entry, index) => (entry.rank = index + 1));
  return ranked;
}

export const emptySparkline = (snapshot: AnalyticsSnapshot): Array<number | null> =>
  snapshot.weeks.map(() => null);

export const round2 = (value: number): number => Math.round(value * 100) / 100;
