import type { Migration } from './migration.js';

/**
 * One session per subject and UTC date unless an operator asks for another (docs/swarm.md, "One
 * session per date and subject"). A signed take names a date and a subject, not a session, so a
 * second session for the pair is ambiguous to every member: the day's first session is its session,
 * and any other carries `additional = true`, which only an explicit request sets (the admin open
 * route's `additional: true`, or a schedule that fires more than once a day).
 *
 * A database from before this migration may already hold several sessions for one pair (a session
 * opened by hand and the scheduler's for the same day): the earliest convened of each pair stays
 * the day's session and the later ones are marked additional, so the unique index can be built
 * whatever the rows are.
 */
export const oneSessionPerDay: Migration = {
  name: '0023-one-session-per-day',
  sql: /* sql */ `
alter table swarm_session add column additional boolean not null default false;
update swarm_session later set additional = true
  where exists (
    select 1 from swarm_session earlier
    where earlier.subject_id = later.subject_id
      and earlier.date = later.date
      and (earlier.convened_at, earlier.seq) < (later.convened_at, later.seq)
  );
create unique index swarm_session_one_per_day on swarm_session (subject_id, date)
  where not additional;
`,
};
