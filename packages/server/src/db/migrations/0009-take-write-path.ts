import type { Migration } from './migration.js';

/**
 * The take write path in two round trips (see swarm/takes/repository.ts). PL/pgSQL keeps each
 * statement's plan for the life of the connection, so the hot path is neither re-parsed nor re-planned
 * per request, as Kysely's unnamed statements would be.
 *
 * - `convene_submit_facts`: everything the submit checks read, in one call: the token's member, the
 *   newest session for date+subject (takes are routed there whatever its state) and, for the member
 *   named in the body, its roster entry, active key, takes filed in that session and nonce use.
 * - `convene_file_take`: the take and its nonce; the admission trigger and the revision and nonce keys
 *   settle every race exactly as plain inserts did.
 */
export const takeWritePath: Migration = {
  name: '0009-take-write-path',
  sql: /* sql */ `
create function convene_submit_facts(
  p_token_sha256 text, p_member_id uuid, p_date date, p_subject_id text, p_nonce text
) returns table (
  token_member_id uuid, session_id uuid, session_state text, window_closes_at timestamptz,
  roster_frozen boolean, on_roster boolean, excused boolean, key_id bigint, public_key text,
  filed integer, nonce_used boolean
) language plpgsql stable as $$
declare
  v_session record;
  v_roster record;
  v_key record;
begin
  select t.member_id into token_member_id
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

create function convene_file_take(
  p_id uuid, p_session_id uuid, p_member_id uuid, p_revision integer, p_key_id bigint,
  p_nonce text, p_stance text, p_confidence double precision, p_body text, p_memo_url text,
  p_weights jsonb, p_canonical text, p_signature text, p_received_at timestamptz
) returns bigint language plpgsql as $$
declare
  v_recommendation_id bigint;
begin
  insert into take (id, session_id, member_id, revision, key_id, nonce, stance, confidence, body,
                    memo_url, weights, canonical, signature, received_at)
    values (p_id, p_session_id, p_member_id, p_revision, p_key_id, p_nonce, p_stance, p_confidence,
            p_body, p_memo_url, p_weights, p_canonical, p_signature, p_received_at)
    returning recommendation_id into v_recommendation_id;
  insert into nonce_ledger (member_id, nonce, take_id, used_at)
    values (p_member_id, p_nonce, p_id, p_received_at);
  return v_recommendation_id;
end
$$;
`,
};
