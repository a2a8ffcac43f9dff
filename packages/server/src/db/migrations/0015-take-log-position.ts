import type { Migration } from './migration.js';

/**
 * A take's place in the transparency log lives on its own row (docs/protocol.md §14.10).
 *
 * Filing a take used to write a second row, its log entry (the entry text, four indexes, a foreign
 * key) and move `tlog_counter`: that row cost a fifth of filing a take (docs/benchmarks.md). The
 * entry text of a take is a pure function of its row and key (protocol `takeLogEntry`), so a take
 * filed with its position now records only `log_index` and `leaf_hash`, the hash the log commits
 * to; the text is rebuilt from the row when read, and a row changed behind the service no longer
 * hashes to the leaf the tree holds. Receipts, and takes the recovery pass logs after the fact,
 * keep their `tlog_entry` rows. `tlog_entries` reads both as one log.
 *
 * Indices: whoever appends takes the transaction-scoped advisory lock `convene.tlog.index` and
 * appends at one past the highest index either table holds (`convene_tlog_lock_next`), so indices
 * stay consecutive across replicas, races and rolled-back statements without a counter row.
 */
export const takeLogPosition: Migration = {
  name: '0015-take-log-position',
  sql: /* sql */ `
alter table take
  add column log_index bigint check (log_index >= 0),
  add column leaf_hash bytea check (octet_length(leaf_hash) = 32),
  add constraint take_log_position check ((log_index is null) = (leaf_hash is null));
create unique index take_by_log_index on take (log_index);
create unique index take_by_leaf_hash on take (leaf_hash);

-- The one place an index is handed out: holds the lock until the caller's transaction ends.
create function convene_tlog_lock_next() returns bigint language plpgsql volatile as $$
begin
  perform pg_advisory_xact_lock(hashtext('convene.tlog.index'));
  -- A new statement, so a new snapshot: it sees every append committed before the lock was granted.
  return greatest(coalesce((select max(log_index) from take), -1),
                  coalesce((select max(idx) from tlog_entry), -1)) + 1;
end
$$;

drop table tlog_counter;
drop function convene_tlog_counter_forward();

-- p_takes as in 0014, with leafHash (base64) or null instead of logEntry + leafHash. One row out
-- per take, by its position: its recommendation id and log index, or the error that refused it.
create or replace function convene_file_takes(p_takes jsonb) returns table (
  ord integer, filed_recommendation_id bigint, filed_log_index bigint, error_state text,
  error_constraint text, error_message text
) language plpgsql as $$
declare
  v_take jsonb;
  v_i integer := 0;
  v_next bigint;
  v_index bigint;
begin
  if exists (select 1 from jsonb_array_elements(p_takes) as t(value)
             where jsonb_typeof(t.value->'leafHash') = 'string') then
    v_next := convene_tlog_lock_next();
  end if;
  for v_take in select value from jsonb_array_elements(p_takes) loop
    begin
      v_index := case when jsonb_typeof(v_take->'leafHash') = 'string' then v_next end;
      insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence,
                        body, memo_url, weights, canonical, signature, received_at, log_index,
                        leaf_hash)
        values ((v_take->>'id')::uuid, (v_take->>'sessionId')::uuid, (v_take->>'memberId')::uuid,
                (v_take->>'revision')::integer, (v_take->>'keyId')::bigint, v_take->>'nonce',
                v_take->>'stance', (v_take->>'confidence')::double precision, v_take->>'body',
                v_take->>'memoUrl', nullif(v_take->'weights', 'null'::jsonb),
                v_take->>'canonical', v_take->>'signature', (v_take->>'receivedAt')::timestamptz,
                v_index, decode(v_take->>'leafHash', 'base64'))
        returning recommendation_id into filed_recommendation_id;
      insert into nonce_ledger (member_id, nonce, take_id, used_at)
        values ((v_take->>'memberId')::uuid, v_take->>'nonce', (v_take->>'id')::uuid,
                (v_take->>'receivedAt')::timestamptz);
      -- Only a take that stayed filed uses its index: a refused one leaves no gap.
      if v_index is not null then v_next := v_next + 1; end if;
      ord := v_i;
      filed_log_index := v_index;
      error_state := null;
      error_constraint := null;
      error_message := null;
      return next;
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
end
$$;

-- Every entry of the log, wherever it is stored. A take filed with its position has no stored
-- text (entry is null): readers rebuild it from the take's columns and key, given here.
create view tlog_entries as
  select e.idx, e.leaf_hash, e.kind, e.take_id, e.receipt_session_id, e.entry,
         null::uuid as session_id, null::uuid as member_id, null::integer as revision,
         null::timestamptz as received_at, null::text as public_key, null::text as canonical,
         null::text as signature
    from tlog_entry e
  union all
  select t.log_index, t.leaf_hash, 'take', t.id, null, null,
         t.session_id, t.member_id, t.revision, t.received_at, k.public_key, t.canonical,
         t.signature
    from take t left join member_key k on k.id = t.key_id
   where t.log_index is not null;
`,
};
