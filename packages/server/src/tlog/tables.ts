import type { ColumnType } from '../db/column-types.js';

/** A timestamp the database fills in (`default now()`). */
type Stamped = ColumnType<Date, Date | string | undefined, never>;

/** A hash column: bytea, read as bytes by both drivers. */
type Hash = ColumnType<Uint8Array, Uint8Array, never>;

export interface TlogHeadTable {
  id: number;
  size: number;
}

/** What a `tlog_entry` row holds: a take, a receipt, a member key event, the key marker. */
export const TLOG_ENTRY_KINDS = ['take', 'receipt', 'key', 'keys-begin', 'outcome'] as const;
export type TlogEntryKind = (typeof TLOG_ENTRY_KINDS)[number];

export interface TlogEntryTable {
  idx: number;
  leaf_hash: Hash;
  kind: TlogEntryKind;
  take_id: string | null;
  receipt_session_id: string | null;
  /** The member of a `key` entry (migration 0018). */
  key_member_id: string | null;
  /** The session and horizon of an `outcome` entry (migration 0021). */
  outcome_session_id: ColumnType<string | null, string | null | undefined, never>;
  outcome_horizon_days: ColumnType<number | null, number | null | undefined, never>;
  entry: string;
  sequenced_at: Stamped;
}

/**
 * Every entry of the log (view, migration 0015): `tlog_entry` rows, and takes filed with their
 * position, whose text is not stored (entry null) but rebuilt from the take columns given here.
 */
export interface TlogEntriesView {
  idx: number;
  leaf_hash: Uint8Array;
  kind: TlogEntryKind;
  take_id: string | null;
  receipt_session_id: string | null;
  key_member_id: string | null;
  entry: string | null;
  session_id: string | null;
  member_id: string | null;
  revision: number | null;
  received_at: Date | null;
  public_key: string | null;
  canonical: string | null;
  signature: string | null;
}

export interface TlogNodeTable {
  level: number;
  idx: number;
  hash: Hash;
}

export interface TlogCheckpointTable {
  size: number;
  root_hash: Hash;
  note: string;
  created_at: Stamped;
}

export interface TlogCosignatureTable {
  checkpoint_size: number;
  key_name: string;
  key_id: string;
  vkey: string;
  signed_at: number;
  line: string;
  created_at: Stamped;
}

/** The last failure of a push to each witness, until it cosigns again (migration 0024). */
export interface TlogWitnessFailureTable {
  vkey: string;
  message: string;
  failed_at: Date;
}

export interface TlogRefusedTable {
  subject: string;
  kind: 'take' | 'receipt' | 'key';
  reason: string;
  found_at: Stamped;
}

/** The log's tables and view (migrations 0013-tlog, 0014-tlog-at-submit, 0015-take-log-position, 0024-tlog-witness-failure). */
export interface TlogTables {
  tlog_head: TlogHeadTable;
  tlog_entry: TlogEntryTable;
  tlog_entries: TlogEntriesView;
  tlog_node: TlogNodeTable;
  tlog_checkpoint: TlogCheckpointTable;
  tlog_cosignature: TlogCosignatureTable;
  tlog_refused: TlogRefusedTable;
  tlog_witness_failure: TlogWitnessFailureTable;
}
