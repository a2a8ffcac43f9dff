import { Type, type Static, type TSchema } from 'typebox';

/**
 * The import file formats: one JSON object per record (an NDJSON line or a JSON array element).
 * Unknown fields are refused so a misspelt field never imports silently. Documented for operators in
 * docs/analytics-import.md; keep the two in step.
 */
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 with time zone' });
const Day = Type.String({ format: 'date', description: 'UTC date YYYY-MM-DD' });
const Usd = Type.Number({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });
const Pct = Type.Number({ minimum: -100, maximum: 1_000_000 });
const Score = Type.Number({ minimum: 0, maximum: 100 });
const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
export const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$' });
const strict = { additionalProperties: false } as const;

export const AgentRecord = Type.Object(
  {
    id: Uuid,
    name: Text(200),
    protocol: Opt(Text(50)),
    projectSlug: Opt(Slug),
    description: Opt(Type.String({ maxLength: 5000 })),
    site: Opt(Text(500)),
    twitter: Opt(Text(100)),
    walletAddress: Opt(Text(200)),
    coinId: Opt(Uuid),
    sourceConfidence: Opt(
      Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
    ),
    x402Score: Opt(Score),
    x402VolumeUsd: Type.Optional(Usd),
    x402Transactions: Type.Optional(Count),
    x402Resources: Type.Optional(Count),
    revenue30dUsd: Type.Optional(Usd),
    revenue182dUsd: Type.Optional(Usd),
    revenueCumulativeUsd: Type.Optional(Usd),
    tokenTax30dUsd: Type.Optional(Usd),
    inflow30dUsd: Type.Optional(Usd),
    walletBalanceUsd: Type.Optional(Usd),
    productivityFrequency: Opt(Score),
    productivitySuccessRate: Opt(Score),
    trust: Type.Optional(
      Type.Object(
        {
          operatorVerified: Type.Optional(Type.Boolean()),
          codePublic: Type.Optional(Type.Boolean()),
          audited: Type.Optional(Type.Boolean()),
          incidents: Type.Optional(Count),
        },
        strict,
      ),
    ),
    whyIncluded: Type.Optional(Type.Array(Text(300), { maxItems: 20 })),
    listedAt: Instant,
    lastSeenAt: Opt(Instant),
    refreshedAt: Instant,
  },
  strict,
);

export const CoinRecord = Type.Object(
  {
    id: Uuid,
    symbol: Text(20),
    name: Text(200),
    chain: Text(50),
    contractAddress: Opt(Text(200)),
    agentId: Opt(Uuid),
    projectSlug: Opt(Slug),
    priceUsd: Opt(Usd),
    marketCapUsd: Opt(Usd),
    fdvUsd: Opt(Usd),
    volume24hUsd: Opt(Usd),
    change24hPct: Opt(Pct),
    holders: Opt(Count),
    circulatingSupply: Opt(Usd),
    totalSupply: Opt(Usd),
    launchedAt: Opt(Instant),
    refreshedAt: Instant,
  },
  strict,
);

export const VaultRecord = Type.Object(
  {
    id: Uuid,
    name: Text(200),
    isOwn: Type.Optional(Type.Boolean()),
    status: Type.Union([
      Type.Literal('live'),
      Type.Literal('upcoming'),
      Type.Literal('paused'),
      Type.Literal('closed'),
    ]),
    chain: Text(50),
    address: Opt(Text(200)),
    platform: Opt(Text(100)),
    assetSymbol: Text(20),
    strategy: Opt(Type.String({ maxLength: 2000 })),
    managerAgentId: Opt(Uuid),
    tvlUsd: Usd,
    apyPct: Opt(Pct),
    sharePrice: Opt(Usd),
    depositCapUsd: Opt(Usd),
    change24hPct: Opt(Pct),
    inceptionAt: Opt(Instant),
    refreshedAt: Instant,
  },
  strict,
);

export const WalletRecord = Type.Object(
  {
    id: Uuid,
    address: Text(200),
    chain: Text(50),
    label: Text(200),
    agentId: Opt(Uuid),
    projectSlug: Opt(Slug),
    balanceUsd: Usd,
    change24hPct: Opt(Pct),
    holdings: Type.Optional(
      Type.Array(
        Type.Object(
          { symbol: Text(20), amount: Type.Number({ minimum: 0 }), valueUsd: Usd },
          strict,
        ),
        { maxItems: 200 },
      ),
    ),
    txCount30d: Type.Optional(Count),
    inflow30dUsd: Type.Optional(Usd),
    outflow30dUsd: Type.Optional(Usd),
    firstSeenAt: Opt(Instant),
    lastActiveAt: Opt(Instant),
    refreshedAt: Instant,
  },
  strict,
);

export const ProjectRecord = Type.Object(
  {
    slug: Slug,
    name: Text(200),
    category: Text(50),
    chain: Opt(Text(50)),
    tagline: Opt(Type.String({ maxLength: 300 })),
    description: Opt(Type.String({ maxLength: 5000 })),
    site: Opt(Text(500)),
    twitter: Opt(Text(100)),
    logoUrl: Opt(Text(500)),
    tags: Type.Optional(Type.Array(Text(50), { maxItems: 20 })),
    coinId: Opt(Uuid),
    listedAt: Instant,
    refreshedAt: Instant,
  },
  strict,
);

export const AgentDayRecord = Type.Object(
  {
    agentId: Uuid,
    date: Day,
    revenueUsd: Usd,
    x402VolumeUsd: Type.Optional(Usd),
    x402Transactions: Type.Optional(Count),
    walletBalanceUsd: Opt(Usd),
  },
  strict,
);

export const CoinDayRecord = Type.Object(
  { coinId: Uuid, date: Day, priceUsd: Usd, marketCapUsd: Opt(Usd), volumeUsd: Opt(Usd) },
  strict,
);

export const VaultDayRecord = Type.Object(
  { vaultId: Uuid, date: Day, tvlUsd: Usd, apyPct: Opt(Pct), sharePrice: Opt(Usd) },
  strict,
);

export const WalletDayRecord = Type.Object(
  { walletId: Uuid, date: Day, balanceUsd: Usd, inflowUsd: Opt(Usd), outflowUsd: Opt(Usd) },
  strict,
);

export const ProjectDayRecord = Type.Object(
  {
    projectSlug: Slug,
    date: Day,
    revenueUsd: Usd,
    volumeUsd: Opt(Usd),
    transactions: Opt(Count),
    activeUsers: Opt(Count),
    tvlUsd: Opt(Usd),
  },
  strict,
);

export const ActivityRecord = Type.Object(
  {
    id: Uuid,
    occurredAt: Instant,
    kind: Text(50),
    agentId: Opt(Uuid),
    projectSlug: Opt(Slug),
    summary: Text(1000),
    amountUsd: Opt(Usd),
    txHash: Opt(Text(200)),
  },
  strict,
);

export const CommentRecord = Type.Object(
  {
    id: Uuid,
    createdAt: Instant,
    author: Text(100),
    body: Type.String({ minLength: 1, maxLength: 10_000 }),
    targetType: Opt(
      Type.Union([
        Type.Literal('agent'),
        Type.Literal('coin'),
        Type.Literal('vault'),
        Type.Literal('wallet'),
        Type.Literal('project'),
      ]),
    ),
    targetId: Opt(Text(200)),
  },
  strict,
);

export type AgentRecord = Static<typeof AgentRecord>;
export type CoinRecord = Static<typeof CoinRecord>;
export type VaultRecord = Static<typeof VaultRecord>;
export type WalletRecord = Static<typeof WalletRecord>;
export type ProjectRecord = Static<typeof ProjectRecord>;
export type AgentDayRecord = Static<typeof AgentDayRecord>;
export type CoinDayRecord = Static<typeof CoinDayRecord>;
export type VaultDayRecord = Static<typeof VaultDayRecord>;
export type WalletDayRecord = Static<typeof WalletDayRecord>;
export type ProjectDayRecord = Static<typeof ProjectDayRecord>;
export type ActivityRecord = Static<typeof ActivityRecord>;
export type CommentRecord = Static<typeof CommentRecord>;
