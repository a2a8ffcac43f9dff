import type { Migration } from './index.js';

/**
 * A take's log entry no longer holds a foreign key to its take row. The key made every filed take
 * run a referential check that locks the row just inserted by the same statement (on PostgreSQL,
 * filing one take per statement took 21 % longer with the entry and its key than without the
 * entry, 7 % with the entry alone: `bench/file-takes.ts`, docs/benchmarks.md), and it guarded
 * nothing the log does not already: both rows are written by `convene_file_takes` in one statement,
 * neither table accepts a delete, and every read compares the take row with its entry (a missing
 * row or entry reads `verified: false`, docs/protocol.md §14.8). `take_id` stays unique.
 */
export const tlogEntryTakeUnchecked: Migration = {
  name: '0015-tlog-entry-take-unchecked',
  sql: /* sql */ `
alter table tlog_entry drop constraint tlog_entry_take_id_fkey;
`,
};
