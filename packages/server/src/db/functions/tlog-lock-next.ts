import type { DatabaseFunction } from './database-function.js';

/**
 * Takes the log's index lock for the transaction and returns the next free index, read in a new
 * statement (a fresh snapshot) after the lock is granted.
 */
export const tlogLockNext: DatabaseFunction = {
  name: 'convene_tlog_lock_next',
  sql: /* sql */ `
create or replace function convene_tlog_lock_next() returns bigint language plpgsql volatile as $$
begin
  perform pg_advisory_xact_lock(hashtext('convene.tlog.index'));
  -- A new statement, so a new snapshot: it sees every append committed before the lock was granted.
  return convene_tlog_next();
end
$$;
`,
};
