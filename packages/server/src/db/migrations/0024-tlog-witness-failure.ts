import type { Migration } from './migration.js';

/**
 * A witness's state in the admin status is read from the database, so every replica sharing it
 * answers the same (issue 46, item 5): the latest cosignature is in `tlog_cosignature` (indexed
 * here by witness key, newest size first), the last failure of a push to a witness is the one row
 * per key of `tlog_witness_failure`. A cosignature the witness gives afterwards deletes that row:
 * the witness answers again, so the failure no longer describes it. Not append-only, unlike the
 * log's own tables: it is operators' state, not evidence.
 */
export const tlogWitnessFailure: Migration = {
  name: '0024-tlog-witness-failure',
  sql: /* sql */ `
create table tlog_witness_failure (
  vkey text primary key,
  message text not null,
  failed_at timestamptz not null
);
create index tlog_cosignature_by_witness on tlog_cosignature (vkey, checkpoint_size desc);
`,
};
