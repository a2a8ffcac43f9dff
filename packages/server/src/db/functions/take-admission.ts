import type { DatabaseFunction } from './database-function.js';

/**
 * Admits a take row only inside its session's window: refuses a take for no session (CVS01),
 * after the window (CVW01), and an amendment once the session is aggregated (CVA01) or published
 * (CVA02).
 */
export const takeAdmission: DatabaseFunction = {
  name: 'convene_take_admission',
  sql: /* sql */ `
create or replace function convene_take_admission() returns trigger language plpgsql as $$
declare
  target record;
begin
  select window_closes_at, state into target from swarm_session where id = new.session_id for share;
  if not found then
    raise exception 'convene: no session %', new.session_id using errcode = 'CVS01';
  end if;
  if target.window_closes_at is not null and new.received_at >= target.window_closes_at then
    raise exception 'convene: submission window closed' using errcode = 'CVW01';
  end if;
  if new.revision > 1 and target.state = 'aggregated' then
    raise exception 'convene: amendment window closed' using errcode = 'CVA01';
  end if;
  if new.revision > 1 and target.state = 'published' then
    raise exception 'convene: amendment window closed (published)' using errcode = 'CVA02';
  end if;
  return new;
end
$$;
`,
};
