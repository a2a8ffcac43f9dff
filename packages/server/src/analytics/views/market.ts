import { isStale, type FreshnessKind } from '../freshness.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import type {
  EntitiesQuery,
  EntityRow,
  LeaderboardQuery,
  LeaderboardResponse,
  MarketOverview,
} from '../schemas/market.js';
import {
  byName,
  byNumber,
  bySearch,
  emptySparkline,
  freshness,
  iso,
  isoOrNull,
  paginate,
  rankAgents,
  round2,
} from './shared.js';

const sum = (values: number[]): number => round2(values.reduce((total, value) => total + value, 0));

function top<T>(
  rows: T[],
  value: (row: T) => number | null,
  n: number,
  ref: (row: T) => { id: string; name: string },
) {
  return rows
    .filter((row) => value(row) !== null)
    .sort((a, b) => (value(b) ?? 0) - (value(a) ?? 0))
    .slice(0, n)
    .map((row) => ({ ...ref(row), value: round2(value(row) ?? 0) }));
}

export function buildOverview(snapshot: AnalyticsSnapshot, now: Date): MarketOverview {
  const ranked = rankAgents(snapshot, now);
  const vaultTvlUsd = sum(snapshot.vaults.map((vault) => vault.tvl_usd));
  const walletBalanceUsd = sum(snapshot.wallets.map((wallet) => wallet.balance_usd));
  const productivity = ranked
    .map((entry) => entry.scores.productivity)
    .filter((value) => value !== null);
  const refreshes = [
    ...snapshot.agents,
    ...snapshot.coins,
    ...snapshot.vaults,
    ...snapshot.wallets,
  ].map((row) => row.refreshed_at.getTime());
  const latest = new Date(refreshes.length === 0 ? 0 : Math.max(...refreshes));
  return {
    generatedAt: iso(now),
    refreshedAt: iso(latest),
    stale: refreshes.length === 0 || isStale('agent', latest, now),
    counts: {
      agents: snapshot.agents.length,
      activeAgents: ranked.filter((entry) => entry.scores.status === 'active').length,
      coins: snapshot.coins.length,
      vaults: snapshot.vaults.length,
      wallets: snapshot.wallets.length,
      projects: snapshot.projects.length,
    },
    vaultTvlUsd,
    totals: {
      vaultTvlUsd,
      walletBalanceUsd,
      totalAumUsd: round2(vaultTvlUsd + walletBalanceUsd),
      agentRevenue30dUsd: sum(snapshot.agents.map((agent) => agent.revenue_30d_usd)),
      x402Volume30dUsd: sum(snapshot.agents.map((agent) => agent.x402_volume_30d_usd)),
      coinMarketCapUsd: sum(snapshot.coins.map((coin) => coin.market_cap_usd ?? 0)),
    },
    vaultTvlSparkline7d: snapshot.vaultTvl7d,
    leaders: {
      agents: ranked.slice(0, 5).map(({ agent, scores }) => ({
        id: agent.id,
        name: agent.name,
        value: scores.signalScore,
      })),
      coins: top(
        snapshot.coins,
        (coin) => coin.market_cap_usd,
        5,
        (coin) => ({ id: coin.id, name: coin.name }),
      ),
      vaults: top(
        snapshot.vaults,
        (vault) => vault.tvl_usd,
        3,
        (vault) => ({ id: vault.id, name: vault.name }),
      ),
      wallets: top(
        snapshot.wallets,
        (wallet) => wallet.balance_usd,
        5,
        (wallet) => ({ id: wallet.id, name: wallet.label }),
      ),
    },
    avgProductivityScore:
      productivity.length === 0
        ? null
        : round2(productivity.reduce((a, b) => a + b, 0) / productivity.length),
  };
}

const TYPE_ORDER = { agent: 0, coin: 1, vault: 2, wallet: 3 } as const;

export function buildEntities(snapshot: AnalyticsSnapshot, now: Date, query: EntitiesQuery) {
  const blank = emptySparkline(snapshot);
  const rows: EntityRow[] = [];
  for (const agent of snapshot.agents) {
    rows.push({
      type: 'agent',
      id: agent.id,
      name: agent.name,
      contextLabel: 'x402 score',
      contextValue: agent.x402_score,
      revenueOrVolumeUsd: agent.revenue_30d_usd,
      balanceOrTvlUsd: agent.wallet_balance_usd,
      change24hPct: snapshot.agentChange24hPct.get(agent.id) ?? null,
      sparkline: snapshot.series.agentRevenue.get(agent.id) ?? blank,
      pending: agent.last_seen_at === null,
      ...freshness('agent', agent.refreshed_at, now),
    });
  }
  for (const coin of snapshot.coins) {
    rows.push({
      type: 'coin',
      id: coin.id,
      name: coin.name,
      contextLabel: 'market cap',
      contextValue: coin.market_cap_usd,
      revenueOrVolumeUsd: coin.volume_24h_usd,
      balanceOrTvlUsd: coin.market_cap_usd,
      change24hPct: coin.change_24h_pct,
      sparkline: snapshot.series.coinMarketCap.get(coin.id) ?? blank,
      pending: coin.price_usd === null,
      ...freshness('coin', coin.refreshed_at, now),
    });
  }
  for (const vault of snapshot.vaults) {
    rows.push({
      type: 'vault',
      id: vault.id,
      name: vault.name,
      contextLabel: 'APY',
      contextValue: vault.apy_pct,
      revenueOrVolumeUsd: null,
      balanceOrTvlUsd: vault.tvl_usd,
      change24hPct: vault.change_24h_pct,
      sparkline: snapshot.series.vaultTvl.get(vault.id) ?? blank,
      pending: vault.status === 'upcoming',
      ...freshness('vault', vault.refreshed_at, now),
    });
  }
  for (const wallet of snapshot.wallets) {
    rows.push({
      type: 'wallet',
      id: wallet.id,
      name: wallet.label,
      contextLabel: '30-day transactions',
      contextValue: wallet.tx_count_30d,
      revenueOrVolumeUsd: wallet.inflow_30d_usd,
      balanceOrTvlUsd: wallet.balance_usd,
      change24hPct: wallet.change_24h_pct,
      sparkline: snapshot.series.walletBalance.get(wallet.id) ?? blank,
      pending: wallet.last_active_at === null,
      ...freshness('wallet', wallet.refreshed_at, now),
    });
  }
  const filtered = rows
    .filter((row) => query.type === undefined || row.type === query.type)
    .filter(bySearch(query.search, (row) => [row.name, row.type]));
  const order = query.order;
  switch (query.sort) {
    case 'balance':
      filtered.sort(byNumber((row) => row.balanceOrTvlUsd, order));
      break;
    case 'revenue':
      filtered.sort(byNumber((row) => row.revenueOrVolumeUsd, order));
      break;
    case 'change24h':
      filtered.sort(byNumber((row) => row.change24hPct, order));
      break;
    case 'name':
      filtered.sort(byName(order));
      break;
    default: {
      const balance = byNumber<EntityRow>((row) => row.balanceOrTvlUsd);
      filtered.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || balance(a, b));
    }
  }
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total: filtered.length,
    entities: paginate(filtered, query),
  };
}

export const SIGNAL_FORMULA =
  'signalScore = log10(revenue30d×5 + walletBalance×2 + x402Volume×1.5 + tokenMcap×0.15 + 1)×100 + recencyBoost (10 fading linearly to 0 over 10 days since lastSeenAt)';

export function buildLeaderboard(
  snapshot: AnalyticsSnapshot,
  now: Date,
  query: LeaderboardQuery,
): LeaderboardResponse {
  const ranked = rankAgents(snapshot, now);
  const listed = sortLeaderboard(
    ranked.filter(
      bySearch(query.search, (entry) => [
        entry.agent.name,
        entry.agent.protocol,
        entry.agent.wallet_address,
      ]),
    ),
    query,
  );
  const sources: Array<[string, FreshnessKind, Array<{ refreshed_at: Date }>]> = [
    ['agents', 'agent', snapshot.agents],
    ['coins', 'coin', snapshot.coins],
    ['vaults', 'vault', snapshot.vaults],
    ['wallets', 'wallet', snapshot.wallets],
    ['projects', 'project', snapshot.projects],
  ];
  return {
    generatedAt: iso(now),
    formula: SIGNAL_FORMULA,
    stats: {
      listedAgents: ranked.length,
      verifiedWalletBalanceUsd: sum(
        ranked
          .filter((entry) => entry.scores.evidence.wallet.status === 'verified')
          .map((entry) => entry.agent.wallet_balance_usd),
      ),
      moneyIn30dUsd: sum(snapshot.agents.map((agent) => agent.revenue_30d_usd)),
      highConfidenceCount: ranked.filter((entry) => entry.scores.confidence === 'High').length,
    },
    health: sources.map(([source, kind, rows]) => {
      const fresh = rows.filter((row) => !isStale(kind, row.refreshed_at, now)).length;
      const latest = rows.reduce<Date | null>(
        (max, row) => (max === null || row.refreshed_at > max ? row.refreshed_at : max),
        null,
      );
      const status =
        rows.length === 0
          ? 'empty'
          : fresh === rows.length
            ? 'healthy'
            : fresh > 0
              ? 'partial'
              : 'stale';
      return {
        source,
        status,
        rows: rows.length,
        freshRows: fresh,
        lastRefreshedAt: isoOrNull(latest),
      };
    }),
    total: listed.length,
    agents: paginate(listed, { limit: query.limit ?? 100, offset: query.offset }).map(
      ({ agent, scores, rank }) => {
        const coin = agent.coin_id === null ? undefined : snapshot.coinById.get(agent.coin_id);
        return {
          rank,
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
      },
    ),
  };
}

type RankedAgent = ReturnType<typeof rankAgents>[number];

/** The leaderboard in the requested order; ties keep the ranking's order. */
function sortLeaderboard(rows: RankedAgent[], query: LeaderboardQuery): RankedAgent[] {
  const sort = query.sort ?? 'rank';
  const byRank = (a: RankedAgent, b: RankedAgent) => a.rank - b.rank;
  if (sort === 'rank') return query.order === 'asc' ? [...rows].sort((a, b) => byRank(b, a)) : rows;
  if (sort === 'name') {
    const direction = query.order === 'desc' ? -1 : 1;
    return [...rows].sort(
      (a, b) => direction * a.agent.name.localeCompare(b.agent.name) || byRank(a, b),
    );
  }
  const value = {
    balance: (row: RankedAgent) => row.agent.wallet_balance_usd,
    revenue30d: (row: RankedAgent) => row.agent.revenue_30d_usd,
    x402Volume: (row: RankedAgent) => row.agent.x402_volume_30d_usd,
  }[sort];
  const direction = query.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => direction * (value(a) - value(b)) || byRank(a, b));
}
