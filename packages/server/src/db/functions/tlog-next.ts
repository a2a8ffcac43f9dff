import type { DatabaseFunction } from './database-function.js';

/**
 * One past the highest index the log holds, in `take` or `tlog_entry`. PL/pgSQL, not SQL: it
 * keeps its plans for the session.
 */
export const tlogNext: DatabaseFunction = {
  name: 'convene_tlog_next',
  sql: /* sql */ `
create or replace function convene_tlog_next() returns bigint language plpgsql stable as $$
begin
  return greatest(coalesce((select max(log_index) from take), -1),
                  coalesce((select max(idx) from tlog_entry), -1)) + 1;
end
$$;
`,
};
