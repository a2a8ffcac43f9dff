import type { ConsensusReceipt, SessionState } from '@convene/protocol';
import type { Static } from 'typebox';
import type { ColumnType, Selectable } from '../db/column-types.js';
import type { Table } from '../db/table-types.js';
import type { BriefRegime, RegimeSummary } from '../regime/tables.js';
import type { ReferenceAllocation } from './shared/schemas.js';
import type { StoredAggregate } from './shared/stored-aggregate.js';
import type { SnapshotHoldingSchema, SubjectRecordSchema } from './subjects/schemas.js';

export type { SessionState };

/**
 * What a published session did to the treasury's allocation, shown on the session as
 * `allocationEffect`: applied (with the allocation version it produced), or not and why.
 */
export type AllocationEffect =
  | { status: 'applied'; version: number; ignoredBuckets: string[]; decidedAt: string }
  | {
      status: 'not_applied';
      reason:
        | 'advisory_subject'
        | 'quorum_not_met'
        | 'no_weights'
        | 'judged_unsafe'
        | 'no_known_bucket'
        | 'superseded';
      detail: string;
      ignoredBuckets: string[];
      decidedAt: string;
    };

/** The stored brief body (spec SwarmBrief `body`), as `composeBriefBody` writes it. */
export interface BriefBody {
  regime: BriefRegime | null;
  subject: Static<typeof SubjectRecordSchema>;
  /** The subject's latest published sessions (snake_case). */
  recentSessions: Array<{
    id: string;
    convened_at: string;
    date: string;
    subject_id: string;
    state: string;
  }>;
  researchSignals: Array<{ signalKey: string; date: string; href: string }>;
  prompt: { system: string; user: string };
  /** What a take must carry (`briefs/prompt.ts`, `takeSchema`). */
  takeSchema: Readonly<Record<string, unknown>>;
  windowClosesAt: string | null;
}

/** One holding of a subject's snapshot. */
export type Holding = Static<typeof SnapshotHoldingSchema>;

export interface WeightRow {
  bucket: string;
  weight: number;
}

/**
 * Where the swarm's columns are narrower than the database's types (db/columns.generated.ts, from
 * the schema): words a check constraint allows, the shapes of jsonb columns, and take columns the
 * code never updates. Everything else about a table, a new column included, is generated.
 */
export interface SwarmColumns {
  member: {
    status: 'active' | 'inactive' | 'applied';
    role: 'member' | 'judge';
    biases: string[];
  };
  member_name: { kind: 'id' | 'handle' };
  member_key: { state: 'pending' | 'active' | 'retired' };
  application: { state: 'applied' | 'approved' | 'claimed' | 'rejected' | 'inactive' };
  subject: {
    wallets: unknown[];
    nft_contracts: unknown[];
    recommendation_type: 'bucket_weights' | 'position_actions';
  };
  swarm_session: {
    state: SessionState;
    aggregate: StoredAggregate;
    regime_summary: RegimeSummary;
    reference_allocation: ReferenceAllocation;
    allocation_effect: AllocationEffect;
  };
  subject_snapshot: { holdings: Holding[]; notable: string[] };
  brief: { body: BriefBody };
  take: {
    weights: WeightRow[];
    /** Where the take sits in the transparency log when it was filed with its position (0015). */
    log_index: ColumnType<number | null, number | null | undefined, never>;
    /** The leaf hash the log commits to for it: SHA-256(0x00 ‖ its entry), set with log_index. */
    leaf_hash: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
  };
  consensus_receipt: {
    payload: ConsensusReceipt['payload'];
    signature: ConsensusReceipt['signature'];
  };
  judgement: { mode: 'enforce' | 'shadow'; disagreements: unknown[] };
  /** A published session's outcome over one horizon (migration 0021, docs/methodology.md §6). */
  session_outcome: { status: 'scored' | 'no_outcome' };
}

export type MemberTable = Table<'member', SwarmColumns['member']>;
export type MemberKeyTable = Table<'member_key', SwarmColumns['member_key']>;
export type SubjectTable = Table<'subject', SwarmColumns['subject']>;
export type SwarmSessionTable = Table<'swarm_session', SwarmColumns['swarm_session']>;
export type SubjectSnapshotTable = Table<'subject_snapshot', SwarmColumns['subject_snapshot']>;
export type BriefTable = Table<'brief', SwarmColumns['brief']>;
export type TakeTable = Table<'take', SwarmColumns['take']>;
export type ConsensusReceiptTable = Table<'consensus_receipt', SwarmColumns['consensus_receipt']>;
export type JudgementTable = Table<'judgement', SwarmColumns['judgement']>;
export type SessionOutcomeTable = Table<'session_outcome', SwarmColumns['session_outcome']>;

/** A session row as selected. */
export type SessionRow = Selectable<SwarmSessionTable>;
