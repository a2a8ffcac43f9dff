import type { ConsensusReceipt, SessionState } from '@convene/protocol';
import type { Static } from 'typebox';
import type {
  ColumnType,
  DateText,
  Selectable,
  Generated,
  Json,
  JsonWithDefault,
  Timestamp,
} from '../db/column-types.js';
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

export interface ServiceKeyTable {
  key_id: string;
  public_key: string;
  seed: string | null;
  created_at: Generated<Date>;
}

export interface MemberTable {
  id: string;
  handle: string;
  display_name: string;
  /** displayNameKey(display_name), unique (migration 0025); null only for a later duplicate from before it. */
  name_key: string | null;
  status: 'active' | 'inactive' | 'applied';
  role: Generated<'member' | 'judge'>;
  lens: string | null;
  mandate: string | null;
  tagline: string | null;
  biases: JsonWithDefault<string[]>;
  operator: string | null;
  mode: string | null;
  house: Generated<boolean>;
  contact: string | null;
  applied_at: Timestamp;
  activated_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface MemberNameTable {
  name: string;
  member_id: string;
  kind: 'id' | 'handle';
}

export interface MemberKeyTable {
  id: Generated<number>;
  member_id: string;
  public_key: string;
  state: 'pending' | 'active' | 'retired';
  created_at: Timestamp;
  activated_at: Timestamp | null;
  retired_at: Timestamp | null;
}

export interface ApplicationTable {
  id: string;
  name: string;
  contact: string;
  lens: string | null;
  public_key: string;
  canonical: string;
  signature: string;
  state: 'applied' | 'approved' | 'claimed' | 'rejected' | 'inactive';
  applied_at: Timestamp;
  reviewed_at: Timestamp | null;
  claimed_at: Timestamp | null;
}

export interface TokenClaimChallengeTable {
  member_id: string;
  challenge: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface MemberTokenTable {
  id: Generated<number>;
  member_id: string;
  token_sha256: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SubjectTable {
  id: string;
  name: string;
  status: Generated<string>;
  operator: string | null;
  homepage: string | null;
  x_handle: string | null;
  thesis_blurb: string | null;
  wallets: JsonWithDefault<unknown[]>;
  nft_contracts: JsonWithDefault<unknown[]>;
  source: string | null;
  recommendation_type: 'bucket_weights' | 'position_actions';
  linked_member_id: string | null;
  structural_notes: string | null;
  last_reviewed: DateText | null;
  schedule: string | null;
  schedule_enabled: Generated<boolean>;
  quorum_required: Generated<number>;
  created_at: Generated<Date>;
}

export interface SwarmSessionTable {
  id: string;
  seq: Generated<number>;
  subject_id: string;
  date: DateText;
  state: SessionState;
  convened_at: Timestamp;
  window_closes_at: Timestamp | null;
  closed_at: Timestamp | null;
  aggregated_at: Timestamp | null;
  published_at: Timestamp | null;
  fire_at: Timestamp | null;
  /** Another session of a date and subject that already had one, opened on an explicit request. */
  additional: Generated<boolean>;
  roster_frozen: Generated<boolean>;
  aggregate: Json<StoredAggregate> | null;
  rationale: string | null;
  synthesis: string | null;
  regime_summary: Json<RegimeSummary> | null;
  reference_allocation: Json<ReferenceAllocation> | null;
  allocation_effect: Json<AllocationEffect> | null;
  created_at: Generated<Date>;
}

export interface SessionRosterTable {
  session_id: string;
  member_id: string;
  excused: Generated<boolean>;
  added_at: Timestamp;
}

export interface SubjectSnapshotTable {
  id: string;
  subject_id: string;
  session_id: string | null;
  taken_at: Timestamp;
  total_usd: number | null;
  holdings: Json<Holding[]>;
  notable: JsonWithDefault<string[]>;
}

export interface BriefTable {
  id: Generated<number>;
  session_id: string | null;
  subject_id: string;
  date: DateText;
  created_at: Timestamp;
  body: Json<BriefBody> | null;
}

export interface TakeTable {
  id: string;
  recommendation_id: Generated<number>;
  session_id: string;
  member_id: string;
  revision: number;
  key_id: number;
  nonce: string;
  stance: string;
  confidence: number;
  body: string;
  memo_url: string;
  weights: Json<WeightRow[]> | null;
  canonical: string;
  signature: string;
  received_at: Timestamp;
  /** Where the take sits in the transparency log when it was filed with its position (0015). */
  log_index: ColumnType<number | null, number | null | undefined, never>;
  /** The leaf hash the log commits to for it: SHA-256(0x00 ‖ its entry), set with log_index. */
  leaf_hash: ColumnType<Uint8Array | null, Uint8Array | null | undefined, never>;
}

export interface NonceLedgerTable {
  member_id: string;
  nonce: string;
  take_id: string;
  used_at: Timestamp;
}

export interface ConsensusReceiptTable {
  session_id: string;
  subject_id: string;
  payload: Json<ConsensusReceipt['payload']>;
  canonical_bytes: string;
  digest: string;
  signature: Json<ConsensusReceipt['signature']>;
  key_id: string;
  created_at: Timestamp;
  /** Position in the subject's receipt chain (1 = first); see 0007-swarm-lifecycle. */
  chain_index: number | null;
}

export interface JudgementTable {
  id: string;
  session_id: string;
  judged_by: string;
  member_id: string | null;
  mode: 'enforce' | 'shadow';
  release_safety: string;
  rationale: string;
  disagreements: JsonWithDefault<unknown[]>;
  model: string;
  prompt_hash: string;
  inputs_digest: string;
  canonical: string | null;
  signature: string | null;
  key_id: number | null;
  created_at: Timestamp;
}

/** A published session's outcome over one horizon (migration 0021, docs/methodology.md §6). */
export interface SessionOutcomeTable {
  session_id: string;
  horizon_days: number;
  subject_id: string;
  status: 'scored' | 'no_outcome';
  reason: string | null;
  /** The outcome record's RFC 8785 text, exactly as logged. */
  record: string;
  digest: string;
  computed_at: Timestamp;
}

export interface MemoTable {
  id: string;
  member_id: string;
  session_id: string | null;
  title: string;
  body: string;
  published: Generated<boolean>;
  created_at: Timestamp;
}

/** The swarm's tables, named as in SQL. */
export interface SwarmTables {
  member: MemberTable;
  member_name: MemberNameTable;
  member_key: MemberKeyTable;
  application: ApplicationTable;
  token_claim_challenge: TokenClaimChallengeTable;
  member_token: MemberTokenTable;
  subject: SubjectTable;
  swarm_session: SwarmSessionTable;
  session_roster: SessionRosterTable;
  subject_snapshot: SubjectSnapshotTable;
  brief: BriefTable;
  take: TakeTable;
  nonce_ledger: NonceLedgerTable;
  consensus_receipt: ConsensusReceiptTable;
  judgement: JudgementTable;
  memo: MemoTable;
  session_outcome: SessionOutcomeTable;
  service_key: ServiceKeyTable;
}

/** A session row as selected. */
export type SessionRow = Selectable<SwarmSessionTable>;
