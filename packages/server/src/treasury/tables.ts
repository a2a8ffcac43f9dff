import type { ColumnType, DateText, Generated, Json, Timestamp } from '../db/column-types.js';

export type Provenance = 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
type DateColumn = ColumnType<DateText, DateText, DateText>;

export interface VaultReadingTable {
  id: Generated<number>;
  read_at: Timestamp;
  source: string;
  provenance: Provenance;
  vault_address: string;
  tvl_usd: number;
  share_price: number;
  total_shares: number;
  deposit_cap_usd: number | null;
  idle_usd: number;
}

export interface VaultAdapterReadingTable {
  reading_id: number;
  position: number;
  name: string;
  protocol: string;
  address: string;
  balance_usd: number;
  provenance: Provenance;
}

export interface AllocationTargetTable {
  version: Generated<number>;
  set_at: Timestamp;
  set_by_kind: 'admin' | 'swarm' | 'default';
  session_id: string | null;
  note: string | null;
  weights: Json<Array<{ bucket: string; weight: number }>>;
}

export interface TreasuryWalletTable {
  address: string;
  name: string;
  kind: string;
  tracked_since: DateColumn;
}

export interface WalletHoldingTable {
  wallet_address: string;
  asset: string;
  asset_address: string | null;
  bucket: string | null;
  amount: number;
  price_usd: number | null;
  value_usd: number | null;
  provenance: Provenance;
  as_of: Timestamp;
}

export interface WalletValueSnapshotTable {
  wallet_address: string;
  date: DateColumn;
  total_usd: number;
  provenance: Provenance;
}

export interface TokenReadingTable {
  id: Generated<number>;
  read_at: Timestamp;
  source: string;
  provenance: Provenance;
  price_usd: number | null;
  total_supply: number | null;
  market_cap_usd: number | null;
}

export interface BuybackTable {
  tx_hash: string;
  date: DateColumn;
  block_number: number | null;
  spent_asset: string;
  amount_spent: number;
  tokens_acquired: number;
  value_usd: number | null;
  provenance: Provenance;
}

export interface IndexerStateTable {
  name: string;
  source: string;
  indexed_through: Timestamp | null;
  last_success_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_error: string | null;
}

export interface TreasuryTables {
  vault_reading: VaultReadingTable;
  vault_adapter_reading: VaultAdapterReadingTable;
  allocation_target: AllocationTargetTable;
  treasury_wallet: TreasuryWalletTable;
  wallet_holding: WalletHoldingTable;
  wallet_value_snapshot: WalletValueSnapshotTable;
  token_reading: TokenReadingTable;
  buyback: BuybackTable;
  indexer_state: IndexerStateTable;
}
