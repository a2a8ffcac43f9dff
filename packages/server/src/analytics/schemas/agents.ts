import { Type, type Static } from 'typebox';
import * as C from './common.js';
import { Confidence, EvidenceSchema, EvidenceStatus } from './market.js';

const Status = Type.Union([Type.Literal('active'), Type.Literal('idle')], {
  description: 'active when seen within 7 days',
});
const CoinLink = C.Nullable(
  Type.Object({ id: C.Uuid, symbol: Type.String(), marketCapUsd: C.Nullable(Type.Number()) }),
);

export const AgentDirectoryRow = Type.Object({
  id: C.Uuid,
  name: Type.String(),
  protocol: C.Nullable(Type.String()),
  score: Type.Number({
    description: 'max(x402Score, productivityScore, min(100, log10(revenue30d+1)×25)), 0–100',
  }),
  status: Status,
  x402Score: C.Nullable(Type.Number()),
  x402Transactions: Type.Integer({ description: 'x402 payments in the last 30 days' }),
  x402VolumeUsd: C.Usd('x402 volume in the last 30 days'),
  walletAddress: C.Nullable(Type.String()),
  walletBalanceUsd: Type.Number(),
  earned30dUsd: C.Usd('revenue in the last 30 days'),
  tokenTax30dUsd: C.Usd('token trading tax earned in the last 30 days'),
  inflow30dUsd: C.Usd('all inflows to the agent’s wallet in 30 days'),
  coin: CoinLink,
  productivityScore: C.Nullable(Type.Number()),
  lastSeenAt: C.Nullable(C.IsoTime('last observed activity')),
  sparklines: Type.Object({
    revenue: C.Sparkline('weekly revenue'),
    x402Volume: C.Sparkline('weekly x402 volume'),
    balance: C.Sparkline('week-end wallet balance'),
  }),
  ...C.Freshness,
});

export const AgentsDirectoryResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    sparklineWeeks: C.SparklineWeeks,
    total: Type.Integer(),
    agents: Type.Array(AgentDirectoryRow, {
      description: 'by score descending unless sort says otherwise',
    }),
  },
  { title: 'AgentsDirectoryResponse' },
);

export const AgentsQuery = Type.Object({
  protocol: Type.Optional(
    Type.String({ description: 'only agents of this protocol (e.g. virtuals, x402)' }),
  ),
  status: Type.Optional(Status),
  sort: Type.Optional(
    Type.Union([
      Type.Literal('score'),
      Type.Literal('revenue30d'),
      Type.Literal('x402Volume'),
      Type.Literal('balance'),
      Type.Literal('lastSeen'),
      Type.Literal('name'),
    ]),
  ),
  ...C.Paging,
});

const VaultSummary = Type.Object({
  id: C.Uuid,
  name: Type.String(),
  status: Type.String(),
  tvlUsd: Type.Number(),
  apyPct: C.Nullable(Type.Number()),
});
const WalletSummary = Type.Object({
  id: C.Uuid,
  label: Type.String(),
  address: Type.String(),
  chain: Type.String(),
  balanceUsd: Type.Number(),
});

export const AgentDetail = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    id: C.Uuid,
    name: Type.String(),
    protocol: C.Nullable(Type.String()),
    description: C.Nullable(Type.String()),
    site: C.Nullable(Type.String()),
    twitter: C.Nullable(Type.String()),
    projectSlug: C.Nullable(Type.String({ description: 'follow to /api/projects/{slug}' })),
    walletAddress: C.Nullable(Type.String()),
    walletBalanceUsd: Type.Number(),
    status: Status,
    confidence: C.Nullable(
      Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')], {
        description:
          'the curator’s confidence in the source (source_confidence); null when unrated',
      }),
    ),
    score: Type.Number({ description: 'directory score, as on /api/dashboards/agents' }),
    x402: Type.Object({
      score: C.Nullable(Type.Number()),
      transactions: Type.Integer(),
      volumeUsd: Type.Number(),
      resources: Type.Integer({ description: 'paid x402 resources (endpoints) the agent offers' }),
    }),
    revenue: Type.Object({
      revenue30dUsd: Type.Number(),
      revenue182dUsd: Type.Number(),
      cumulativeUsd: Type.Number(),
      tokenTax30dUsd: Type.Number(),
      inflow30dUsd: Type.Number(),
    }),
    productivity: Type.Object({
      score: C.Nullable(
        Type.Number({ description: 'frequency 40% + successRate 30% + recency 30%' }),
      ),
      frequency: C.Nullable(Type.Number()),
      successRate: C.Nullable(Type.Number()),
      recency: Type.Number({ description: '100 when seen now, halving every 7 days' }),
    }),
    coin: CoinLink,
    signal: Type.Object({
      signalScore: Type.Number(),
      rank: Type.Integer({ description: 'position on /api/dashboards/leaderboard' }),
      evidenceStatus: EvidenceStatus,
      confidence: Confidence,
    }),
    evidence: EvidenceSchema,
    whyIncluded: Type.Array(Type.String(), {
      description: 'curator notes, then each verified evidence leg',
    }),
    openGaps: Type.Array(Type.String(), {
      description: 'each evidence leg that is not verified, with what is missing',
    }),
    trust: Type.Object({
      sourceConfidence: C.Nullable(Type.String()),
      operatorVerified: Type.Boolean(),
      codePublic: Type.Boolean(),
      audited: Type.Boolean(),
      incidents: Type.Integer({ description: 'known security or payment incidents' }),
      verifiedLegs: Type.Integer({ minimum: 0, maximum: 6 }),
    }),
    managedVaults: Type.Array(VaultSummary, {
      description: 'third-party vaults this agent manages',
    }),
    trackedWallets: Type.Array(WalletSummary),
    weekly: Type.Array(
      Type.Object({
        weekStart: C.IsoDate,
        revenueUsd: C.Nullable(Type.Number()),
        x402VolumeUsd: C.Nullable(Type.Number()),
        x402Transactions: C.Nullable(Type.Integer()),
        walletBalanceUsd: C.Nullable(Type.Number()),
      }),
      { description: '26 weeks, oldest first; null where no daily observation fell in the week' },
    ),
    listedAt: C.IsoTime('when the agent joined the roster'),
    lastSeenAt: C.Nullable(C.IsoTime('last observed activity')),
    ...C.Freshness,
  },
  { title: 'AgentDetail' },
);

export type AgentDirectoryRow = Static<typeof AgentDirectoryRow>;
export type AgentsQuery = Static<typeof AgentsQuery>;
export type AgentDetail = Static<typeof AgentDetail>;
