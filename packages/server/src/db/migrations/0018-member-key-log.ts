import type { Migration } from './migration.js';

/**
 * Member keys in the transparency log (docs/protocol.md §14.1 "Key entries", §14.10).
 *
 * - `tlog_entry` holds two more kinds: `key` (a member key event, `convene.log.key.v1`, with the
 *   member in `key_member_id`) and `keys-begin` (the one marker that opens the key history,
 *   `convene.log.keys-begin.v1`); `tlog_entries` gains `key_member_id`.
 * - The backfill: under the log's index lock, the marker, then one `imported` event per existing
 *   member (oldest application first) carrying its state now (active and pending key, status,
 *   role) and every key it ever registered (`heldKeys`). Takes logged before the marker are checked
 *   against those keys; every later take against the member's state at its index. In a fresh
 *   database the marker is entry 0 with `members` 0, so no take is ever legacy. The entry text is
 *   RFC 8785 by construction: members in code-unit order, every value plain ASCII (uuids, base64,
 *   fixed words, timestamps), so no character needs escaping.
 * - `convene_file_takes` refuses (SQLSTATE CVK01, answered as `no registered key for member`) a
 *   take whose key row is not active or whose member is not active with role member, checked in
 *   its own statement after the index lock: a rotation or deactivation committed before the lock
 *   was granted is seen, so log order and the database agree when one races a submit.
 */
export const memberKeyLog: Migration = {
  name: '0018-member-key-log',
  sql: /* sql */ `
alter table tlog_entry drop constraint tlog_entry_kind_check;
alter table tlog_entry drop constraint tlog_entry_subject;
alter table tlog_entry
  add column key_member_id uuid references member (id),
  add constraint tlog_entry_kind_check check (kind in ('take', 'receipt', 'key', 'keys-begin')),
  add constraint tlog_entry_subject check (
    (kind = 'take' and take_id is not null and receipt_session_id is null and key_member_id is null) or
    (kind = 'receipt' and receipt_session_id is not null and take_id is null and key_member_id is null) or
    (kind = 'key' and key_member_id is not null and take_id is null and receipt_session_id is null) or
    (kind = 'keys-begin' and key_member_id is null and take_id is null and receipt_session_id is null));
create index tlog_entry_key_history on tlog_entry (key_member_id, idx) where kind = 'key';
create index tlog_entry_keys on tlog_entry (idx) where kind in ('key', 'keys-begin');
create unique index tlog_entry_one_keys_begin on tlog_entry ((true)) where kind = 'keys-begin';

alter table tlog_refused drop constraint tlog_refused_kind_check;
alter table tlog_refused add constraint tlog_refused_kind_check check (kind in ('take', 'receipt', 'key'));

create or replace view tlog_entries as
  select e.idx, e.leaf_hash, e.kind, e.take_id, e.receipt_session_id, e.entry,
         null::uuid as session_id, null::uuid as member_id, null::integer as revision,
         null::timestamptz as received_at, null::text as public_key, null::text as canonical,
         null::text as signature, e.key_member_id
    from tlog_entry e
  union all
  select t.log_index, t.leaf_hash, 'take', t.id, null, null,
         t.session_id, t.member_id, t.revision, t.received_at, k.public_key, t.canonical,
         t.signature, null
    from take t left join member_key k on k.id = t.key_id
   where t.log_index is not null;

do $$
declare
  v_next bigint := convene_tlog_lock_next();
  v_at text := to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_members integer := (select count(*) from member);
  v_entry text;
  v_member record;
  v_json_key text;
begin
  v_entry := '{"at":"' || v_at || '","kind":"convene.log.keys-begin.v1","members":' || v_members || '}';
  insert into tlog_entry (idx, leaf_hash, kind, entry)
    values (v_next, sha256('\\x00'::bytea || convert_to(v_entry, 'UTF8')), 'keys-begin', v_entry);
  for v_member in
    select m.id, m.status, m.role,
           (select k.public_key from member_key k where k.member_id = m.id and k.state = 'active') as active_key,
           (select k.public_key from member_key k where k.member_id = m.id and k.state = 'pending') as pending_key,
           coalesce((select string_agg('"' || k.public_key || '"', ',' order by k.id)
                       from member_key k where k.member_id = m.id), '') as held
      from member m order by m.applied_at, m.id
  loop
    v_next := v_next + 1;
    v_entry := '{"activeKey":' || coalesce('"' || v_member.active_key || '"', 'null')
      || ',"at":"' || v_at || '","event":"imported","heldKeys":[' || v_member.held
      || '],"kind":"convene.log.key.v1","memberId":"' || v_member.id::text
      || '","pendingKey":' || coalesce('"' || v_member.pending_key || '"', 'null')
      || ',"previousIndex":null,"role":"' || v_member.role || '","seq":0,"status":"'
      || v_member.status || '"}';
    insert into tlog_entry (idx, leaf_hash, kind, key_member_id, entry)
      values (v_next, sha256('\\x00'::bytea || convert_to(v_entry, 'UTF8')), 'key', v_member.id,
              v_entry);
  end loop;
end
$$;

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
