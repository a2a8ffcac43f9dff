import type { Migration } from './migration.js';

/**
 * Outcomes (docs/methodology.md §6): one row per published session and horizon, append-only
 * (CVG01), holding the outcome record's RFC 8785 text and digest; and the transparency log's
 * outcome entries (`convene.log.outcome.v1`), appended in the same transaction as the row, kind
 * `outcome` in `tlog_entry` with the session and horizon beside it.
 */
export const trackRecord: Migration = {
  name: '0021-track-record',
  sql: /* sql */ `
create table session_outcome (
  session_id uuid not null references swarm_session (id),
  horizon_days integer not null check (horizon_days between 1 and 365),
  subject_id text not null,
  status text not null check (status in ('scored', 'no_outcome')),
  reason text,
  record text not null,
  digest text not null,
  computed_at timestamptz not null,
  primary key (session_id, horizon_days)
);
create trigger session_outcome_append_only before update or delete or truncate on session_outcome
  for each statement execute function convene_refuse_change();

alter table tlog_entry drop constraint tlog_entry_kind_check;
alter table tlog_entry drop constraint tlog_entry_subject;
alter table tlog_entry
  add column outcome_session_id uuid,
  add column outcome_horizon_days integer,
  add constraint tlog_entry_outcome_ref foreign key (outcome_session_id, outcome_horizon_days)
    references session_outcome (session_id, horizon_days),
  add constraint tlog_entry_kind_check check (kind in ('take', 'receipt', 'outcome', 'key', 'keys-begin')),
  add constraint tlog_entry_subject check (
    (kind = 'take' and take_id is not null and receipt_session_id is null and key_member_id is null
      and outcome_session_id is null) or
    (kind = 'receipt' and receipt_session_id is not null and take_id is null and key_member_id is null
      and outcome_session_id is null) or
    (kind = 'outcome' and outcome_session_id is not null and outcome_horizon_days is not null
      and take_id is null and receipt_session_id is null and key_member_id is null) or
    (kind = 'key' and key_member_id is not null and take_id is null and receipt_session_id is null
      and outcome_session_id is null) or
    (kind = 'keys-begin' and key_member_id is null and take_id is null and receipt_session_id is null
      and outcome_session_id is null));
create unique index tlog_entry_one_outcome on tlog_entry (outcome_session_id, outcome_horizon_days)
  where kind = 'outcome';
`,
};
