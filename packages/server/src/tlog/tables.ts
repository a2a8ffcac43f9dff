import type { ColumnType } from '../db/column-types.js';

/** A timestamp the database fills in (`default now()`), never updated. */
type Stamped = ColumnType<Date, Date | string | undefined, never>;

/** A hash column: bytea, read as bytes by both drivers, never updated. */
type Hash = ColumnType<Uint8Array, Uint8Array, never>;

/** What a `tlog_entry` row holds: a take, a receipt, a member key event, the key marker. */
export const TLOG_ENTRY_KINDS = ['take', 'receipt', 'key', 'keys-begin', 'outcome'] as const;
export type TlogEntryKind = (typeof TLOG_ENTRY_KINDS)[number];

/**
 * Where the log's columns are narrower than the database's types (db/columns.generated.ts): its
 * append-only rows' hashes and stamps are never updated, and an entry's kind is one of its words.
 */
export interface TlogColumns {
  tlog_entry: {
    leaf_hash: Hash;
    kind: TlogEntryKind;
    /** The session and horizon of an `outcome` entry (migration 0021). */
    outcome_session_id: ColumnType<string | null, string | null | undefined, never>;
    outcome_horizon_days: ColumnType<number | null, number | null | undefined, never>;
    sequenced_at: Stamped;
  };
  tlog_node: { hash: Hash };
  tlog_checkpoint: { root_hash: Hash; created_at: Stamped };
  tlog_cosignature: { created_at: Stamped };
  tlog_refused: { kind: 'take' | 'receipt' | 'key'; found_at: Stamped };
}

/**
 * Every entry of the log (view, migration 0015): `tlog_entry` rows, and takes filed with their
 * position, whose text is not stored (entry null) but rebuilt from the take columns given here.
 * Written by hand: a view's columns carry no nullness in the catalogue.
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
