import type { DatabaseFunction } from './database-function.js';

/**
 * Refuses any change to an append-only table; statement-level, so even an UPDATE or DELETE
 * matching no row is refused (that is what /health probes).
 */
export const refuseChange: DatabaseFunction = {
  name: 'convene_refuse_change',
  sql: /* sql */ `
create or replace function convene_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'convene: % on append-only table % refused', tg_op, tg_table_name
    using errcode = 'CVG01';
end
$$;
`,
};
