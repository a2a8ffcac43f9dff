import type { Migration } from './index.js';

/**
 * Takes enter the transparency log in the statement that files them (docs/protocol.md §14.3).
 *
 * `tlog_counter` holds the next free log index. `convene_file_take` now also receives the take's log
 * entry and leaf hash (built by the service from the bytes it verified) and, after the take and its
 * nonce are in, takes the next index from the counter and inserts the entry. The counter row stays
 * locked until the statement commits and a rolled-back statement gives its index back, so indices
 * are consecutive and the entry commits with the take or not at all. The sequencer no longer assigns
 * take indices on the submit path; it integrates entries `[tlog_head.size, tlog_counter.next)` into
 * the tree in the background. The counter only moves forward.
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

create function convene_file_take(
  p_id uuid, p_session_id uuid, p_member_id uuid, p_revision integer, p_key_id bigint,
  p_nonce text, p_stance text, p_confidence double precision, p_body text, p_memo_url text,
  p_weights jsonb, p_canonical text, p_signature text, p_received_at timestamptz,
  p_log_entry text, p_leaf_hash bytea
) returns table (filed_recommendation_id bigint, filed_log_index bigint) language plpgsql as $$
begin
  insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence, body,
                    memo_url, weights, canonical, signature, received_at)
    values (p_id, p_session_id, p_member_id, p_revision, p_key_id, p_nonce, p_stance, p_confidence,
            p_body, p_memo_url, p_weights, p_canonical, p_signature, p_received_at)
    returning recommendation_id into filed_recommendation_id;
  insert into nonce_ledger (member_id, nonce, take_id, used_at)
    values (p_member_id, p_nonce, p_id, p_received_at);
  if p_log_entry is not null then
    -- Last, so the counter row is locked only for the entry's insert and the commit.
    update tlog_counter set next = next + 1 where id = 1 returning next - 1 into filed_log_index;
    insert into tlog_entry (idx, leaf_hash, kind, take_id, entry)
      values (filed_log_index, p_leaf_hash, 'take', p_id, p_log_entry);
  end if;
  return next;
end
$$;
`,
};
