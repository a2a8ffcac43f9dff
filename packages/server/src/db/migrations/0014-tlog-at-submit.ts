import type { Migration } from './migration.js';

/**
 * Takes enter the transparency log in the statement that files them (docs/protocol.md §14.10).
 *
 * `tlog_counter` holds the next free log index; it only moves forward. `convene_file_takes` replaces
 * `convene_file_take`: it files a batch of concurrent submits in one statement (each take in its own
 * subtransaction, so one refused take fails alone, with the error a lone insert would raise), then
 * takes consecutive indices for the accepted ones from the counter and inserts their log entries,
 * built by the service from the bytes it verified. The counter row stays locked until the statement
 * commits and a rolled-back statement gives its indices back, so indices are consecutive and an
 * entry commits with its take or not at all; one commit per batch keeps the lock from serialising
 * submits one fsync at a time. The sequencer integrates entries `[tlog_head.size,
 * tlog_counter.next)` into the tree in the background.
 */
export const tlogAtSubmit: Migration = {
  name: '0014-tlog-at-submit',
  sql: /* sql */ `
create table tlog_counter (
  id smallint primary key check (id = 1),
  next bigint not null check (next >= 0)
);
insert into tlog_counter (id, next) select 1, coalesce(max(idx) + 1, 0) from tlog_entry;

create function convene_tlog_counter_forward() returns trigger language plpgsql as $$
begin
  if tg_op <> 'UPDATE' or new.next < old.next or new.id <> old.id then
    raise exception 'tlog_counter only moves forward' using errcode = 'CVG01';
  end if;
  return new;
end
$$;
create trigger tlog_counter_forward before update or delete on tlog_counter
  for each row execute function convene_tlog_counter_forward();
create trigger tlog_counter_no_truncate before truncate on tlog_counter
  for each statement execute function convene_refuse_change();

drop function convene_file_take(uuid, uuid, uuid, integer, bigint, text, text, double precision,
  text, text, jsonb, text, text, timestamptz);

-- p_takes: a JSON array of takes (id, sessionId, memberId, revision, keyId, nonce, stance,
-- confidence, body, memoUrl, weights, canonical, signature, receivedAt, and logEntry + leafHash
-- (base64) or null). One row out per take, by its position: its recommendation id and log index,
-- or the error that refused it (SQLSTATE, constraint, message), exactly as a lone insert would fail.
create function convene_file_takes(p_takes jsonb) returns table (
  ord integer, filed_recommendation_id bigint, filed_log_index bigint, error_state text,
  error_constraint text, error_message text
) language plpgsql as $$
declare
  v_take jsonb;
  v_i integer := 0;
  v_rec bigint;
  v_filed integer[] := '{}';
  v_recs bigint[] := '{}';
  v_logged integer;
  v_first bigint;
  v_n integer := 0;
begin
  for v_take in select value from jsonb_array_elements(p_takes) loop
    begin
      insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence,
                        body, memo_url, weights, canonical, signature, received_at)
        values ((v_take->>'id')::uuid, (v_take->>'sessionId')::uuid, (v_take->>'memberId')::uuid,
                (v_take->>'revision')::integer, (v_take->>'keyId')::bigint, v_take->>'nonce',
                v_take->>'stance', (v_take->>'confidence')::double precision, v_take->>'body',
                v_take->>'memoUrl', nullif(v_take->'weights', 'null'::jsonb),
                v_take->>'canonical', v_take->>'signature', (v_take->>'receivedAt')::timestamptz)
        returning recommendation_id into v_rec;
      insert into nonce_ledger (member_id, nonce, take_id, used_at)
        values ((v_take->>'memberId')::uuid, v_take->>'nonce', (v_take->>'id')::uuid,
                (v_take->>'receivedAt')::timestamptz);
      v_filed := v_filed || v_i;
      v_recs := v_recs || v_rec;
    exception when others then
      ord := v_i;
      filed_recommendation_id := null;
      filed_log_index := null;
      get stacked diagnostics error_state = returned_sqlstate,
        error_constraint = constraint_name, error_message = message_text;
      error_constraint := nullif(error_constraint, '');
      return next;
    end;
    v_i := v_i + 1;
  end loop;

  -- Indices last, in one step for the whole batch: the counter row stays locked only for the
  -- entries' inserts and the commit.
  select count(*) into v_logged from unnest(v_filed) as f(i)
    where jsonb_typeof(p_takes->f.i->'logEntry') = 'string';
  if v_logged > 0 then
    update tlog_counter set next = next + v_logged where id = 1
      returning next - v_logged into v_first;
  end if;
  for j in 1 .. coalesce(array_length(v_filed, 1), 0) loop
    ord := v_filed[j];
    filed_recommendation_id := v_recs[j];
    error_state := null;
    error_constraint := null;
    error_message := null;
    filed_log_index := null;
    v_take := p_takes->ord;
    if jsonb_typeof(v_take->'logEntry') = 'string' then
      filed_log_index := v_first + v_n;
      v_n := v_n + 1;
      insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
        values (filed_log_index, decode(v_take->>'leafHash', 'base64'), 'take',
                (v_take->>'id')::uuid, v_take->>'logEntry');
    end if;
    return next;
  end loop;
end
$$;
`,
};
