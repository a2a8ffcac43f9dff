import type { DateText, Timestamp } from '../db/column-types.js';

/** Where a log indexer has got to: the last block it has fully read, by number and hash. */
export interface OnchainCursorTable {
  name: string;
  block_number: number;
  block_hash: string;
  block_time: Timestamp;
  updated_at: Timestamp;
}

/** Recent blocks an indexer ended a pass on; after a reorg the newest still canonical is the fork point. */
export interface OnchainCheckpointTable {
  name: string;
  block_number: number;
  block_hash: string;
}

/** Service tokens a protocol wallet sent to the burn address. */
export interface OnchainTokenBurnTable {
  tx_hash: string;
  log_index: number;
  block_number: number;
  date: DateText;
  from_address: string;
  amount: number;
}

export interface OnchainTables {
  onchain_cursor: OnchainCursorTable;
  onchain_checkpoint: OnchainCheckpointTable;
  onchain_token_burn: OnchainTokenBurnTable;
}
