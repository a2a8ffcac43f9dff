import type { Migration } from './migration.js';

/**
 * The tables a verified read rests on (takes, their keys, the log's entries, tree, head and
 * checkpoints, sessions) say when a statement changed them, for a database whose every writer this
 * process sees: PGlite, which only its own process can open. It starts with `convene.watch_rows`
 * on and listens on `convene_rows`, so its reads reuse what they checked until a change commits
 * (src/db/row-watch.ts). PostgreSQL never sets the option: other processes can write there unseen,
 * so its reads look at the rows' versions on every request instead, and the trigger does nothing.
 *
 * The triggers are ENABLE ALWAYS: they fire under `session_replication_role = replica` too.
 */
export const WATCHED_TABLES = [
  'take',
  'member_key',
  'tlog_entry',
  'tlog_node',
  'tlog_head',
  'tlog_checkpoint',
  'swarm_session',
] as const;

export const rowWatch: Migration = {
  name: '0020-row-watch',
  sql: /* sql */ `
create function convene_rows_changed() returns trigger language plpgsql as $$
begin
  if current_setting('convene.watch_rows', true) = 'on' then
    perform pg_notify('convene_rows', tg_table_name);
  end if;
  return null;
end
$$;
${WATCHED_TABLES.map(
  (table) => `
create trigger ${table}_watch after insert or update or delete or truncate on ${table}
  for each statement execute function convene_rows_changed();
alter table ${table} enable always trigger ${table}_watch;`,
).join('')}
`,
};
