// Shapes of the analytics routes (packages/server/src/analytics/schemas/*.ts).
type Nullable<T> = T | null;

export interface Ref {
  id: string;
  name: string;
}
interface Fresh {
  refreshedAt: string;
  stale: boolean;
}
interface Listing {
  generatedAt: string;
  sparklineWeeks: string[];
  total: number;
}

export interface MarketOverview extends Fresh {
  generatedAt: string;
  counts: Record<'agents' | 'activeAgents' | 'coins' | 'vaults' | 'wallets' | 'projects', number>;
  totals: Record<
    | 'vaultTvlUsd'
    | 'walletBalanceUsd'
    | 'totalAumUsd'
    | 'agentRevenue30dUsd'
    | 'x402Volume30dUsd'
    | 'coinMarketCapUsd',
    number
  >;
  vaultTvlSparkline7d: { date: string; tvlUsd: number }[];
  leaders: Record<'agents' | 'coins' | 'vaults' | 'wallets', (Ref & { value: number })[]>;
  avgProductivityScore: Nullable<number>;
}

export type EntityType = 'agent' | 'coin' | 'vault' | 'wallet';
export interface EntityRow extends Fresh {
  type: EntityType;
  id: string;
  name: string;
  contextLabel: string;
  contextValue: Nullable<number>;
  revenueOrVolumeUsd: Nullable<number>;
  balanceOrTvlUsd: Nullable<number>;
  change24hPct: Nullable<number>;
  sparkline: Nullable<number>[];
  pending: boolean;
}
export interface EntitiesResponse extends Listing {
  entities: EntityRow[];
}

export type LegStatus = 'verified' | 'partial' | 'missing';
export type EvidenceLeg = 'wallet' | 'moneyIn' | 'x402' | 'token' | 'identity' | 'freshness';
export type Evidence = Record<EvidenceLeg, { status: LegStatus; detail: string }>;

export interface LeaderboardRow extends Fresh {
  rank: number;
  id: string;
  name: string;
  protocol: Nullable<string>;
  signalScore: number;
  recencyBoost: number;
  evidenceStatus: LegStatus;
  confidence: 'High' | 'Medium' | 'Low';
  evidence: Evidence;
  revenue30dUsd: number;
  walletBalanceUsd: number;
  x402VolumeUsd: number;
  tokenMarketCapUsd: Nullable<number>;
  coin: Nullable<{ id: string; symbol: string }>;
  lastSeenAt: Nullable<string>;
}
export interface LeaderboardResponse {
  generatedAt: string;
  formula: string;
  stats: {
    listedAgents: number;
    verifiedWalletBalanceUsd: number;
    moneyIn30dUsd: number;
    highConfidenceCount: number;
  };
  health: {
    source: string;
    status: string;
    rows: number;
    freshRows: number;
    lastRefreshedAt: Nullable<string>;
  }[];
  total: number;
  agents: LeaderboardRow[];
}

type CoinLink = Nullable<{ id: string; symbol: string; marketCapUsd: Nullable<number> }>;

export interface AgentRow extends Fresh {
  id: string;
  name: string;
  protocol: Nullable<string>;
  score: number;
  status: 'active' | 'idle';
  x402Score: Nullable<number>;
  x402Transactions: number;
  x402VolumeUsd: number;
  walletAddress: Nullable<string>;
  walletBalanceUsd: number;
  earned30dUsd: number;
  tokenTax30dUsd: number;
  inflow30dUsd: number;
  coin: CoinLink;
  productivityScore: Nullable<number>;
  lastSeenAt: Nullable<string>;
  sparklines: {
    revenue: Nullable<number>[];
    x402Volume: Nullable<number>[];
    balance: Nullable<number>[];
  };
}
export interface AgentsResponse extends Listing {
  agents: AgentRow[];
}

export interface AgentDetail extends Fresh {
  generatedAt: string;
  id: string;
  name: string;
  protocol: Nullable<string>;
  description: Nullable<string>;
  site: Nullable<string>;
  twitter: Nullable<string>;
  projectSlug: Nullable<string>;
  walletAddress: Nullable<string>;
  walletBalanceUsd: number;
  status: 'active' | 'idle';
  confidence: Nullable<'high' | 'medium' | 'low'>;
  score: number;
  x402: { score: Nullable<number>; transactions: number; volumeUsd: number; resources: number };
  revenue: Record<
    'revenue30dUsd' | 'revenue182dUsd' | 'cumulativeUsd' | 'tokenTax30dUsd' | 'inflow30dUsd',
    number
  >;
  productivity: {
    score: Nullable<number>;
    frequency: Nullable<number>;
    successRate: Nullable<number>;
    recency: number;
  };
  coin: CoinLink;
  signal: {
    signalScore: number;
    rank: number;
    evidenceStatus: LegStatus;
    confidence: 'High' | 'Medium' | 'Low';
  };
  evidence: Evidence;
  whyIncluded: string[];
  openGaps: string[];
  trust: {
    sourceConfidence: Nullable<string>;
    operatorVerified: boolean;
    codePublic: boolean;
    audited: boolean;
    incidents: number;
    verifiedLegs: number;
  };
  managedVaults: {
    id: string;
    name: string;
    status: string;
    tvlUsd: number;
    apyPct: Nullable<number>;
  }[];
  trackedWallets: {
    id: string;
    label: string;
    address: string;
    chain: string;
    balanceUsd: number;
  }[];
  weekly: {
    weekStart: string;
    revenueUsd: Nullable<number>;
    x402VolumeUsd: Nullable<number>;
    x402Transactions: Nullable<number>;
    walletBalanceUsd: Nullable<number>;
  }[];
  listedAt: string;
  lastSeenAt: Nullable<string>;
}

export interface CoinRow extends Fresh {
  id: string;
  symbol: string;
  name: string;
  chain: string;
  priceUsd: Nullable<number>;
  marketCapUsd: Nullable<number>;
  fdvUsd: Nullable<number>;
  volume24hUsd: Nullable<number>;
  change24hPct: Nullable<number>;
  holders: Nullable<number>;
  agent: Nullable<Ref>;
  sparkline: Nullable<number>[];
}
export interface CoinsResponse extends Listing {
  coins: CoinRow[];
}
export interface CoinProfile extends CoinRow {
  contractAddress: Nullable<string>;
  projectSlug: Nullable<string>;
  circulatingSupply: Nullable<number>;
  totalSupply: Nullable<number>;
  launchedAt: Nullable<string>;
  change30dPct: Nullable<number>;
  linkedAgents: { id: string; name: string; protocol: Nullable<string> }[];
  history: {
    date: string;
    priceUsd: number;
    marketCapUsd: Nullable<number>;
    volumeUsd: Nullable<number>;
  }[];
}

export interface VaultRow extends Fresh {
  id: string;
  name: string;
  status: string;
  chain: string;
  platform: Nullable<string>;
  assetSymbol: string;
  tvlUsd: number;
  apyPct: Nullable<number>;
  sharePrice: Nullable<number>;
  change24hPct: Nullable<number>;
  manager: Nullable<Ref>;
  sparkline: Nullable<number>[];
}
export interface VaultsResponse extends Listing {
  totalTvlUsd: number;
  vaults: VaultRow[];
}
export interface VaultProfile extends VaultRow {
  address: Nullable<string>;
  strategy: Nullable<string>;
  depositCapUsd: Nullable<number>;
  inceptionAt: Nullable<string>;
  yield: {
    apy7dAvgPct: Nullable<number>;
    apy30dAvgPct: Nullable<number>;
    sharePriceChange30dPct: Nullable<number>;
  };
  history: {
    date: string;
    tvlUsd: number;
    apyPct: Nullable<number>;
    sharePrice: Nullable<number>;
  }[];
}

export interface WalletRow extends Fresh {
  id: string;
  label: string;
  address: string;
  chain: string;
  balanceUsd: number;
  change24hPct: Nullable<number>;
  txCount30d: number;
  inflow30dUsd: number;
  outflow30dUsd: number;
  agent: Nullable<Ref>;
  projectSlug: Nullable<string>;
  lastActiveAt: Nullable<string>;
  sparkline: Nullable<number>[];
}
export interface WalletsResponse extends Listing {
  wallets: WalletRow[];
}
export interface WalletProfile extends WalletRow {
  firstSeenAt: Nullable<string>;
  holdings: { symbol: string; amount: number; valueUsd: number }[];
  delta30d: Nullable<{
    fromDate: string;
    balanceThenUsd: number;
    changeUsd: number;
    changePct: Nullable<number>;
  }>;
  history: {
    date: string;
    balanceUsd: number;
    inflowUsd: Nullable<number>;
    outflowUsd: Nullable<number>;
  }[];
}

export interface ActivityEntry {
  id: string;
  occurredAt: string;
  kind: string;
  agent: Nullable<Ref>;
  projectSlug: Nullable<string>;
  summary: string;
  amountUsd: Nullable<number>;
  txHash: Nullable<string>;
}

export interface ProjectRow extends Fresh {
  slug: string;
  name: string;
  category: string;
  chain: Nullable<string>;
  tagline: Nullable<string>;
  revenue30dUsd: number;
  revenueChange30dPct: Nullable<number>;
  volume30dUsd: Nullable<number>;
  tvlUsd: Nullable<number>;
  agentCount: number;
  coin: CoinLink;
}
export interface ProjectsResponse {
  generatedAt: string;
  total: number;
  projects: ProjectRow[];
}
export interface ProjectDetail extends Fresh {
  generatedAt: string;
  hero: {
    slug: string;
    name: string;
    category: string;
    chain: Nullable<string>;
    tagline: Nullable<string>;
    description: Nullable<string>;
    site: Nullable<string>;
    twitter: Nullable<string>;
    logoUrl: Nullable<string>;
    tags: string[];
    listedAt: string;
  };
  kpis: {
    key: string;
    label: string;
    value: Nullable<number>;
    unit: 'usd' | 'count' | 'pct';
    change30dPct: Nullable<number>;
  }[];
  facets: {
    agents: {
      id: string;
      name: string;
      protocol: Nullable<string>;
      revenue30dUsd: number;
      walletBalanceUsd: number;
      status: string;
    }[];
    coins: {
      id: string;
      symbol: string;
      priceUsd: Nullable<number>;
      marketCapUsd: Nullable<number>;
    }[];
    vaults: { id: string; name: string; tvlUsd: number; apyPct: Nullable<number> }[];
    wallets: { id: string; label: string; chain: string; balanceUsd: number }[];
  };
  history: {
    date: string;
    revenueUsd: number;
    volumeUsd: Nullable<number>;
    transactions: Nullable<number>;
    activeUsers: Nullable<number>;
    tvlUsd: Nullable<number>;
  }[];
  ratios: { key: string; label: string; value: Nullable<number>; description: string }[];
  activity: ActivityEntry[];
}

export interface Comment {
  id: string;
  createdAt: string;
  author: string;
  body: string;
  targetType: Nullable<string>;
  targetId: Nullable<string>;
}
export interface CommentsResponse {
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  comments: Comment[];
}
