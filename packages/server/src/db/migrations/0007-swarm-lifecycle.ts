import type { Migration } from './migration.js';

/**
 * The swarm lifecycle's additions: each subject's consensus receipts carry their position in the
 * subject's chain, unique per subject, so two publishers can never fork a chain and a reader knows
 * exactly which receipt's digest must precede this one. Plus the indexes the read routes page over.
 */
export const swarmLifecycle: Migration = {
  name: '0007-swarm-lifecycle',
  sql: /* sql */ `
alter table consensus_receipt add column chain_index integer check (chain_index >= 1);
create unique index consensus_receipt_chain_position on consensus_receipt (subject_id, chain_index);

create index swarm_session_by_subject_newest on swarm_session (subject_id, convened_at desc, seq desc);
create index swarm_session_by_state_newest on swarm_session (state, convened_at desc, seq desc);
create index take_by_session on take (session_id, member_id, revision);
create index judgement_by_session on judgement (session_id, created_at);
create index brief_by_day_newest on brief (subject_id, date, created_at desc, id desc);
`,
};
