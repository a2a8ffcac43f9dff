import type { Migration } from './migration.js';

/**
 * A member's judgements are paged newest first by `(created_at, id)`, the id breaking ties between
 * judgements filed at the same instant (docs/swarm.md, "Read routes"); this index serves that order
 * and the cursor's "strictly after" condition. It replaces the index on `(member_id, created_at)`,
 * which it covers.
 */
export const judgementMemberPaging: Migration = {
  name: '0016-judgement-member-paging',
  sql: /* sql */ `
create index judgement_by_member_newest on judgement (member_id, created_at desc, id desc);
drop index judgement_by_member;
`,
};
