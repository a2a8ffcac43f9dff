import type { Migration } from './migration.js';

/**
 * The event stream's ordered sources that the log does not already give (src/events): one row per
 * session change a reader is told about (a brief published = opened, aggregated, published),
 * numbered 1, 2, 3, … by triggers. Each numbering takes a transaction-level advisory lock, so the
 * numbers commit in order and a reader that has seen n never sees a smaller one appear later. Each
 * row also records the log's next index as it stood (`log_next`): the change came after every entry
 * below it, which places it among the log's entries without comparing clocks. Only lifecycle steps
 * write here, never a take submit.
 *
 * On PostgreSQL the new rows, log entries and checkpoints are announced on the data-version channel
 * every replica already listens on (payload `events.<source>:<position>`), waking each replica's
 * event reader; takes need nothing new, their coalesced `swarm` bump already goes out.
 */
export const swarmEvents: Migration = {
  name: '0022-swarm-events',
  sql: /* sql */ `
create table swarm_session_event (
  seq bigint primary key check (seq > 0),
  session_id uuid not null references swarm_session (id),
  kind text not null check (kind in ('opened', 'aggregated', 'published')),
  at timestamptz not null default now(),
  log_next bigint not null check (log_next >= 0)
);
create trigger swarm_session_event_append_only before update or delete or truncate on swarm_session_event
  for each statement execute function convene_refuse_change();

create function convene_session_event(p_session uuid, p_kind text) returns void
language plpgsql as $$
declare
  next_seq bigint;
begin
  perform pg_advisory_xact_lock(hashtext('convene_session_event'));
  select coalesce(max(seq), 0) + 1 into next_seq from swarm_session_event;
  insert into swarm_session_event (seq, session_id, kind, log_next)
    values (next_seq, p_session, p_kind, convene_tlog_next());
  perform pg_notify('convene_data_version', 'events.session:' || next_seq);
end
$$;

create function convene_brief_event() returns trigger language plpgsql as $$
begin
  perform convene_session_event(new.session_id, 'opened');
  return null;
end
$$;
create trigger brief_event after insert on brief
  for each row when (new.session_id is not null) execute function convene_brief_event();

create function convene_session_state_event() returns trigger language plpgsql as $$
begin
  perform convene_session_event(new.id, new.state);
  return null;
end
$$;
create trigger swarm_session_state_event after update of state on swarm_session
  for each row when (old.state is distinct from new.state and new.state in ('aggregated', 'published'))
  execute function convene_session_state_event();

create function convene_log_event() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'tlog_checkpoint' then
    perform pg_notify('convene_data_version',
      'events.checkpoint:' || coalesce((select max(size) from added), 0));
  else
    perform pg_notify('convene_data_version', 'events.log:' || coalesce((select max(idx) + 1 from added), 0));
  end if;
  return null;
end
$$;
create trigger tlog_entry_event after insert on tlog_entry
  referencing new table as added for each statement execute function convene_log_event();
create trigger tlog_checkpoint_event after insert on tlog_checkpoint
  referencing new table as added for each statement execute function convene_log_event();
`,
};
