import { BODY_TTL_MS, daysSince, isStale, type FreshnessKind } from '../freshness.js';
import type { ListIndex, Ordering } from '../list-index.js';
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
  type EvidenceInputs,
  type LegStatus,
} from '../scoring.js';
import type { AnalyticsSnapshot } from '../snapshot.js';

export const iso = (value: Date): string => value.toISOString();
export const isoOrNull = (value: Date | null): string | null =>
  value === null ? null : iso(value);

export function freshness(kind: FreshnessKind, refreshedAt: Date, now: Date) {
  return { refreshedAt: iso(refreshedAt), stale: isStale(kind, refreshedAt, now) };
}

/** A row's name for the tie-break of every sort. */
export const nameOf = (row: { name: string }): string => row.name;

/** A descending (or ascending) comparator over a numeric key with nulls last, then by name. */
export function byNumber<T>(
  key: (row: T) => number | null,
  order: 'asc' | 'desc' = 'desc',
  name: (row: T) => string,
): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null)
      return x === y ? name(a).localeCompare(name(b)) : x === null ? 1 : -1;
    const diff = order === 'desc' ? y - x : x - y;
    return diff !== 0 ? diff : name(a).localeCompare(name(b));
  };
}

export function byName<T>(order: 'asc' | 'desc' = 'asc', name: (row: T) => string) {
  return (a: T, b: T) => (order === 'asc' ? 1 : -1) * name(a).localeCompare(name(b));
}

/**
 * The sort a list request names, as an index ordering: numeric keys default to descending, `name` to
 * ascending, and each (key, direction) is sorted once per snapshot.
 */
export function staticOrdering<T, K extends string>(
  index: ListIndex<T>,
  keys: Record<Exclude<K, 'name'>, (row: T) => number | null>,
  sort: K,
  order: 'asc' | 'desc' | undefined,
  name: (row: T) => string,
): Ordering<T> {
  if (sort === 'name') {
    const direction = order ?? 'asc';
    return index.sorted(`name:${direction}`, () => byName(direction, name));
  }
  const direction = order ?? 'desc';
  const key = keys[sort as Exclude<K, 'name'>];
  return index.sorted(`${sort}:${direction}`, () => byNumber(key, direction, name));
}

/** The TTL window `now` falls in: clock-dependent orders are rebuilt once per window. */
export const ttlWindow = (now: Date): number => Math.floor(now.getTime() / BODY_TTL_MS);

export function agentStatus(agent: AgentRow, now: Date): 'active' | 'idle' {
  return agent.last_seen_at !== null && daysSince(agent.last_seen_at, now) <= 7 ? 'active' : 'idle';
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

function evidenceInputs(agent: AgentRow, snapshot: AnalyticsSnapshot): EvidenceInputs {
  const coin = agent.coin_id === null ? undefined : snapshot.coinById.get(agent.coin_id);
  return {
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
}

function productivityAt(agent: AgentRow, now: Date) {
  const recency = recencyScore(agent.last_seen_at, now);
  const productivity = productivityScore(
    agent.productivity_frequency,
    agent.productivity_success_rate,
    recency,
  );
  return { recency, productivity };
}

/** The directory score alone (what its sort needs), without the evidence. */
export function agentScore(agent: AgentRow, now: Date): number {
  const { productivity } = productivityAt(agent, now);
  return directoryScore(agent.x402_score, productivity, agent.revenue_30d_usd);
}

/** The signal score alone (what the ranking needs), without the evidence. */
export const agentSignal = (agent: AgentRow, snapshot: AnalyticsSnapshot, now: Date): number =>
  signalScore(evidenceInputs(agent, snapshot), now);

export function scoreAgent(agent: AgentRow, snapshot: AnalyticsSnapshot, now: Date): AgentScores {
  const inputs = evidenceInputs(agent, snapshot);
  const evidence = evaluateEvidence(inputs, now);
  const { recency, productivity } = productivityAt(agent, now);
  return {
    evidence,
    evidenceStatus: evidenceStatus(evidence),
    confidence: confidenceLabel(evidence),
    signalScore: signalScore(inputs, now),
    recencyBoost: Math.round(recencyBoost(agent.last_seen_at, now) * 100) / 100,
    recency,
    productivity,
    score: directoryScore(agent.x402_score, productivity, agent.revenue_30d_usd),
    status: agentStatus(agent, now),
    tokenMarketCapUsd: inputs.tokenMarketCapUsd,
  };
}

/** Highest signal score first, ties by name, then id. */
export const bySignal =
  (signal: (agent: AgentRow) => number) =>
  (a: AgentRow, b: AgentRow): number =>
    signal(b) - signal(a) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Every agent with its scores, ranked by signal score (ties by name, then id). */
export function rankAgents(
  snapshot: AnalyticsSnapshot,
  now: Date,
): Array<{ agent: AgentRow; scores: AgentScores; rank: number }> {
  const scores = new Map(snapshot.agents.map((agent) => [agent, scoreAgent(agent, snapshot, now)]));
  const scoresOf = (agent: AgentRow) => scores.get(agent) ?? scoreAgent(agent, snapshot, now);
  return [...snapshot.agents]
    .sort(bySignal((agent) => scoresOf(agent).signalScore))
    .map((agent, index) => ({ agent, scores: scoresOf(agent), rank: index + 1 }));
}

export const emptySparkline = (snapshot: AnalyticsSnapshot): Array<number | null> =>
  snapshot.weeks.map(() => null);

export const round2 = (value: number): number => Math.round(value * 100) / 100;

export const sum = (values: number[]): number =>
  round2(values.reduce((total, value) => total + value, 0));
