import type { Migration } from './migration.js';

/**
 * Treasury datasets. Every reading carries its own as-of time, source and provenance, so a live
 * onchain reader (provenance 'live') and the demo generator ('seed') write the same tables.
 */
export const treasury: Migration = {
  name: '0004-treasury',
  sql: /* sql */ `
create domain treasury_provenance as text
  check (value in ('live', 'stub', 'stale', 'seed', 'backfilled'));

create table vault_reading (
  id bigserial primary key,
  read_at timestamptz not null,
  source text not null,
  provenance treasury_provenance not null,
  vault_address text not null,
  tvl_usd double precision not null,
  share_price double precision not null,
  total_shares double precision not null,
  deposit_cap_usd double precision,
  idle_usd double precision not null
);
create index vault_reading_recent on vault_reading (read_at desc);

create table vault_adapter_reading (
  reading_id bigint not null references vault_reading (id) on delete cascade,
  position smallint not null,
  name text not null,
  protocol text not null,
  address text not null,
  balance_usd double precision not null,
  provenance treasury_provenance not null,
  primary key (reading_id, position)
);

-- Versioned targets: the newest row is in force. set_by_kind 'swarm' rows name the session.
create table allocation_target (
  version bigserial primary key,
  set_at timestamptz not null,
  set_by_kind text not null check (set_by_kind in ('admin', 'swarm', 'default')),
  session_id text,
  note text,
  weights jsonb not null,
  check ((set_by_kind = 'swarm') = (session_id is not null))
);

create table treasury_wallet (
  address text primary key,
  name text not null,
  kind text not null,
  tracked_since date not null
);

create table wallet_holding (
  wallet_address text not null references treasury_wallet (address),
  asset text not null,
  asset_address text,
  bucket text,
  amount double precision not null,
  price_usd double precision,
  value_usd double precision,
  provenance treasury_provenance not null,
  as_of timestamptz not null,
  primary key (wallet_address, asset)
);

-- One persisted total per wallet per day; a day without a row is absent, never interpolated.
create table wallet_value_snapshot (
  wallet_address text not null references treasury_wallet (address),
  date date not null,
  total_usd double precision not null,
  provenance treasury_provenance not null,
  primary key (wallet_address, date)
);

create table token_reading (
  id bigserial primary key,
  read_at timestamptz not null,
  source text not null,
  provenance treasury_provenance not null,
  price_usd double precision,
  total_supply double precision,
  market_cap_usd double precision
);
create index token_reading_recent on token_reading (read_at desc);

create table buyback (
  tx_hash text primary key,
  date date not null,
  block_number bigint,
  spent_asset text not null,
  amount_spent double precision not null,
  tokens_acquired double precision not null,
  value_usd double precision,
  provenance treasury_provenance not null
);
create index buyback_by_date on buyback (date desc);

-- Where each indexer/reader has got to, so "no rows lately" can be told from "not looking".
create table indexer_state (
  name text primary key,
  source text not null,
  indexed_through timestamptz,
  last_success_at timestamptz,
  last_attempt_at timestamptz,
  last_error text
);
`,
};
