import type { DateText, Json, Timestamp } from '../db/column-types.js';

/** One holding of a tracked wallet, as imported. */
export interface WalletHolding {
  symbol: string;
  amount: number;
  valueUsd: number;
}

export type SourceConfidence = 'high' | 'medium' | 'low';

export interface AnalyticsCoinTable {
  id: string;
  symbol: string;
  name: string;
  chain: string;
  contract_address: string | null;
  agent_id: string | null;
  project_slug: string | null;
  price_usd: number | null;
  market_cap_usd: number | null;
  fdv_usd: number | null;
  volume_24h_usd: number | null;
  change_24h_pct: number | null;
  holders: number | null;
  circulating_supply: number | null;
  total_supply: number | null;
  launched_at: Timestamp | null;
  refreshed_at: Timestamp;
  imported_at: Timestamp;
}

export interface AnalyticsAgentTable {
  id: string;
  name: string;
  protocol: string | null;
  project_slug: string | null;
  description: string | null;
  site: string | null;
  twitter: string | null;
  wallet_address: string | null;
  coin_id: string | null;
  source_confidence: SourceConfidence | null;
  x402_score: number | null;
  x402_volume_30d_usd: number;
  x402_transactions_30d: number;
  x402_resources: number;
  revenue_30d_usd: number;
  revenue_182d_usd: number;
  revenue_cumulative_usd: number;
  token_tax_30d_usd: number;
  inflow_30d_usd: number;
  wallet_balance_usd: number;
  productivity_frequency: number | null;
  productivity_success_rate: number | null;
  trust_operator_verified: boolean;
  trust_code_public: boolean;
  trust_audited: boolean;
  trust_incidents: number;
  why_included: Json<string[]>;
  listed_at: Timestamp;
  last_seen_at: Timestamp | null;
  refreshed_at: Timestamp;
  imported_at: Timestamp;
}

export interface AnalyticsVaultTable {
  id: string;
  name: string;
  is_own: boolean;
  status: 'live' | 'upcoming' | 'paused' | 'closed';
  chain: string;
  address: string | null;
  platform: string | null;
  asset_symbol: string;
  strategy: string | null;
  manager_agent_id: string | null;
  tvl_usd: number;
  apy_pct: number | null;
  share_price: number | null;
  deposit_cap_usd: number | null;
  change_24h_pct: number | null;
  inception_at: Timestamp | null;
  refreshed_at: Timestamp;
  imported_at: Timestamp;
}

export interface AnalyticsWalletTable {
  id: string;
  address: string;
  chain: string;
  label: string;
  agent_id: string | null;
  project_slug: string | null;
  balance_usd: number;
  change_24h_pct: number | null;
  holdings: Json<WalletHolding[]>;
  tx_count_30d: number;
  inflow_30d_usd: number;
  outflow_30d_usd: number;
  first_seen_at: Timestamp | null;
  last_active_at: Timestamp | null;
  refreshed_at: Timestamp;
  imported_at: Timestamp;
}

export interface AnalyticsProjectTable {
  slug: string;
  name: string;
  category: string;
  chain: string | null;
  tagline: string | null;
  description: string | null;
  site: string | null;
  twitter: string | null;
  logo_url: string | null;
  tags: Json<string[]>;
  coin_id: string | null;
  listed_at: Timestamp;
  refreshed_at: Timestamp;
  imported_at: Timestamp;
}

export interface AnalyticsAgentDailyTable {
  agent_id: string;
  date: DateText;
  revenue_usd: number;
  x402_volume_usd: number;
  x402_transactions: number;
  wallet_balance_usd: number | null;
}

export interface AnalyticsCoinDailyTable {
  coin_id: string;
  date: DateText;
  price_usd: number;
  market_cap_usd: number | null;
  volume_usd: number | null;
}

export interface AnalyticsVaultDailyTable {
  vault_id: string;
  date: DateText;
  tvl_usd: number;
  apy_pct: number | null;
  share_price: number | null;
}

export interface AnalyticsWalletDailyTable {
  wallet_id: string;
  date: DateText;
  balance_usd: number;
  inflow_usd: number | null;
  outflow_usd: number | null;
}

export interface AnalyticsProjectDailyTable {
  project_slug: string;
  date: DateText;
  revenue_usd: number;
  volume_usd: number | null;
  transactions: number | null;
  active_users: number | null;
  tvl_usd: number | null;
}

export interface AnalyticsActivityTable {
  id: string;
  occurred_at: Timestamp;
  kind: string;
  agent_id: string | null;
  project_slug: string | null;
  summary: string;
  amount_usd: number | null;
  tx_hash: string | null;
  imported_at: Timestamp;
}

export interface AnalyticsCommentTable {
  id: string;
  created_at: Timestamp;
  author: string;
  body: string;
  target_type: 'agent' | 'coin' | 'vault' | 'wallet' | 'project' | null;
  target_id: string | null;
  imported_at: Timestamp;
}

/** The analytics tables, named as in SQL (migration 0006-analytics); `DB` extends this. */
export interface AnalyticsTables {
  analytics_coin: AnalyticsCoinTable;
  analytics_agent: AnalyticsAgentTable;
  analytics_vault: AnalyticsVaultTable;
  analytics_wallet: AnalyticsWalletTable;
  analytics_project: AnalyticsProjectTable;
  analytics_agent_daily: AnalyticsAgentDailyTable;
  analytics_coin_daily: AnalyticsCoinDailyTable;
  analytics_vault_daily: AnalyticsVaultDailyTable;
  analytics_wallet_daily: AnalyticsWalletDailyTable;
  analytics_project_daily: AnalyticsProjectDailyTable;
  analytics_activity: AnalyticsActivityTable;
  analytics_comment: AnalyticsCommentTable;
}
