import type { DatabaseFunction } from './database-function.js';

/**
 * Keeps `member_name`, the one case-insensitive namespace of member ids and handles, in step
 * with `member`; a member's id never changes.
 */
export const memberNames: DatabaseFunction = {
  name: 'convene_member_names',
  sql: /* sql */ `
create or replace function convene_member_names() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.id is distinct from old.id then
    raise exception 'convene: member id is immutable' using errcode = 'CVN01';
  end if;
  if tg_op = 'INSERT' then
    insert into member_name (name, member_id, kind) values (lower(new.id::text), new.id, 'id');
    insert into member_name (name, member_id, kind) values (lower(new.handle), new.id, 'handle');
  elsif new.handle is distinct from old.handle then
    delete from member_name where member_id = old.id and kind = 'handle';
    insert into member_name (name, member_id, kind) values (lower(new.handle), new.id, 'handle');
  end if;
  return new;
end
$$;
`,
};
