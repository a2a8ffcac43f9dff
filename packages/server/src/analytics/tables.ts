import type { TableName, Tables } from '../db/table-types.js';

/** One holding of a tracked wallet, as imported. */
export interface WalletHolding {
  symbol: string;
  amount: number;
  valueUsd: number;
}

export type SourceConfidence = 'high' | 'medium' | 'low';

/** Where the analytics columns are narrower than the database's types (db/columns.generated.ts). */
export interface AnalyticsColumns {
  analytics_agent: { source_confidence: SourceConfidence; why_included: string[] };
  analytics_vault: { status: 'live' | 'upcoming' | 'paused' | 'closed' };
  analytics_wallet: { holdings: WalletHolding[] };
  analytics_project: { tags: string[] };
  analytics_comment: { target_type: 'agent' | 'coin' | 'vault' | 'wallet' | 'project' };
}

/** The analytics tables (migration 0006-analytics): every table named `analytics_…`. */
export type AnalyticsTables = Pick<Tables<AnalyticsColumns>, `analytics_${string}` & TableName>;

export type AnalyticsCoinTable = AnalyticsTables['analytics_coin'];
export type AnalyticsAgentTable = AnalyticsTables['analytics_agent'];
export type AnalyticsVaultTable = AnalyticsTables['analytics_vault'];
export type AnalyticsWalletTable = AnalyticsTables['analytics_wallet'];
export type AnalyticsProjectTable = AnalyticsTables['analytics_project'];
export type AnalyticsActivityTable = AnalyticsTables['analytics_activity'];
export type AnalyticsCommentTable = AnalyticsTables['analytics_comment'];
