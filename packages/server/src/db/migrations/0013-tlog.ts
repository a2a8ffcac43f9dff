import type { Migration } from './migration.js';

/**
 * The transparency log (docs/protocol.md §14): entries, the stored full-subtree nodes, every signed
 * checkpoint and witnesses' cosignatures, all append-only (CVG01). `tlog_head` is the one row the
 * sequencer locks (`for update`) and advances in the same transaction that writes the entries and
 * nodes, so indices stay consecutive across replicas, races and crashes. `tlog_refused` records takes
 * and receipts the sequencer would not log because they are not what the service would have accepted.
 */
export const tlog: Migration = {
  name: '0013-tlog',
  sql: /* sql */ `
create table tlog_head (
  id smallint primary key check (id = 1),
  size bigint not null check (size >= 0)
);
insert into tlog_head (id, size) values (1, 0);

create table tlog_entry (
  idx bigint primary key check (idx >= 0),
  leaf_hash bytea not null unique,
  kind text not null check (kind in ('take', 'receipt')),
  take_id uuid unique references take (id),
  receipt_session_id uuid unique references consensus_receipt (session_id),
  entry text not null,
  sequenced_at timestamptz not null default now(),
  constraint tlog_entry_subject check (
    (kind = 'take' and take_id is not null and receipt_session_id is null) or
    (kind = 'receipt' and receipt_session_id is not null and take_id is null))
);

create table tlog_node (
  level smallint not null check (level >= 0),
  idx bigint not null check (idx >= 0),
  hash bytea not null,
  primary key (level, idx)
);

create table tlog_checkpoint (
  size bigint primary key check (size >= 0),
  root_hash bytea not null,
  note text not null,
  created_at timestamptz not null default now()
);

create table tlog_cosignature (
  checkpoint_size bigint not null references tlog_checkpoint (size),
  key_name text not null,
  key_id text not null,
  vkey text not null,
  signed_at bigint not null,
  line text not null,
  created_at timestamptz not null default now(),
  primary key (checkpoint_size, vkey)
);

create table tlog_refused (
  subject text primary key,
  kind text not null check (kind in ('take', 'receipt')),
  reason text not null,
  found_at timestamptz not null default now()
);

create trigger tlog_entry_append_only before update or delete or truncate on tlog_entry
  for each statement execute function convene_refuse_change();
create trigger tlog_node_append_only before update or delete or truncate on tlog_node
  for each statement execute function convene_refuse_change();
create trigger tlog_checkpoint_append_only before update or delete or truncate on tlog_checkpoint
  for each statement execute function convene_refuse_change();
create trigger tlog_cosignature_append_only before update or delete or truncate on tlog_cosignature
  for each statement execute function convene_refuse_change();
`,
};
