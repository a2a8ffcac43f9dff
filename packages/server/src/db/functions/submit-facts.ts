import type { DatabaseFunction } from './database-function.js';

/**
 * Everything a submit checks, read in one call: the token's member and role, the session for
 * the date and subject, the roster entry, the member's active key, its filed count and whether the
 * nonce was used.
 */
export const submitFacts: DatabaseFunction = {
  name: 'convene_submit_facts',
  sql: /* sql */ `
create or replace function convene_submit_facts(
  p_token_sha256 text, p_member_id uuid, p_date date, p_subject_id text, p_nonce text
) returns table (
  token_member_id uuid, token_member_role text, session_id uuid, session_state text,
  window_closes_at timestamptz, roster_frozen boolean, on_roster boolean, excused boolean,
  key_id bigint, public_key text, filed integer, nonce_used boolean
) language plpgsql stable as $$
declare
  v_session record;
  v_roster record;
  v_key record;
begin
  select t.member_id, m.role into token_member_id, token_member_role
    from member_token t join member m on m.id = t.member_id
    where t.token_sha256 = p_token_sha256 and t.revoked_at is null and m.status = 'active';

  select s.id, s.state, s.window_closes_at, s.roster_frozen into v_session
    from swarm_session s
    where s.subject_id = p_subject_id and s.date = p_date and s.state <> 'cancelled'
    order by s.convened_at desc, s.seq desc
    limit 1;
  if v_session.id is null then
    return next;
    return;
  end if;
  session_id := v_session.id;
  session_state := v_session.state;
  window_closes_at := v_session.window_closes_at;
  roster_frozen := v_session.roster_frozen;

  select r.excused into v_roster
    from session_roster r where r.session_id = v_session.id and r.member_id = p_member_id;
  on_roster := found;
  excused := coalesce(v_roster.excused, false);

  select k.id, k.public_key into v_key
    from member_key k where k.member_id = p_member_id and k.state = 'active' limit 1;
  key_id := v_key.id;
  public_key := v_key.public_key;

  select count(*)::integer into filed
    from take t where t.session_id = v_session.id and t.member_id = p_member_id;
  nonce_used := exists (
    select 1 from nonce_ledger n where n.member_id = p_member_id and n.nonce = p_nonce);
  return next;
end
$$;
`,
};
