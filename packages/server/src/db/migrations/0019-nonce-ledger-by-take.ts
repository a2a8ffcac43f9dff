import type { Migration } from './migration.js';

/**
 * The nonce ledger, append-only, names the take each nonce filed. Looked up by take id when a take
 * row is missing: a take the service filed and no longer serves reads "removed" with that reason,
 * never as an unknown id (docs/protocol.md §14.10, "Rows removed behind the service").
 */
export const nonceLedgerByTake: Migration = {
  name: '0019-nonce-ledger-by-take',
  sql: /* sql */ `
create index nonce_ledger_by_take on nonce_ledger (take_id);
`,
};
