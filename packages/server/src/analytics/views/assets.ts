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
import {
  byName,
  byNumber,
  bySearch,
  emptySparkline,
  freshness,
  iso,
  isoOrNull,
  paginate,
  round2,
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

export function buildCoins(snapshot: AnalyticsSnapshot, now: Date, query: CoinsQuery) {
  const rows = snapshot.coins
    .map((coin) => coinRow(snapshot, coin, now))
    .filter(bySearch(query.search, (row) => [row.name, row.symbol, row.chain, row.agent?.name]));
  const sorts = {
    marketCap: byNumber<CoinRow>((row) => row.marketCapUsd, query.order),
    volume24h: byNumber<CoinRow>((row) => row.volume24hUsd, query.order),
    change24h: byNumber<CoinRow>((row) => row.change24hPct, query.order),
    name: byName<CoinRow>(query.order),
  };
  rows.sort(sorts[(query.sort ?? 'marketCap') as keyof typeof sorts]);
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total: rows.length,
    coins: paginate(rows, query),
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

export function buildVaults(snapshot: AnalyticsSnapshot, now: Date, query: VaultsQuery) {
  const rows = snapshot.vaults
    .map((vault) => vaultRow(snapshot, vault, now))
    .filter(
      bySearch(query.search, (row) => [
        row.name,
        row.chain,
        row.platform,
        row.assetSymbol,
        row.manager?.name,
      ]),
    );
  const sorts = {
    tvl: byNumber<VaultRow>((row) => row.tvlUsd, query.order),
    apy: byNumber<VaultRow>((row) => row.apyPct, query.order),
    name: byName<VaultRow>(query.order),
  };
  rows.sort(sorts[(query.sort ?? 'tvl') as keyof typeof sorts]);
  return {
    generatedAt: iso(now),
    sparklineWeeks: snapshot.weeks,
    total: rows.length,
    totalTvlUsd: round2(rows.reduce((total, row) => total + row.tvlUsd, 0)),
    vaults: paginate(rows, query),
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

function walletRow(snapshot: AnalyticsSnapshot, wallet: WalletDbRow, now: Date): WalletRow {
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

export function buildWallets(snapshot: AnalyticsSnapshot, now: Date, query: WalletsQuery) {
  const rows = snapshot.wallets
    .map((wallet) => walletRow(snapshot, wallet, now))
    .filter(
      bySearch(query.search, (row) => [
        row.label,
        row.address,
        row.chain,
        row.agent?.name,
        row.projectSlug,
      ]),
    );
  type Named = WalletRow & { name: string };
  const named: Named[] = rows.map((row) => ({ ...row, name: row.label }));
  const sorts = {
    balance: byNumber<Named>((row) => row.balanceUsd, query.order),
    change24h: byNumber<Named>((row) => row.change24hPct, query.order),
    activity: byNumber<Named>((row) => row.txCount30d, query.order),
    name: byName<Named>(query.order),
  };
  named.sort(sorts[(query.sort ?? 'balance') as keyof typeof sorts]);
  const wallets = paginate(named, query).map(({ name: _name, ...row }) => row);
  return { generatedAt: iso(now), sparklineWeeks: snapshot.weeks, total: rows.length, wallets };
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
