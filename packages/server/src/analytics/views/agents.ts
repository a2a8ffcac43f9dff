import { addDays } from '../freshness.js';
import type { AgentRow } from '../repository.js';
import { EVIDENCE_LEGS } from '../scoring.js';
import type { AgentDetail, AgentDirectoryRow, AgentsQuery } from '../schemas/agents.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import { ListIndex, memoByObject } from '../list-index.js';
import {
  agentScore,
  agentStatus,
  byNumber,
  emptySparkline,
  freshness,
  iso,
  isoOrNull,
  nameOf,
  rankAgents,
  round2,
  scoreAgent,
  staticOrdering,
  ttlWindow,
} from './shared.js';

function coinLink(snapshot: AnalyticsSnapshot, agent: AgentRow) {
  const coin = agent.coin_id === null ? undefined : snapshot.coinById.get(agent.coin_id);
  return coin === undefined
    ? null
    : { id: coin.id, symbol: coin.symbol, marketCapUsd: coin.market_cap_usd };
}

export function directoryRow(
  snapshot: AnalyticsSnapshot,
  agent: AgentRow,
  now: Date,
  blank: Array<number | null>,
): AgentDirectoryRow {
  const scores = scoreAgent(agent, snapshot, now);
  return {
    id: agent.id,
    name: agent.name,
    protocol: agent.protocol,
    score: scores.score,
    status: scores.status,
    x402Score: agent.x402_score,
    x402Transactions: agent.x402_transactions_30d,
    x402VolumeUsd: agent.x402_volume_30d_usd,
    walletAddress: agent.wallet_address,
    walletBalanceUsd: agent.wallet_balance_usd,
    earned30dUsd: agent.revenue_30d_usd,
    tokenTax30dUsd: agent.token_tax_30d_usd,
    inflow30dUsd: agent.inflow_30d_usd,
    coin: coinLink(snapshot, agent),
    productivityScore: scores.productivity,
    lastSeenAt: isoOrNull(agent.last_seen_at),
    sparklines: {
      revenue: snapshot.series.agentRevenue.get(agent.id) ?? blank,
      x402Volume: snapshot.series.agentX402.get(agent.id) ?? blank,
      balance: snapshot.series.agentBalance.get(agent.id) ?? blank,
    },
    ...freshness('agent', agent.refreshed_at, now),
  };
}

const directoryIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(snapshot.agents, {
      text: (agent) => [
        agent.name,
        agent.protocol,
        agent.wallet_address,
        coinLink(snapshot, agent)?.symbol,
      ],
      facets: { protocol: (agent) => agent.protocol },
    }),
);

const AGENT_KEYS = {
  revenue30d: (agent: AgentRow) => agent.revenue_30d_usd,
  x402Volume: (agent: AgentRow) => agent.x402_volume_30d_usd,
  balance: (agent: AgentRow) => agent.wallet_balance_usd,
  lastSeen: (agent: AgentRow) => agent.last_seen_at?.getTime() ?? null,
};

/**
 * The score is a function of the clock (productivity's recency), so its order is sorted on the scores
 * at the first request of each TTL window and kept for the window; every other key once per snapshot.
 */
function directoryOrdering(snapshot: AnalyticsSnapshot, now: Date, query: AgentsQuery) {
  const index = directoryIndex(snapshot);
  const sort = query.sort ?? 'score';
  if (sort !== 'score') return staticOrdering(index, AGENT_KEYS, sort, query.order, nameOf);
  const direction = query.order ?? 'desc';
  return index.sorted(
    `score:${direction}`,
    () => {
      const score = new Map(snapshot.agents.map((agent) => [agent, agentScore(agent, now)]));
      return byNumber<AgentRow>((agent) => score.get(agent) ?? null, direction, nameOf);
    },
    ttlWindow(now),
  );
}

export function buildDirectory(snapshot: AnalyticsSnapshot, now: Date, query: AgentsQuery) {
  const blank = emptySparkline(snapshot);
  const { status } = query;
  const { total, rows } = directoryIndex(snapshot).select(directoryOrdering(snapshot, now, query), {
    search: query.search,
    facets: { protocol: query.protocol },
    keep: status === undefined ? undefined : (agent) => agentStatus(agent, now) === status,
    offset: query.offset,
    limit: query.limit,
  });
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total,
    agents: rows.map((agent) => directoryRow(snapshot, agent, now, blank)),
  };
}

export interface AgentDay {
  date: string;
  revenue_usd: number;
  x402_volume_usd: number;
  x402_transactions: number;
  wallet_balance_usd: number | null;
}

export function buildAgentDetail(
  snapshot: AnalyticsSnapshot,
  agent: AgentRow,
  days: AgentDay[],
  now: Date,
): AgentDetail {
  const ranked = rankAgents(snapshot, now);
  const entry = ranked.find((candidate) => candidate.agent.id === agent.id);
  const scores = entry?.scores ?? scoreAgent(agent, snapshot, now);
  const verified = EVIDENCE_LEGS.filter((leg) => scores.evidence[leg].status === 'verified');
  const curated = Array.isArray(agent.why_included) ? agent.why_included : [];
  return {
    generatedAt: iso(now),
    id: agent.id,
    name: agent.name,
    protocol: agent.protocol,
    description: agent.description,
    site: agent.site,
    twitter: agent.twitter,
    projectSlug: agent.project_slug,
    walletAddress: agent.wallet_address,
    walletBalanceUsd: agent.wallet_balance_usd,
    status: scores.status,
    confidence: agent.source_confidence,
    score: scores.score,
    x402: {
      score: agent.x402_score,
      transactions: agent.x402_transactions_30d,
      volumeUsd: agent.x402_volume_30d_usd,
      resources: agent.x402_resources,
    },
    revenue: {
      revenue30dUsd: agent.revenue_30d_usd,
      revenue182dUsd: agent.revenue_182d_usd,
      cumulativeUsd: agent.revenue_cumulative_usd,
      tokenTax30dUsd: agent.token_tax_30d_usd,
      inflow30dUsd: agent.inflow_30d_usd,
    },
    productivity: {
      score: scores.productivity,
      frequency: agent.productivity_frequency,
      successRate: agent.productivity_success_rate,
      recency: scores.recency,
    },
    coin: coinLink(snapshot, agent),
    signal: {
      signalScore: scores.signalScore,
      rank: entry?.rank ?? ranked.length,
      evidenceStatus: scores.evidenceStatus,
      confidence: scores.confidence,
    },
    evidence: scores.evidence,
    whyIncluded: [...curated, ...verified.map((leg) => `${leg}: ${scores.evidence[leg].detail}`)],
    openGaps: EVIDENCE_LEGS.filter((leg) => scores.evidence[leg].status !== 'verified').map(
      (leg) => `${leg} ${scores.evidence[leg].status}: ${scores.evidence[leg].detail}`,
    ),
    trust: {
      sourceConfidence: agent.source_confidence,
      operatorVerified: agent.trust_operator_verified,
      codePublic: agent.trust_code_public,
      audited: agent.trust_audited,
      incidents: agent.trust_incidents,
      verifiedLegs: verified.length,
    },
    managedVaults: snapshot.vaults
      .filter((vault) => vault.manager_agent_id === agent.id)
      .map((vault) => ({
        id: vault.id,
        name: vault.name,
        status: vault.status,
        tvlUsd: vault.tvl_usd,
        apyPct: vault.apy_pct,
      })),
    trackedWallets: snapshot.wallets
      .filter((wallet) => wallet.agent_id === agent.id)
      .map((wallet) => ({
        id: wallet.id,
        label: wallet.label,
        address: wallet.address,
        chain: wallet.chain,
        balanceUsd: wallet.balance_usd,
      })),
    weekly: weeklyFromDays(snapshot.weeks, days),
    listedAt: iso(agent.listed_at),
    lastSeenAt: isoOrNull(agent.last_seen_at),
    ...freshness('agent', agent.refreshed_at, now),
  };
}

function weeklyFromDays(weeks: string[], days: AgentDay[]): AgentDetail['weekly'] {
  return weeks.map((weekStart) => {
    const end = addDays(weekStart, 7);
    const inWeek = days.filter((day) => day.date >= weekStart && day.date < end);
    if (inWeek.length === 0) {
      return {
        weekStart,
        revenueUsd: null,
        x402VolumeUsd: null,
        x402Transactions: null,
        walletBalanceUsd: null,
      };
    }
    const balances = inWeek.filter((day) => day.wallet_balance_usd !== null);
    return {
      weekStart,
      revenueUsd: round2(inWeek.reduce((total, day) => total + day.revenue_usd, 0)),
      x402VolumeUsd: round2(inWeek.reduce((total, day) => total + day.x402_volume_usd, 0)),
      x402Transactions: inWeek.reduce((total, day) => total + day.x402_transactions, 0),
      walletBalanceUsd: balances.at(-1)?.wallet_balance_usd ?? null,
    };
  });
}

/** The first day of the agent's 26-week history window. */
export const agentHistoryStart = (snapshot: AnalyticsSnapshot): string =>
  snapshot.weeks[0] ?? snapshot.today;
