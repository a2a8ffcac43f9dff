import type { Migration } from './migration.js';

/**
 * Live onchain ingestion (src/onchain): the log indexer's cursor and recent checkpoints (to find the
 * fork point after a reorg), and the burns of bought tokens. Buybacks themselves go to `buyback`.
 */
export const onchain: Migration = {
  name: '0008-onchain',
  sql: /* sql */ `
create table onchain_cursor (
  name text primary key,
  block_number bigint not null,
  block_hash text not null,
  block_time timestamptz not null,
  updated_at timestamptz not null
);

create table onchain_checkpoint (
  name text not null,
  block_number bigint not null,
  block_hash text not null,
  primary key (name, block_number)
);

create table onchain_token_burn (
  tx_hash text not null,
  log_index integer not null,
  block_number bigint not null,
  date date not null,
  from_address text not null,
  amount double precision not null,
  primary key (tx_hash, log_index)
);
create index onchain_token_burn_by_block on onchain_token_burn (block_number);
create index buyback_by_block on buyback (block_number);
`,
};
