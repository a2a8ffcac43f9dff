import type {
  CoinRow as CoinDbRow,
  VaultRow as VaultDbRow,
  WalletRow as WalletDbRow,
} from '../repository.js';
import type {
  CoinProfile,
  CoinRow,
  CoinsQuery,
  VaultProfile,
  VaultRow,
  VaultsQuery,
  WalletProfile,
  WalletRow,
  WalletsQuery,
} from '../schemas/assets.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import { addDays } from '../freshness.js';
import { ListIndex, memoByObject, paginate } from '../list-index.js';
import {
  emptySparkline,
  freshness,
  iso,
  isoOrNull,
  nameOf,
  round2,
  staticOrdering,
} from './shared.js';

function agentRef(snapshot: AnalyticsSnapshot, id: string | null) {
  const agent = id === null ? undefined : snapshot.agentById.get(id);
  return agent === undefined ? null : { id: agent.id, name: agent.name };
}

const pctChange = (
  from: number | null | undefined,
  to: number | null | undefined,
): number | null =>
  from === null || from === undefined || to === null || to === undefined || from === 0
    ? null
    : round2(((to - from) / from) * 100);

function coinRow(snapshot: AnalyticsSnapshot, coin: CoinDbRow, now: Date): CoinRow {
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    chain: coin.chain,
    priceUsd: coin.price_usd,
    marketCapUsd: coin.market_cap_usd,
    fdvUsd: coin.fdv_usd,
    volume24hUsd: coin.volume_24h_usd,
    change24hPct: coin.change_24h_pct,
    holders: coin.holders,
    agent: agentRef(snapshot, coin.agent_id),
    sparkline: snapshot.series.coinMarketCap.get(coin.id) ?? emptySparkline(snapshot),
    ...freshness('coin', coin.refreshed_at, now),
  };
}

const coinIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(snapshot.coins, {
      text: (coin) => [coin.name, coin.symbol, coin.chain, agentRef(snapshot, coin.agent_id)?.name],
    }),
);

const COIN_KEYS = {
  marketCap: (coin: CoinDbRow) => coin.market_cap_usd,
  volume24h: (coin: CoinDbRow) => coin.volume_24h_usd,
  change24h: (coin: CoinDbRow) => coin.change_24h_pct,
};

export function buildCoins(snapshot: AnalyticsSnapshot, now: Date, query: CoinsQuery) {
  const index = coinIndex(snapshot);
  const sort = (query.sort ?? 'marketCap') as keyof typeof COIN_KEYS | 'name';
  const ordering = staticOrdering(index, COIN_KEYS, sort, query.order, nameOf);
  const { total, rows } = index.select(ordering, query);
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total,
    coins: rows.map((coin) => coinRow(snapshot, coin, now)),
  };
}

export function buildCoinProfile(
  snapshot: AnalyticsSnapshot,
  coin: CoinDbRow,
  history: Array<{
    date: string;
    price_usd: number;
    market_cap_usd: number | null;
    volume_usd: number | null;
  }>,
  now: Date,
): CoinProfile {
  const linked = snapshot.agents.filter(
    (agent) => agent.coin_id === coin.id || agent.id === coin.agent_id,
  );
  const monthAgo = addDays(snapshot.today, -30);
  const then = [...history].reverse().find((day) => day.date <= monthAgo);
  return {
    generatedAt: iso(now),
    ...coinRow(snapshot, coin, now),
    contractAddress: coin.contract_address,
    projectSlug: coin.project_slug,
    circulatingSupply: coin.circulating_supply,
    totalSupply: coin.total_supply,
    launchedAt: isoOrNull(coin.launched_at),
    change30dPct: pctChange(then?.price_usd, history.at(-1)?.price_usd),
    linkedAgents: linked.map((agent) => ({
      id: agent.id,
      name: agent.name,
      protocol: agent.protocol,
    })),
    history: history.map((day) => ({
      date: day.date,
      priceUsd: day.price_usd,
      marketCapUsd: day.market_cap_usd,
      volumeUsd: day.volume_usd,
    })),
  };
}

function vaultRow(snapshot: AnalyticsSnapshot, vault: VaultDbRow, now: Date): VaultRow {
  return {
    id: vault.id,
    name: vault.name,
    status: vault.status,
    chain: vault.chain,
    platform: vault.platform,
    assetSymbol: vault.asset_symbol,
    tvlUsd: vault.tvl_usd,
    apyPct: vault.apy_pct,
    sharePrice: vault.share_price,
    change24hPct: vault.change_24h_pct,
    manager: agentRef(snapshot, vault.manager_agent_id),
    sparkline: snapshot.series.vaultTvl.get(vault.id) ?? emptySparkline(snapshot),
    ...freshness('vault', vault.refreshed_at, now),
  };
}

const vaultIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(snapshot.vaults, {
      text: (vault) => [
        vault.name,
        vault.chain,
        vault.platform,
        vault.asset_symbol,
        agentRef(snapshot, vault.manager_agent_id)?.name,
      ],
    }),
);

const VAULT_KEYS = {
  tvl: (vault: VaultDbRow) => vault.tvl_usd,
  apy: (vault: VaultDbRow) => vault.apy_pct,
};

/** Summed in list order, as the response always has been (a float sum depends on its order). */
const tvlOf = memoByObject((vaults: readonly VaultDbRow[]) =>
  round2(vaults.reduce((total, vault) => total + vault.tvl_usd, 0)),
);

export function buildVaults(snapshot: AnalyticsSnapshot, now: Date, query: VaultsQuery) {
  const index = vaultIndex(snapshot);
  const sort = (query.sort ?? 'tvl') as keyof typeof VAULT_KEYS | 'name';
  const matches = index.matching(
    staticOrdering(index, VAULT_KEYS, sort, query.order, nameOf),
    query,
  );
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total: matches.length,
    totalTvlUsd: tvlOf(matches),
    vaults: paginate(matches, query).map((vault) => vaultRow(snapshot, vault, now)),
  };
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : round2(values.reduce((a, b) => a + b, 0) / values.length);

export function buildVaultProfile(
  snapshot: AnalyticsSnapshot,
  vault: VaultDbRow,
  history: Array<{
    date: string;
    tvl_usd: number;
    apy_pct: number | null;
    share_price: number | null;
  }>,
  now: Date,
): VaultProfile {
  const apySince = (days: number) =>
    history
      .filter((day) => day.date > addDays(snapshot.today, -days) && day.apy_pct !== null)
      .map((day) => day.apy_pct ?? 0);
  const monthAgo = addDays(snapshot.today, -30);
  const then = [...history]
    .reverse()
    .find((day) => day.date <= monthAgo && day.share_price !== null);
  return {
    generatedAt: iso(now),
    ...vaultRow(snapshot, vault, now),
    address: vault.address,
    strategy: vault.strategy,
    depositCapUsd: vault.deposit_cap_usd,
    inceptionAt: isoOrNull(vault.inception_at),
    yield: {
      apy7dAvgPct: mean(apySince(7)),
      apy30dAvgPct: mean(apySince(30)),
      sharePriceChange30dPct: pctChange(then?.share_price, history.at(-1)?.share_price),
    },
    history: history.map((day) => ({
      date: day.date,
      tvlUsd: day.tvl_usd,
      apyPct: day.apy_pct,
      sharePrice: day.share_price,
    })),
  };
}

export function walletRow(snapshot: AnalyticsSnapshot, wallet: WalletDbRow, now: Date): WalletRow {
  return {
    id: wallet.id,
    label: wallet.label,
    address: wallet.address,
    chain: wallet.chain,
    balanceUsd: wallet.balance_usd,
    change24hPct: wallet.change_24h_pct,
    txCount30d: wallet.tx_count_30d,
    inflow30dUsd: wallet.inflow_30d_usd,
    outflow30dUsd: wallet.outflow_30d_usd,
    agent: agentRef(snapshot, wallet.agent_id),
    projectSlug: wallet.project_slug,
    lastActiveAt: isoOrNull(wallet.last_active_at),
    sparkline: snapshot.series.walletBalance.get(wallet.id) ?? emptySparkline(snapshot),
    ...freshness('wallet', wallet.refreshed_at, now),
  };
}

const walletIndex = memoByObject(
  (snapshot: AnalyticsSnapshot) =>
    new ListIndex(snapshot.wallets, {
      text: (wallet) => [
        wallet.label,
        wallet.address,
        wallet.chain,
        agentRef(snapshot, wallet.agent_id)?.name,
        wallet.project_slug,
      ],
    }),
);

const WALLET_KEYS = {
  balance: (wallet: WalletDbRow) => wallet.balance_usd,
  change24h: (wallet: WalletDbRow) => wallet.change_24h_pct,
  activity: (wallet: WalletDbRow) => wallet.tx_count_30d,
};

export function buildWallets(snapshot: AnalyticsSnapshot, now: Date, query: WalletsQuery) {
  const index = walletIndex(snapshot);
  const sort = (query.sort ?? 'balance') as keyof typeof WALLET_KEYS | 'name';
  const ordering = staticOrdering(index, WALLET_KEYS, sort, query.order, (wallet) => wallet.label);
  const { total, rows } = index.select(ordering, query);
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total,
    wallets: rows.map((wallet) => walletRow(snapshot, wallet, now)),
  };
}

export function buildWalletProfile(
  snapshot: AnalyticsSnapshot,
  wallet: WalletDbRow,
  history: Array<{
    date: string;
    balance_usd: number;
    inflow_usd: number | null;
    outflow_usd: number | null;
  }>,
  now: Date,
): WalletProfile {
  const monthAgo = addDays(snapshot.today, -30);
  const then = [...history].reverse().find((day) => day.date <= monthAgo);
  return {
    generatedAt: iso(now),
    ...walletRow(snapshot, wallet, now),
    firstSeenAt: isoOrNull(wallet.first_seen_at),
    holdings: Array.isArray(wallet.holdings) ? wallet.holdings : [],
    delta30d:
      then === undefined
        ? null
        : {
            fromDate: then.date,
            balanceThenUsd: then.balance_usd,
            changeUsd: round2(wallet.balance_usd - then.balance_usd),
            changePct: pctChange(then.balance_usd, wallet.balance_usd),
          },
    history: history.map((day) => ({
      date: day.date,
      balanceUsd: day.balance_usd,
      inflowUsd: day.inflow_usd,
      outflowUsd: day.outflow_usd,
    })),
  };
}
