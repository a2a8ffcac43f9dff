import type { Migration } from './migration.js';

/** Regime inputs (sparse real observations only) and the computed snapshots and research signals. */
export const regime: Migration = {
  name: '0005-regime',
  sql: /* sql */ `
create table regime_series (
  key text primary key,
  source text not null,
  provenance text not null check (provenance in ('live', 'seed', 'fixture', 'backfilled')),
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  stale boolean not null default false
);

-- Only real prints: forward-fills happen when read and are never written back.
create table regime_observation (
  series_key text not null references regime_series (key),
  date date not null,
  value double precision not null,
  primary key (series_key, date)
);

create table regime_snapshot (
  date date primary key,
  version text not null,
  source text not null,
  composite double precision,
  composite_percentile double precision,
  regime text check (regime in ('risk_off', 'neutral', 'risk_on')),
  panels jsonb not null,
  panel_weights jsonb not null
);

-- The newest computation's latest-only blobs (indicators, backtests, correlations).
create table regime_run (
  id bigserial primary key,
  computed_at timestamptz not null,
  latest_date date not null,
  version text not null,
  source text not null,
  duration_ms integer not null,
  detail jsonb not null
);

create table research_signal (
  signal_key text not null,
  date date not null,
  computed_at timestamptz not null,
  source text not null,
  payload jsonb not null,
  primary key (signal_key, date)
);
`,
};
