import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** What the log holds against the rows it is made of, counted in one statement (one snapshot). */
export interface IntegritySurvey {
  /** Entries stored (take positions and `tlog_entry` rows). */
  stored: number;
  /** Distinct indices among them (fewer than `stored`: an index held twice). */
  distinctIndices: number;
  /** One past the highest stored index (0 when none). */
  nextIndex: number;
  /** The lowest index below `nextIndex` with no entry, or null when there is none. */
  firstMissing: number | null;
  /** The tree head's size. */
  head: number;
  /** Leaves (level-0 nodes) stored. */
  leaves: number;
  /** Leaves whose index holds an entry with their hash. */
  matchingLeaves: number;
  /** The lowest leaf without such an entry, or null. */
  firstUnmatchedLeaf: number | null;
  /** Entries that name a take, receipt or outcome no longer stored. */
  orphans: { take: number; receipt: number; outcome: number };
  /** Rows the log should hold, not refused, stored before `loggedBy`, with no entry. */
  unlogged: { take: number; receipt: number };
}

type Count = number | string | null;
type SurveyRow = Record<
  | 'stored'
  | 'distinct_indices'
  | 'next_index'
  | 'first_missing'
  | 'head'
  | 'leaves'
  | 'matching_leaves'
  | 'first_unmatched_leaf'
  | 'orphan_takes'
  | 'orphan_receipts'
  | 'orphan_outcomes'
  | 'unlogged_takes'
  | 'unlogged_receipts',
  Count
>;

const count = (value: Count): number => Number(value ?? 0);
const orNull = (value: Count): number | null => (value === null ? null : Number(value));

/** The statement behind the log's integrity check (tlog/integrity.ts). */
export class LogIntegrityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Every entry against the tree's leaves and the rows it names, and every row the log should hold
   * against the entries. `loggedBy`: rows stored before it should have been appended by now (a take
   * is logged as it is filed; a receipt as it is published, or by the recovery pass).
   */
  async survey(loggedBy: Date): Promise<IntegritySurvey> {
    const { rows } = await sql<SurveyRow>`
      with entries as materialized (
        select idx, leaf_hash from tlog_entry
        union all
        select log_index, leaf_hash from take where log_index is not null
      ),
      ordered as (select idx, lead(idx) over (order by idx) as following from entries)
      select
        (select count(*) from entries) as stored,
        (select count(distinct idx) from entries) as distinct_indices,
        (select coalesce(max(idx) + 1, 0) from entries) as next_index,
        (select case
          when not exists (select from entries) then null
          when not exists (select from entries where idx = 0) then 0
          else (select min(idx) + 1 from ordered where following > idx + 1) end) as first_missing,
        (select size from tlog_head where id = 1) as head,
        (select count(*) from tlog_node where level = 0) as leaves,
        (select count(*) from tlog_node n join entries e on e.idx = n.idx and e.leaf_hash = n.hash
          where n.level = 0) as matching_leaves,
        (select min(n.idx) from tlog_node n where n.level = 0 and not exists (
          select from entries e where e.idx = n.idx and e.leaf_hash = n.hash)) as first_unmatched_leaf,
        (select count(*) from tlog_entry e where e.kind = 'take'
          and not exists (select from take t where t.id = e.take_id)) as orphan_takes,
        (select count(*) from tlog_entry e where e.kind = 'receipt'
          and not exists (select from consensus_receipt c where c.session_id = e.receipt_session_id))
          as orphan_receipts,
        (select count(*) from tlog_entry e where e.kind = 'outcome' and not exists (
          select from session_outcome o
          where o.session_id = e.outcome_session_id and o.horizon_days = e.outcome_horizon_days))
          as orphan_outcomes,
        (select count(*) from take t where t.log_index is null and t.received_at < ${loggedBy}
          and not exists (select from tlog_entry e where e.take_id = t.id)
          and not exists (select from tlog_refused r where r.subject = t.id::text)) as unlogged_takes,
        (select count(*) from consensus_receipt c join swarm_session s on s.id = c.session_id
          where s.state = 'published' and c.created_at < ${loggedBy}
          and not exists (select from tlog_entry e where e.receipt_session_id = c.session_id)
          and not exists (select from tlog_refused r where r.subject = c.session_id::text))
          as unlogged_receipts`.execute(this.db);
    const row = rows[0]!;
    return {
      stored: count(row.stored),
      distinctIndices: count(row.distinct_indices),
      nextIndex: count(row.next_index),
      firstMissing: orNull(row.first_missing),
      head: count(row.head),
      leaves: count(row.leaves),
      matchingLeaves: count(row.matching_leaves),
      firstUnmatchedLeaf: orNull(row.first_unmatched_leaf),
      orphans: {
        take: count(row.orphan_takes),
        receipt: count(row.orphan_receipts),
        outcome: count(row.orphan_outcomes),
      },
      unlogged: { take: count(row.unlogged_takes), receipt: count(row.unlogged_receipts) },
    };
  }
}
