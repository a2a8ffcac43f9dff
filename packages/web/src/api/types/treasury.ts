// Shapes of the treasury routes (packages/server/src/treasury/schemas.ts).
export type Provenance = 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';

export interface Health {
  status: string;
  env: string;
  db: string;
  handle_namespace: string;
  append_only_guard: string;
}

export interface VaultEconomics {
  asOf: string;
  stale: boolean;
  source: string;
  provenance: Provenance;
  vaultAddress: string;
  tvlUsd: number;
  sharePrice: number;
  totalShares: number;
  depositCapUsd: number | null;
  idleUsd: number;
  adapters: {
    name: string;
    protocol: string;
    address: string;
    balanceUsd: number;
    share: number;
    provenance: Provenance;
  }[];
  apy: { apy7d: number | null; apy30d: number | null; basis: string };
}

export interface SetBy {
  kind: 'admin' | 'swarm' | 'default';
  sessionId: string | null;
}

export interface AllocationFramework {
  asOf: string | null;
  version: number;
  setBy: SetBy;
  note: string | null;
  sleeves: {
    key: string;
    label: string;
    target: number;
    buckets: { key: string; label: string; target: number; withinSleeve: number }[];
  }[];
  history: { version: number; setAt: string; setBy: SetBy; sleeves: Record<string, number> }[];
}

export interface Holding {
  asset: string;
  assetAddress: string | null;
  bucket: string | null;
  sleeve: string;
  amount: number;
  priceUsd: number | null;
  valueUsd: number | null;
  provenance: Provenance;
  asOf: string;
}

export interface WalletBalances {
  asOf: string | null;
  totalUsd: number;
  wallets: {
    name: string;
    address: string;
    type: string;
    trackedSince: string;
    totalUsd: number;
    holdings: Holding[];
  }[];
  history: { date: string; totalUsd: number; provenance: Provenance }[];
  historyProvenance: Record<string, number>;
}

interface SleeveGroup {
  key: string;
  label: string;
  valueUsd: number;
  share: number;
}

export interface WalletSleeves {
  wallets: {
    name: string;
    address: string;
    type: string;
    totalUsd: number;
    sleeves: (SleeveGroup & { holdings: Holding[] })[];
  }[];
  totals: SleeveGroup[];
}

export interface TokenQuote {
  price: number | null;
  totalSupply: number | null;
  marketCap: number | null;
  asOf: string;
  stale: boolean;
  source: string;
  provenance: Provenance;
}

export interface FeeSplit {
  swapFeePercent: number;
  shares: { recipient: string; percent: number; use: string }[];
}

/** `{ <TOKEN_KEY>: TokenQuote, feeSplit }`: the token key is configured per deployment. */
export type TokenMetrics = Record<string, TokenQuote | FeeSplit> & { feeSplit: FeeSplit };

export interface Buybacks {
  asOf: string | null;
  source: string | null;
  stale: boolean;
  lastError: string | null;
  rows: {
    date: string;
    txHash: string;
    amountSpent: number;
    spentAsset: string;
    tokensAcquired: number;
    valueUsd: number | null;
    provenance: Provenance;
  }[];
  totals: { count: number; tokensAcquired: number; valueUsd: number };
}
