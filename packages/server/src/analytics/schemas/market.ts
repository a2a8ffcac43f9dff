import { Type, type Static } from 'typebox';
import * as C from './common.js';

const Leader = Type.Object({ id: C.Uuid, name: Type.String(), value: Type.Number() });

export const MarketOverview = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    ...C.Freshness,
    counts: Type.Object({
      agents: Type.Integer(),
      activeAgents: Type.Integer({ description: 'agents seen within 7 days' }),
      coins: Type.Integer(),
      vaults: Type.Integer({ description: 'tracked third-party vaults (never the service’s own)' }),
      wallets: Type.Integer(),
      projects: Type.Integer(),
    }),
    vaultTvlUsd: C.Usd(
      'spec §1: sum of TVL over tracked third-party vaults (top level, as the live service serves it); the service’s own vault TVL is tvlUsd on /api/dashboards/vault-economics',
    ),
    totals: Type.Object({
      vaultTvlUsd: C.Usd(
        'sum of TVL over tracked third-party vaults; the service’s own vault TVL is tvlUsd on /api/dashboards/vault-economics',
      ),
      walletBalanceUsd: C.Usd('sum of balances of tracked wallets'),
      totalAumUsd: C.Usd(
        'vaultTvlUsd + walletBalanceUsd: assets observed under third-party management',
      ),
      agentRevenue30dUsd: C.Usd('sum of agents’ 30-day revenue'),
      x402Volume30dUsd: C.Usd('sum of agents’ 30-day x402 volume'),
      coinMarketCapUsd: C.Usd('sum of tracked coins’ market caps'),
    }),
    vaultTvlSparkline7d: Type.Array(Type.Object({ date: C.IsoDate, tvlUsd: Type.Number() }), {
      description:
        'third-party vault TVL on each of the last 7 days (each vault’s last known value)',
    }),
    leaders: Type.Object({
      agents: Type.Array(Leader, { description: 'top 5 agents by signalScore' }),
      coins: Type.Array(Leader, { description: 'top 5 coins by market cap' }),
      vaults: Type.Array(Leader, { description: 'top 3 third-party vaults by TVL' }),
      wallets: Type.Array(Leader, { description: 'top 5 wallets by balance' }),
    }),
    avgProductivityScore: C.Nullable(
      Type.Number({ description: 'mean productivity score over agents that have one' }),
    ),
  },
  {
    title: 'MarketOverview',
    description: 'Third-party analytics totals (not the service’s holdings)',
  },
);

export const EntityType = Type.Union([
  Type.Literal('agent'),
  Type.Literal('coin'),
  Type.Literal('vault'),
  Type.Literal('wallet'),
]);

export const EntityRow = Type.Object({
  type: EntityType,
  id: C.Uuid,
  name: Type.String(),
  contextLabel: Type.String({
    description: 'what contextValue is: x402 score, market cap, APY or 30-day transactions',
  }),
  contextValue: C.Nullable(Type.Number()),
  revenueOrVolumeUsd: C.NullableUsd(
    'agent 30-day revenue, coin 24 h volume, wallet 30-day inflow; null for vaults',
  ),
  balanceOrTvlUsd: C.NullableUsd(
    'agent wallet balance, coin market cap, vault TVL, wallet balance',
  ),
  change24hPct: C.Pct('24-hour change of balanceOrTvlUsd'),
  sparkline: C.Sparkline('balanceOrTvlUsd (agents: weekly revenue)'),
  pending: Type.Boolean({
    description: 'listed but not yet observed (no price, balance or activity on record)',
  }),
  ...C.Freshness,
});

export const EntitiesResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    sparklineWeeks: C.SparklineWeeks,
    total: Type.Integer({ description: 'rows matching before paging' }),
    entities: Type.Array(EntityRow),
  },
  { title: 'EntitiesResponse' },
);

export const EntitiesQuery = Type.Object({
  type: Type.Optional(EntityType),
  sort: Type.Optional(
    Type.Union(
      [
        Type.Literal('balance'),
        Type.Literal('revenue'),
        Type.Literal('change24h'),
        Type.Literal('name'),
      ],
      {
        description:
          'default: by type (agent, coin, vault, wallet), then balanceOrTvlUsd descending',
      },
    ),
  ),
  ...C.Paging,
});

const Leg = Type.Object({
  status: Type.Union([Type.Literal('verified'), Type.Literal('partial'), Type.Literal('missing')]),
  detail: Type.String(),
});
export const EvidenceSchema = Type.Object(
  { wallet: Leg, moneyIn: Leg, x402: Leg, token: Leg, identity: Leg, freshness: Leg },
  {
    description:
      'wallet: verified if balance > 0, partial if an address is known; moneyIn: verified if 30-day revenue > 0, partial if any in 182 days; ' +
      'x402: verified if volume > 0, partial if transactions > 0; token: verified if the linked coin has a market cap, partial if a coin is linked; ' +
      'identity: verified if a protocol is set, partial if only site/twitter; freshness: verified if seen within 7 days, partial within 30',
  },
);
export const EvidenceStatus = Type.Union(
  [Type.Literal('verified'), Type.Literal('partial'), Type.Literal('missing')],
  {
    description:
      'verified: 4+ legs verified and none missing; missing: no money leg has evidence; else partial',
  },
);
export const Confidence = Type.Union(
  [Type.Literal('High'), Type.Literal('Medium'), Type.Literal('Low')],
  {
    description: 'High: 3+ of wallet, moneyIn, x402, token verified; Medium: 2; Low: fewer',
  },
);

export const LeaderboardRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  id: C.Uuid,
  name: Type.String(),
  protocol: C.Nullable(Type.String()),
  signalScore: Type.Number({
    description:
      'log10(revenue30d×5 + walletBalance×2 + x402Volume×1.5 + tokenMcap×0.15 + 1)×100 + recencyBoost',
  }),
  recencyBoost: Type.Number({
    description: '10 points when seen now, fading linearly to 0 over 10 days',
  }),
  evidenceStatus: EvidenceStatus,
  confidence: Confidence,
  evidence: EvidenceSchema,
  revenue30dUsd: Type.Number(),
  walletBalanceUsd: Type.Number(),
  x402VolumeUsd: Type.Number(),
  tokenMarketCapUsd: C.Nullable(Type.Number()),
  coin: C.Nullable(Type.Object({ id: C.Uuid, symbol: Type.String() })),
  lastSeenAt: C.Nullable(C.IsoTime('last observed activity')),
  ...C.Freshness,
});

export const LeaderboardResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    formula: Type.String(),
    stats: Type.Object({
      listedAgents: Type.Integer(),
      verifiedWalletBalanceUsd: C.Usd('sum of balances of agents whose wallet leg is verified'),
      moneyIn30dUsd: C.Usd('sum of agents’ 30-day revenue'),
      highConfidenceCount: Type.Integer(),
    }),
    health: Type.Array(
      Type.Object({
        source: Type.String(),
        status: Type.Union([
          Type.Literal('healthy'),
          Type.Literal('partial'),
          Type.Literal('stale'),
          Type.Literal('empty'),
        ]),
        rows: Type.Integer(),
        freshRows: Type.Integer(),
        lastRefreshedAt: C.Nullable(C.IsoTime('latest refresh of any row')),
      }),
      {
        description:
          'per source: healthy when every row is fresh, partial when some are, stale when none, empty without rows',
      },
    ),
    total: Type.Integer({ description: 'ranked agents (every listed agent is ranked)' }),
    agents: Type.Array(LeaderboardRow, {
      description: 'by signalScore descending; top 100 unless limit/offset say otherwise',
    }),
  },
  { title: 'LeaderboardResponse' },
);

export const LeaderboardQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, description: 'default 100' })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  sort: Type.Optional(
    Type.Union(
      [
        Type.Literal('rank'),
        Type.Literal('name'),
        Type.Literal('balance'),
        Type.Literal('revenue30d'),
        Type.Literal('x402Volume'),
      ],
      {
        description:
          'default rank (signal score, highest first); `rank` keeps each agent’s place in the whole ranking whatever the sort or search',
      },
    ),
  ),
  order: C.Paging.order,
  search: C.Paging.search,
});

export type MarketOverview = Static<typeof MarketOverview>;
export type EntityRow = Static<typeof EntityRow>;
export type EntitiesQuery = Static<typeof EntitiesQuery>;
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;
export type LeaderboardRow = Static<typeof LeaderboardRow>;
export type LeaderboardResponse = Static<typeof LeaderboardResponse>;
