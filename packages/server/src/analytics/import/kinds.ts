import { IMPORT_KINDS, type ImportKindName } from '@convene/protocol';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { AnalyticsTables } from '../tables.js';
import * as R from './records.js';

export { IMPORT_KINDS, type ImportKindName };

/**
 * A written column: [column, SQL type, record field (dotted for nested; `@importedAt` for the import
 * time), value when the field is absent or null].
 */
type Column = readonly [string, string, string, unknown?];

export interface ValidationIssue {
  instancePath: string;
  message: string;
  keyword: string;
  params: unknown;
}

/** How one kind of record is validated and upserted. */
export interface ImportKind {
  readonly name: ImportKindName;
  readonly table: keyof AnalyticsTables;
  /** The natural key: an upsert on it updates the row, so re-importing never duplicates. */
  readonly key: readonly string[];
  readonly columns: readonly Column[];
  readonly validator: {
    Check(value: unknown): boolean;
    Errors(value: unknown): ValidationIssue[];
  };
  /** Histories only: the entity a row belongs to, which must already exist. */
  readonly parent?: { table: keyof AnalyticsTables; column: string; field: string; noun: string };
}

const float = 'double precision';
const refreshed: Column = ['refreshed_at', 'timestamptz', 'refreshedAt'];
const imported: Column = ['imported_at', 'timestamptz', '@importedAt'];

function define(
  name: ImportKindName,
  table: keyof AnalyticsTables,
  schema: TSchema,
  key: readonly string[],
  columns: readonly Column[],
  parent?: ImportKind['parent'],
): ImportKind {
  const validator = Compile(schema) as unknown as ImportKind['validator'];
  return { name, table, key, columns, validator, ...(parent === undefined ? {} : { parent }) };
}

export const KINDS: Readonly<Record<ImportKindName, ImportKind>> = {
  coins: define(
    'coins',
    'analytics_coin',
    R.CoinRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['symbol', 'text', 'symbol'],
      ['name', 'text', 'name'],
      ['chain', 'text', 'chain'],
      ['contract_address', 'text', 'contractAddress'],
      ['agent_id', 'uuid', 'agentId'],
      ['project_slug', 'text', 'projectSlug'],
      ['price_usd', float, 'priceUsd'],
      ['market_cap_usd', float, 'marketCapUsd'],
      ['fdv_usd', float, 'fdvUsd'],
      ['volume_24h_usd', float, 'volume24hUsd'],
      ['change_24h_pct', float, 'change24hPct'],
      ['holders', 'integer', 'holders'],
      ['circulating_supply', float, 'circulatingSupply'],
      ['total_supply', float, 'totalSupply'],
      ['launched_at', 'timestamptz', 'launchedAt'],
      refreshed,
      imported,
    ],
  ),
  agents: define(
    'agents',
    'analytics_agent',
    R.AgentRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['name', 'text', 'name'],
      ['protocol', 'text', 'protocol'],
      ['project_slug', 'text', 'projectSlug'],
      ['description', 'text', 'description'],
      ['site', 'text', 'site'],
      ['twitter', 'text', 'twitter'],
      ['wallet_address', 'text', 'walletAddress'],
      ['coin_id', 'uuid', 'coinId'],
      ['source_confidence', 'text', 'sourceConfidence'],
      ['x402_score', float, 'x402Score'],
      ['x402_volume_30d_usd', float, 'x402VolumeUsd', 0],
      ['x402_transactions_30d', 'integer', 'x402Transactions', 0],
      ['x402_resources', 'integer', 'x402Resources', 0],
      ['revenue_30d_usd', float, 'revenue30dUsd', 0],
      ['revenue_182d_usd', float, 'revenue182dUsd', 0],
      ['revenue_cumulative_usd', float, 'revenueCumulativeUsd', 0],
      ['token_tax_30d_usd', float, 'tokenTax30dUsd', 0],
      ['inflow_30d_usd', float, 'inflow30dUsd', 0],
      ['wallet_balance_usd', float, 'walletBalanceUsd', 0],
      ['productivity_frequency', float, 'productivityFrequency'],
      ['productivity_success_rate', float, 'productivitySuccessRate'],
      ['trust_operator_verified', 'boolean', 'trust.operatorVerified', false],
      ['trust_code_public', 'boolean', 'trust.codePublic', false],
      ['trust_audited', 'boolean', 'trust.audited', false],
      ['trust_incidents', 'integer', 'trust.incidents', 0],
      ['why_included', 'jsonb', 'whyIncluded', []],
      ['listed_at', 'timestamptz', 'listedAt'],
      ['last_seen_at', 'timestamptz', 'lastSeenAt'],
      refreshed,
      imported,
    ],
  ),
  vaults: define(
    'vaults',
    'analytics_vault',
    R.VaultRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['name', 'text', 'name'],
      ['is_own', 'boolean', 'isOwn', false],
      ['status', 'text', 'status'],
      ['chain', 'text', 'chain'],
      ['address', 'text', 'address'],
      ['platform', 'text', 'platform'],
      ['asset_symbol', 'text', 'assetSymbol'],
      ['strategy', 'text', 'strategy'],
      ['manager_agent_id', 'uuid', 'managerAgentId'],
      ['tvl_usd', float, 'tvlUsd'],
      ['apy_pct', float, 'apyPct'],
      ['share_price', float, 'sharePrice'],
      ['deposit_cap_usd', float, 'depositCapUsd'],
      ['change_24h_pct', float, 'change24hPct'],
      ['inception_at', 'timestamptz', 'inceptionAt'],
      refreshed,
      imported,
    ],
  ),
  wallets: define(
    'wallets',
    'analytics_wallet',
    R.WalletRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['address', 'text', 'address'],
      ['chain', 'text', 'chain'],
      ['label', 'text', 'label'],
      ['agent_id', 'uuid', 'agentId'],
      ['project_slug', 'text', 'projectSlug'],
      ['balance_usd', float, 'balanceUsd'],
      ['change_24h_pct', float, 'change24hPct'],
      ['holdings', 'jsonb', 'holdings', []],
      ['tx_count_30d', 'integer', 'txCount30d', 0],
      ['inflow_30d_usd', float, 'inflow30dUsd', 0],
      ['outflow_30d_usd', float, 'outflow30dUsd', 0],
      ['first_seen_at', 'timestamptz', 'firstSeenAt'],
      ['last_active_at', 'timestamptz', 'lastActiveAt'],
      refreshed,
      imported,
    ],
  ),
  projects: define(
    'projects',
    'analytics_project',
    R.ProjectRecord,
    ['slug'],
    [
      ['slug', 'text', 'slug'],
      ['name', 'text', 'name'],
      ['category', 'text', 'category'],
      ['chain', 'text', 'chain'],
      ['tagline', 'text', 'tagline'],
      ['description', 'text', 'description'],
      ['site', 'text', 'site'],
      ['twitter', 'text', 'twitter'],
      ['logo_url', 'text', 'logoUrl'],
      ['tags', 'jsonb', 'tags', []],
      ['coin_id', 'uuid', 'coinId'],
      ['listed_at', 'timestamptz', 'listedAt'],
      refreshed,
      imported,
    ],
  ),
  'agent-history': define(
    'agent-history',
    'analytics_agent_daily',
    R.AgentDayRecord,
    ['agent_id', 'date'],
    [
      ['agent_id', 'uuid', 'agentId'],
      ['date', 'date', 'date'],
      ['revenue_usd', float, 'revenueUsd'],
      ['x402_volume_usd', float, 'x402VolumeUsd', 0],
      ['x402_transactions', 'integer', 'x402Transactions', 0],
      ['wallet_balance_usd', float, 'walletBalanceUsd'],
    ],
    { table: 'analytics_agent', column: 'id', field: 'agentId', noun: 'agent' },
  ),
  'coin-history': define(
    'coin-history',
    'analytics_coin_daily',
    R.CoinDayRecord,
    ['coin_id', 'date'],
    [
      ['coin_id', 'uuid', 'coinId'],
      ['date', 'date', 'date'],
      ['price_usd', float, 'priceUsd'],
      ['market_cap_usd', float, 'marketCapUsd'],
      ['volume_usd', float, 'volumeUsd'],
    ],
    { table: 'analytics_coin', column: 'id', field: 'coinId', noun: 'coin' },
  ),
  'vault-history': define(
    'vault-history',
    'analytics_vault_daily',
    R.VaultDayRecord,
    ['vault_id', 'date'],
    [
      ['vault_id', 'uuid', 'vaultId'],
      ['date', 'date', 'date'],
      ['tvl_usd', float, 'tvlUsd'],
      ['apy_pct', float, 'apyPct'],
      ['share_price', float, 'sharePrice'],
    ],
    { table: 'analytics_vault', column: 'id', field: 'vaultId', noun: 'vault' },
  ),
  'wallet-history': define(
    'wallet-history',
    'analytics_wallet_daily',
    R.WalletDayRecord,
    ['wallet_id', 'date'],
    [
      ['wallet_id', 'uuid', 'walletId'],
      ['date', 'date', 'date'],
      ['balance_usd', float, 'balanceUsd'],
      ['inflow_usd', float, 'inflowUsd'],
      ['outflow_usd', float, 'outflowUsd'],
    ],
    { table: 'analytics_wallet', column: 'id', field: 'walletId', noun: 'wallet' },
  ),
  'project-history': define(
    'project-history',
    'analytics_project_daily',
    R.ProjectDayRecord,
    ['project_slug', 'date'],
    [
      ['project_slug', 'text', 'projectSlug'],
      ['date', 'date', 'date'],
      ['revenue_usd', float, 'revenueUsd'],
      ['volume_usd', float, 'volumeUsd'],
      ['transactions', 'integer', 'transactions'],
      ['active_users', 'integer', 'activeUsers'],
      ['tvl_usd', float, 'tvlUsd'],
    ],
    { table: 'analytics_project', column: 'slug', field: 'projectSlug', noun: 'project' },
  ),
  activity: define(
    'activity',
    'analytics_activity',
    R.ActivityRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['occurred_at', 'timestamptz', 'occurredAt'],
      ['kind', 'text', 'kind'],
      ['agent_id', 'uuid', 'agentId'],
      ['project_slug', 'text', 'projectSlug'],
      ['summary', 'text', 'summary'],
      ['amount_usd', float, 'amountUsd'],
      ['tx_hash', 'text', 'txHash'],
      imported,
    ],
  ),
  comments: define(
    'comments',
    'analytics_comment',
    R.CommentRecord,
    ['id'],
    [
      ['id', 'uuid', 'id'],
      ['created_at', 'timestamptz', 'createdAt'],
      ['author', 'text', 'author'],
      ['body', 'text', 'body'],
      ['target_type', 'text', 'targetType'],
      ['target_id', 'text', 'targetId'],
      imported,
    ],
  ),
};

/** The row to upsert for a validated record. */
export function toRow(
  kind: ImportKind,
  record: Record<string, unknown>,
  importedAt: string,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [column, , field, fallback] of kind.columns) {
    const value = field === '@importedAt' ? importedAt : readField(record, field);
    row[column] = value ?? fallback ?? null;
  }
  return row;
}

function readField(record: Record<string, unknown>, field: string): unknown {
  const dot = field.indexOf('.');
  if (dot < 0) return record[field];
  const inner = record[field.slice(0, dot)];
  return typeof inner === 'object' && inner !== null
    ? (inner as Record<string, unknown>)[field.slice(dot + 1)]
    : undefined;
}

/** The kind a file holds, from its base name: `agents.ndjson`, `coin-history.json`, … */
export function kindOfFile(fileName: string): ImportKindName | undefined {
  const base = /^([a-z0-9-]+)\.(ndjson|jsonl|json)$/.exec(fileName)?.[1];
  return (IMPORT_KINDS as readonly string[]).includes(base ?? '')
    ? (base as ImportKindName)
    : undefined;
}
