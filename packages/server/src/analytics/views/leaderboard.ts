import { staleAfterMs } from '../freshness.js';
import { ListIndex, memoByObject, type Ordering } from '../list-index.js';
import type { AgentRow } from '../repository.js';
import type { LeaderboardQuery, LeaderboardResponse } from '../schemas/market.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import {
  agentSignal,
  bySignal,
  freshness,
  iso,
  isoOrNull,
  scoreAgent,
  sum,
  ttlWindow,
} from './shared.js';

export const SIGNAL_FORMULA =
  'signalScore = log10(revenue30d×5 + walletBalance×2 + x402Volume×1.5 + tokenMcap×0.15 + 1)×100 + recencyBoost (10 fading linearly to 0 over 10 days since lastSeenAt)';

const boardIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(snapshot.agents, {
      text: (agent) => [agent.name, agent.protocol, agent.wallet_address],
    }),
);

/**
 * The signal ranking is a function of the clock (the recency boost), so it is sorted on the scores
 * at the first request of each TTL window and kept for the window, with every order built on it.
 */
function ranking(snapshot: AnalyticsSnapshot, now: Date): Ordering<AgentRow> {
  return boardIndex(snapshot).sorted(
    'rank',
    () => {
      const signal = new Map(
        snapshot.agents.map((agent) => [agent, agentSignal(agent, snapshot, now)]),
      );
      return bySignal((agent) => signal.get(agent) ?? 0);
    },
    ttlWindow(now),
  );
}

/** The leaderboard in the requested order; ties keep the ranking's order. */
function leaderboardOrdering(
  snapshot: AnalyticsSnapshot,
  now: Date,
  query: LeaderboardQuery,
): Ordering<AgentRow> {
  const index = boardIndex(snapshot);
  const ranked = ranking(snapshot, now);
  const stamp = ttlWindow(now);
  const sort = query.sort ?? 'rank';
  if (sort === 'rank') {
    if (query.order !== 'asc') return ranked;
    return index.derived('rank:asc', () => [...ranked.rows].reverse(), stamp);
  }
  const byRank = (a: AgentRow, b: AgentRow) => index.place(ranked, a) - index.place(ranked, b);
  if (sort === 'name') {
    const direction = query.order === 'desc' ? -1 : 1;
    return index.sorted(
      `name:${direction}`,
      () => (a, b) => direction * a.name.localeCompare(b.name) || byRank(a, b),
      stamp,
    );
  }
  const value = {
    balance: (agent: AgentRow) => agent.wallet_balance_usd,
    revenue30d: (agent: AgentRow) => agent.revenue_30d_usd,
    x402Volume: (agent: AgentRow) => agent.x402_volume_30d_usd,
  }[sort];
  const direction = query.order === 'asc' ? 1 : -1;
  return index.sorted(
    `${sort}:${direction}`,
    () => (a, b) => direction * (value(a) - value(b)) || byRank(a, b),
    stamp,
  );
}

/** Money legs only, so the clock does not change it; summed in rank order as it always was. */
const verifiedBalance = memoByObject((ranked: Ordering<AgentRow>) =>
  sum(
    ranked.rows
      .filter((agent) => agent.wallet_balance_usd > 0)
      .map((agent) => agent.wallet_balance_usd),
  ),
);

const boardTotals = memoByObject((snapshot: AnalyticsSnapshot, now: Date) => ({
  moneyIn30dUsd: sum(snapshot.agents.map((agent) => agent.revenue_30d_usd)),
  highConfidenceCount: snapshot.agents.filter(
    (agent) => scoreAgent(agent, snapshot, now).confidence === 'High',
  ).length,
}));

/** Each source's refresh times, ascending: how many are fresh at `now` is one binary search. */
const refreshTimes = memoByObject((snapshot: AnalyticsSnapshot) => {
  const times = (rows: Array<{ refreshed_at: Date }>) =>
    Float64Array.from(rows, (row) => row.refreshed_at.getTime()).sort();
  return {
    agents: times(snapshot.agents),
    coins: times(snapshot.coins),
    vaults: times(snapshot.vaults),
    wallets: times(snapshot.wallets),
    projects: times(snapshot.projects),
  };
});

const HEALTH_KINDS = {
  agents: 'agent',
  coins: 'coin',
  vaults: 'vault',
  wallets: 'wallet',
  projects: 'project',
} as const;

function sourceHealth(snapshot: AnalyticsSnapshot, now: Date): LeaderboardResponse['health'] {
  const sources = refreshTimes(snapshot);
  return (Object.keys(HEALTH_KINDS) as Array<keyof typeof HEALTH_KINDS>).map((source) => {
    const times = sources[source];
    const rows = times.length;
    const fresh = rows - firstAtLeast(times, now.getTime() - staleAfterMs(HEALTH_KINDS[source]));
    const latest = times[rows - 1];
    const status =
      rows === 0 ? 'empty' : fresh === rows ? 'healthy' : fresh > 0 ? 'partial' : 'stale';
    return {
      source,
      status,
      rows,
      freshRows: fresh,
      lastRefreshedAt: latest === undefined ? null : iso(new Date(latest)),
    };
  });
}

/** The first index of a sorted array whose value is at least `value`. */
function firstAtLeast(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function buildLeaderboard(
  snapshot: AnalyticsSnapshot,
  now: Date,
  query: LeaderboardQuery,
): LeaderboardResponse {
  const index = boardIndex(snapshot);
  const ranked = ranking(snapshot, now);
  const { total, rows } = index.select(leaderboardOrdering(snapshot, now, query), {
    search: query.search,
    limit: query.limit ?? 100,
    offset: query.offset,
  });
  const totals = boardTotals(snapshot, now);
  return {
    generatedAt: iso(now),
    formula: SIGNAL_FORMULA,
    stats: {
      listedAgents: snapshot.agents.length,
      verifiedWalletBalanceUsd: verifiedBalance(ranked),
      moneyIn30dUsd: totals.moneyIn30dUsd,
      highConfidenceCount: totals.highConfidenceCount,
    },
    health: sourceHealth(snapshot, now),
    total,
    agents: rows.map((agent) => {
      const scores = scoreAgent(agent, snapshot, now);
      const coin = agent.coin_id === null ? undefined : snapshot.coinById.get(agent.coin_id);
      return {
        rank: index.place(ranked, agent) + 1,
        id: agent.id,
        name: agent.name,
        protocol: agent.protocol,
        signalScore: scores.signalScore,
        recencyBoost: scores.recencyBoost,
        evidenceStatus: scores.evidenceStatus,
        confidence: scores.confidence,
        evidence: scores.evidence,
        revenue30dUsd: agent.revenue_30d_usd,
        walletBalanceUsd: agent.wallet_balance_usd,
        x402VolumeUsd: agent.x402_volume_30d_usd,
        tokenMarketCapUsd: scores.tokenMarketCapUsd,
        coin: coin === undefined ? null : { id: coin.id, symbol: coin.symbol },
        lastSeenAt: isoOrNull(agent.last_seen_at),
        ...freshness('agent', agent.refreshed_at, now),
      };
    }),
  };
}
