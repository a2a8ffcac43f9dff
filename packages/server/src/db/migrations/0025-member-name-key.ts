import type { Migration } from './migration.js';

/**
 * Display names are unique among members, compared by their key (issue 46, item 6; the service
 * computes it with `displayNameKey` in src/swarm/members/names.ts: NFKC, lower case, whitespace
 * trimmed and collapsed). The unique index is the truth: two applicants racing for one name get one
 * member and one 409 (`display name already taken: <name>`).
 *
 * The backfill computes the key in SQL the same way. PostgreSQL's lower() and JavaScript's
 * toLowerCase() agree except for context-dependent cases (a final sigma, a dotted capital I), where
 * an old row's key may differ from the one the service would compute; such a name is not guarded
 * against its look-alike until that member applies again.
 *
 * Existing rows may already share a key (the docs' own example added a second "Athena"): the oldest
 * member (by applied_at, then created_at, then id) keeps the key; the later ones are left NULL (not
 * given an invented key), so the index applies to every row. Their names still show; nobody new can
 * take the name, since the oldest member holds its key.
 */
export const memberNameKey: Migration = {
  name: '0025-member-name-key',
  sql: /* sql */ `
alter table member add column name_key text;
update member set name_key = regexp_replace(
  regexp_replace(lower(normalize(display_name, NFKC)), '^\\s+|\\s+$', '', 'g'),
  '\\s+', ' ', 'g');
update member later set name_key = null
  where exists (
    select 1 from member earlier
    where earlier.name_key = later.name_key
      and (earlier.applied_at, earlier.created_at, earlier.id)
        < (later.applied_at, later.created_at, later.id)
  );
create unique index member_name_key on member (name_key);
`,
};
