import type { DatabaseFunction } from './database-function.js';

/**
 * Notifies `convene_rows` with the table's name when `convene.watch_rows` is on (PGlite, where
 * this process sees every write; src/db/row-watch.ts).
 */
export const rowsChanged: DatabaseFunction = {
  name: 'convene_rows_changed',
  sql: /* sql */ `
create or replace function convene_rows_changed() returns trigger language plpgsql as $$
begin
  if current_setting('convene.watch_rows', true) = 'on' then
    perform pg_notify('convene_rows', tg_table_name);
  end if;
  return null;
end
$$;
`,
};
