import type { Migration } from './migration.js';

export const dataVersion: Migration = {
  name: '0003-data-version',
  sql: /* sql */ `
-- One counter per dataset; a write bumps it in the same transaction and notifies every replica, so
-- cached response bodies are rebuilt on the next read (see db/data-versions.ts).
create table data_version (
  name text primary key,
  version bigint not null default 0,
  updated_at timestamptz not null default now()
);
`,
};
