import type { Migration } from './migration.js';

/**
 * "One past the highest index either table holds" had two copies: inside `convene_tlog_lock_next`
 * (migration 0015) and in `TlogRepository.nextIndex`. It now has one, `convene_tlog_next`, which the
 * locking function calls after taking the lock and which readers that only look call on its own.
 * PL/pgSQL, not SQL: a SQL function's query is planned again on every call (about 0.25 ms on PGlite,
 * on every take's filing), where PL/pgSQL keeps its plans for the session.
 *
 * `take_unlogged` serves the recovery pass's look for accepted takes without a log position: while
 * the log is on no take is filed without one, so the index stays empty and costs filing nothing,
 * and the pass reads no take row to find that there is nothing to do.
 */
export const tlogNextIndex: Migration = {
  name: '0017-tlog-next-index',
  sql: /* sql */ `
create function convene_tlog_next() returns bigint language plpgsql stable as $$
begin
  return greatest(coalesce((select max(log_index) from take), -1),
                  coalesce((select max(idx) from tlog_entry), -1)) + 1;
end
$$;

create index take_unlogged on take (recommendation_id) where log_index is null;

create or replace function convene_tlog_lock_next() returns bigint language plpgsql volatile as $$
begin
  perform pg_advisory_xact_lock(hashtext('convene.tlog.index'));
  -- A new statement, so a new snapshot: it sees every append committed before the lock was granted.
  return convene_tlog_next();
end
$$;
`,
};
