import { isStale, type FreshnessKind } from '../freshness.js';
import { ListIndex, memoByObject } from '../list-index.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import type { EntitiesQuery, EntityRow, MarketOverview } from '../schemas/market.js';
import {
  byNumber,
  emptySparkline,
  freshness,
  iso,
  nameOf,
  rankAgents,
  round2,
  staticOrdering,
  sum,
} from './shared.js';

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

/** What an entities request sorts and searches on, and how to build the row when it is on the page. */
interface EntitySource {
  type: EntityRow['type'];
  name: string;
  balanceOrTvlUsd: number | null;
  revenueOrVolumeUsd: number | null;
  change24hPct: number | null;
  row: (now: Date) => EntityRow;
}

function entitySources(snapshot: AnalyticsSnapshot): EntitySource[] {
  const blank = emptySparkline(snapshot);
  const source = (
    row: Omit<EntityRow, 'refreshedAt' | 'stale'>,
    kind: FreshnessKind,
    at: Date,
  ) => ({
    type: row.type,
    name: row.name,
    balanceOrTvlUsd: row.balanceOrTvlUsd,
    revenueOrVolumeUsd: row.revenueOrVolumeUsd,
    change24hPct: row.change24hPct,
    row: (now: Date) => ({ ...row, ...freshness(kind, at, now) }),
  });
  return [
    ...snapshot.agents.map((agent) =>
      source(
        {
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
        },
        'agent',
        agent.refreshed_at,
      ),
    ),
    ...snapshot.coins.map((coin) =>
      source(
        {
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
        },
        'coin',
        coin.refreshed_at,
      ),
    ),
    ...snapshot.vaults.map((vault) =>
      source(
        {
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
        },
        'vault',
        vault.refreshed_at,
      ),
    ),
    ...snapshot.wallets.map((wallet) =>
      source(
        {
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
        },
        'wallet',
        wallet.refreshed_at,
      ),
    ),
  ];
}

const entityIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(entitySources(snapshot), {
      text: (entity) => [entity.name, entity.type],
      facets: { type: (entity) => entity.type },
    }),
);

const ENTITY_KEYS = {
  balance: (entity: EntitySource) => entity.balanceOrTvlUsd,
  revenue: (entity: EntitySource) => entity.revenueOrVolumeUsd,
  change24h: (entity: EntitySource) => entity.change24hPct,
};

export function buildEntities(snapshot: AnalyticsSnapshot, now: Date, query: EntitiesQuery) {
  const index = entityIndex(snapshot);
  const ordering =
    query.sort === undefined
      ? index.sorted('default', () => {
          const balance = byNumber(ENTITY_KEYS.balance, 'desc', nameOf);
          return (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || balance(a, b);
        })
      : staticOrdering(index, ENTITY_KEYS, query.sort, query.order, nameOf);
  const { total, rows } = index.select(ordering, { ...query, facets: { type: query.type } });
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total,
    entities: rows.map((entity) => entity.row(now)),
  };
}
