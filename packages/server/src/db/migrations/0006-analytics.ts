import type { Migration } from './migration.js';

/**
 * The third-party analytics dataset: what the service observes about other agents, coins, vaults,
 * wallets and projects. Links between entities are soft (no foreign keys) because an operator's
 * dataset may name an entity before it is imported; daily histories hang off their entity and go with it.
 */
export const analytics: Migration = {
  name: '0006-analytics',
  sql: /* sql */ `
create table analytics_coin (
  id uuid primary key,
  symbol text not null,
  name text not null,
  chain text not null,
  contract_address text,
  agent_id uuid,
  project_slug text,
  price_usd double precision,
  market_cap_usd double precision,
  fdv_usd double precision,
  volume_24h_usd double precision,
  change_24h_pct double precision,
  holders integer,
  circulating_supply double precision,
  total_supply double precision,
  launched_at timestamptz,
  refreshed_at timestamptz not null,
  imported_at timestamptz not null
);
create index analytics_coin_agent on analytics_coin (agent_id);

create table analytics_agent (
  id uuid primary key,
  name text not null,
  protocol text,
  project_slug text,
  description text,
  site text,
  twitter text,
  wallet_address text,
  coin_id uuid,
  source_confidence text check (source_confidence in ('high', 'medium', 'low')),
  x402_score double precision,
  x402_volume_30d_usd double precision not null,
  x402_transactions_30d integer not null,
  x402_resources integer not null,
  revenue_30d_usd double precision not null,
  revenue_182d_usd double precision not null,
  revenue_cumulative_usd double precision not null,
  token_tax_30d_usd double precision not null,
  inflow_30d_usd double precision not null,
  wallet_balance_usd double precision not null,
  productivity_frequency double precision,
  productivity_success_rate double precision,
  trust_operator_verified boolean not null,
  trust_code_public boolean not null,
  trust_audited boolean not null,
  trust_incidents integer not null,
  why_included jsonb not null,
  listed_at timestamptz not null,
  last_seen_at timestamptz,
  refreshed_at timestamptz not null,
  imported_at timestamptz not null
);
create index analytics_agent_coin on analytics_agent (coin_id);
create index analytics_agent_project on analytics_agent (project_slug);

-- is_own marks the service's own vault: stored because real datasets list it, never served as third-party.
create table analytics_vault (
  id uuid primary key,
  name text not null,
  is_own boolean not null,
  status text not null check (status in ('live', 'upcoming', 'paused', 'closed')),
  chain text not null,
  address text,
  platform text,
  asset_symbol text not null,
  strategy text,
  manager_agent_id uuid,
  tvl_usd double precision not null,
  apy_pct double precision,
  share_price double precision,
  deposit_cap_usd double precision,
  change_24h_pct double precision,
  inception_at timestamptz,
  refreshed_at timestamptz not null,
  imported_at timestamptz not null
);
create index analytics_vault_manager on analytics_vault (manager_agent_id);

create table analytics_wallet (
  id uuid primary key,
  address text not null,
  chain text not null,
  label text not null,
  agent_id uuid,
  project_slug text,
  balance_usd double precision not null,
  change_24h_pct double precision,
  holdings jsonb not null,
  tx_count_30d integer not null,
  inflow_30d_usd double precision not null,
  outflow_30d_usd double precision not null,
  first_seen_at timestamptz,
  last_active_at timestamptz,
  refreshed_at timestamptz not null,
  imported_at timestamptz not null
);
create index analytics_wallet_agent on analytics_wallet (agent_id);
create index analytics_wallet_project on analytics_wallet (project_slug);

create table analytics_project (
  slug text primary key check (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  name text not null,
  category text not null,
  chain text,
  tagline text,
  description text,
  site text,
  twitter text,
  logo_url text,
  tags jsonb not null,
  coin_id uuid,
  listed_at timestamptz not null,
  refreshed_at timestamptz not null,
  imported_at timestamptz not null
);

create table analytics_agent_daily (
  agent_id uuid not null references analytics_agent (id) on delete cascade,
  date date not null,
  revenue_usd double precision not null,
  x402_volume_usd double precision not null,
  x402_transactions integer not null,
  wallet_balance_usd double precision,
  primary key (agent_id, date)
);
create index analytics_agent_daily_date on analytics_agent_daily (date);

create table analytics_coin_daily (
  coin_id uuid not null references analytics_coin (id) on delete cascade,
  date date not null,
  price_usd double precision not null,
  market_cap_usd double precision,
  volume_usd double precision,
  primary key (coin_id, date)
);

create table analytics_vault_daily (
  vault_id uuid not null references analytics_vault (id) on delete cascade,
  date date not null,
  tvl_usd double precision not null,
  apy_pct double precision,
  share_price double precision,
  primary key (vault_id, date)
);

create table analytics_wallet_daily (
  wallet_id uuid not null references analytics_wallet (id) on delete cascade,
  date date not null,
  balance_usd double precision not null,
  inflow_usd double precision,
  outflow_usd double precision,
  primary key (wallet_id, date)
);

create table analytics_project_daily (
  project_slug text not null references analytics_project (slug) on delete cascade,
  date date not null,
  revenue_usd double precision not null,
  volume_usd double precision,
  transactions integer,
  active_users integer,
  tvl_usd double precision,
  primary key (project_slug, date)
);

create table analytics_activity (
  id uuid primary key,
  occurred_at timestamptz not null,
  kind text not null,
  agent_id uuid,
  project_slug text,
  summary text not null,
  amount_usd double precision,
  tx_hash text,
  imported_at timestamptz not null
);
create index analytics_activity_recent on analytics_activity (occurred_at desc, id desc);
create index analytics_activity_project on analytics_activity (project_slug, occurred_at desc);

-- Comment text is untrusted user input, stored and served exactly as received.
create table analytics_comment (
  id uuid primary key,
  created_at timestamptz not null,
  author text not null,
  body text not null,
  target_type text check (target_type in ('agent', 'coin', 'vault', 'wallet', 'project')),
  target_id text,
  imported_at timestamptz not null
);
create index analytics_comment_recent on analytics_comment (created_at desc, id desc);
`,
};
