import { Type, type Static } from 'typebox';
import * as C from './common.js';

const Sort = (...keys: string[]) =>
  Type.Optional(
    Type.Union(
      keys.map((key) => Type.Literal(key)),
      { description: `default ${keys[0]}` },
    ),
  );

export const CoinRow = Type.Object({
  id: C.Uuid,
  symbol: Type.String(),
  name: Type.String(),
  chain: Type.String(),
  priceUsd: C.NullableUsd('spot price'),
  marketCapUsd: C.NullableUsd('circulating market cap'),
  fdvUsd: C.NullableUsd('fully diluted valuation'),
  volume24hUsd: C.NullableUsd('24 h trading volume'),
  change24hPct: C.Pct('24 h price change'),
  holders: C.Nullable(Type.Integer()),
  agent: C.Nullable(C.Ref),
  sparkline: C.Sparkline('week-end market cap'),
  ...C.Freshness,
});
export const CoinsListResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    sparklineWeeks: C.SparklineWeeks,
    total: Type.Integer(),
    coins: Type.Array(CoinRow),
  },
  { title: 'CoinsListResponse' },
);
export const CoinsQuery = Type.Object({
  sort: Sort('marketCap', 'volume24h', 'change24h', 'name'),
  ...C.Paging,
});

export const CoinProfile = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    ...CoinRow.properties,
    contractAddress: C.Nullable(Type.String()),
    projectSlug: C.Nullable(Type.String()),
    circulatingSupply: C.Nullable(Type.Number()),
    totalSupply: C.Nullable(Type.Number()),
    launchedAt: C.Nullable(C.IsoTime('launch time')),
    change30dPct: C.Pct('price change over 30 days of history'),
    linkedAgents: Type.Array(
      Type.Object({ id: C.Uuid, name: Type.String(), protocol: C.Nullable(Type.String()) }),
      { description: 'the issuing agent and every agent linked to this coin' },
    ),
    history: Type.Array(
      Type.Object({
        date: C.IsoDate,
        priceUsd: Type.Number(),
        marketCapUsd: C.Nullable(Type.Number()),
        volumeUsd: C.Nullable(Type.Number()),
      }),
      { description: 'daily, up to 365 days, oldest first; days without a snapshot are absent' },
    ),
  },
  { title: 'CoinProfile' },
);

export const VaultRow = Type.Object({
  id: C.Uuid,
  name: Type.String(),
  status: Type.String({ description: 'live, upcoming, paused or closed' }),
  chain: Type.String(),
  platform: C.Nullable(Type.String()),
  assetSymbol: Type.String(),
  tvlUsd: Type.Number(),
  apyPct: C.Pct('current APY'),
  sharePrice: C.Nullable(Type.Number()),
  change24hPct: C.Pct('24 h TVL change'),
  manager: C.Nullable(C.Ref),
  sparkline: C.Sparkline('week-end TVL'),
  ...C.Freshness,
});
export const VaultsListResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    sparklineWeeks: C.SparklineWeeks,
    total: Type.Integer(),
    totalTvlUsd: C.Usd('sum over listed third-party vaults; equals overview vaultTvlUsd'),
    vaults: Type.Array(VaultRow, {
      description: 'tracked third-party vaults; the service’s own vault is never listed',
    }),
  },
  { title: 'VaultsListResponse' },
);
export const VaultsQuery = Type.Object({ sort: Sort('tvl', 'apy', 'name'), ...C.Paging });

export const VaultProfile = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    ...VaultRow.properties,
    address: C.Nullable(Type.String()),
    strategy: C.Nullable(Type.String()),
    depositCapUsd: C.Nullable(Type.Number()),
    inceptionAt: C.Nullable(C.IsoTime('inception')),
    yield: Type.Object({
      apy7dAvgPct: C.Pct('mean daily APY over the last 7 days of history'),
      apy30dAvgPct: C.Pct('mean daily APY over the last 30 days of history'),
      sharePriceChange30dPct: C.Pct('share price change over 30 days'),
    }),
    history: Type.Array(
      Type.Object({
        date: C.IsoDate,
        tvlUsd: Type.Number(),
        apyPct: C.Nullable(Type.Number()),
        sharePrice: C.Nullable(Type.Number()),
      }),
      { description: 'daily TVL, APY and share price, up to 365 days, oldest first' },
    ),
  },
  { title: 'VaultProfile' },
);

export const WalletRow = Type.Object({
  id: C.Uuid,
  label: Type.String(),
  address: Type.String(),
  chain: Type.String(),
  balanceUsd: Type.Number(),
  change24hPct: C.Pct('24 h balance change'),
  txCount30d: Type.Integer(),
  inflow30dUsd: Type.Number(),
  outflow30dUsd: Type.Number(),
  agent: C.Nullable(C.Ref),
  projectSlug: C.Nullable(Type.String()),
  lastActiveAt: C.Nullable(C.IsoTime('last transaction')),
  sparkline: C.Sparkline('week-end balance'),
  ...C.Freshness,
});
export const WalletsListResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    sparklineWeeks: C.SparklineWeeks,
    total: Type.Integer(),
    wallets: Type.Array(WalletRow),
  },
  { title: 'WalletsListResponse' },
);
export const WalletsQuery = Type.Object({
  sort: Sort('balance', 'change24h', 'activity', 'name'),
  ...C.Paging,
});

export const WalletProfile = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    ...WalletRow.properties,
    firstSeenAt: C.Nullable(C.IsoTime('first observed')),
    holdings: Type.Array(
      Type.Object({ symbol: Type.String(), amount: Type.Number(), valueUsd: Type.Number() }),
    ),
    delta30d: C.Nullable(
      Type.Object(
        {
          fromDate: C.IsoDate,
          balanceThenUsd: Type.Number(),
          changeUsd: Type.Number(),
          changePct: C.Nullable(Type.Number()),
        },
        { description: 'balance now against the last snapshot at least 30 days old' },
      ),
    ),
    history: Type.Array(
      Type.Object({
        date: C.IsoDate,
        balanceUsd: Type.Number(),
        inflowUsd: C.Nullable(Type.Number()),
        outflowUsd: C.Nullable(Type.Number()),
      }),
      {
        description:
          'daily balance, up to 182 days, oldest first; days without a snapshot are absent',
      },
    ),
  },
  { title: 'WalletProfile' },
);

export type CoinRow = Static<typeof CoinRow>;
export type CoinProfile = Static<typeof CoinProfile>;
export type CoinsQuery = Static<typeof CoinsQuery>;
export type VaultRow = Static<typeof VaultRow>;
export type VaultProfile = Static<typeof VaultProfile>;
export type VaultsQuery = Static<typeof VaultsQuery>;
export type WalletRow = Static<typeof WalletRow>;
export type WalletProfile = Static<typeof WalletProfile>;
export type WalletsQuery = Static<typeof WalletsQuery>;
