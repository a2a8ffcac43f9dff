import type { DatabaseFunction } from './database-function.js';

/**
 * Files a batch of takes (group commit): under the log's index lock when any carries a leaf
 * hash, each take and its nonce in its own subtransaction, refusing (CVK01) a take whose key is not
 * the member's active filing key as of the lock. One row per take: its position or its error.
 */
export const fileTakes: DatabaseFunction = {
  name: 'convene_file_takes',
  sql: /* sql */ `
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
      -- After the lock, its own statement (a fresh snapshot): the key and the member as the last
      -- key event committed before this take's index left them.
      if not exists (
        select 1 from member_key k join member m on m.id = k.member_id
         where k.id = (v_take->>'keyId')::bigint and k.member_id = (v_take->>'memberId')::uuid
           and k.state = 'active' and m.status = 'active' and m.role = 'member') then
        raise exception 'the key is not the member''s active filing key' using errcode = 'CVK01';
      end if;
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
`,
};
