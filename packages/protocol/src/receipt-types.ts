import type { JUDGE_MODE_ENFORCE, RECEIPT_KIND, ReleaseSafety } from './constants.js';
import type { Quorum, StanceHistogram } from './aggregate.js';
import type { DisagreementMap } from './disagreement.js';
import type { ReceiptReasonCode } from './receipt-reasons.js';
import type { Weight } from './take.js';

/** One member's counted take inside a receipt, with the key it was verified against. */
export interface ReceiptSubmission {
  memberId: string;
  takeId: string;
  revision: number;
  /** Base64 public key the take was signed with (the member's key at filing time). */
  publicKey: string;
  /** The exact signed text (`canonicalTake` output). */
  canonical_submission: string;
  signature: string;
  /** The take's index in the transparency log, under the receipt's `log` checkpoint. */
  logIndex?: number;
}

/** The transparency-log checkpoint a receipt was built against (docs/protocol.md §10, §14). */
export interface ReceiptLogAnchor {
  /** The log's origin line. */
  origin: string;
  /** The checkpoint's tree size: every submission's `logIndex` is below it. */
  treeSize: number;
  /** Base64 root hash of the tree of that size. */
  rootHash: string;
}

export interface ReceiptJudge {
  mode: typeof JUDGE_MODE_ENFORCE;
  judgedBy: string;
  releaseSafety: ReleaseSafety;
  model: string;
  promptHash: string;
  inputsDigest: string;
}

export interface ConsensusReceiptPayload {
  kind: typeof RECEIPT_KIND;
  sessionId: string;
  subjectId: string;
  date: string;
  convenedAt: string;
  windowClosesAt: string | null;
  aggregatedAt: string;
  /** Sorted by memberId code point, one per member. */
  submissions: ReceiptSubmission[];
  stances: StanceHistogram;
  score: number;
  weights: Weight[];
  confidence: number;
  quorum: Quorum;
  disagreement: DisagreementMap;
  judge: ReceiptJudge;
  /** `digest` of the subject's previous published receipt; null for the first. */
  previousReceiptDigest: string | null;
  /** The log checkpoint every submission is included under; absent only where no log is kept. */
  log?: ReceiptLogAnchor;
}

export interface ServiceSignature {
  /** `sha256:` + hex SHA-256 of the raw service public key. */
  keyId: string;
  publicKey: string;
  /** Base64 Ed25519 signature over the UTF-8 of `canonicalBytes`. */
  signature: string;
}

/** A signed consensus receipt as stored; the server adds `verified`/`unverifiedReasons` on read. */
export interface ConsensusReceipt {
  sessionId: string;
  payload: ConsensusReceiptPayload;
  /** RFC 8785 text of `payload`. */
  canonicalBytes: string;
  /** Lowercase hex SHA-256 of the UTF-8 of `canonicalBytes`. */
  digest: string;
  signature: ServiceSignature;
}

export interface UnverifiedReason {
  code: ReceiptReasonCode;
  message: string;
}

export interface ReceiptVerification {
  verified: boolean;
  /** Empty when verified. */
  unverifiedReasons: UnverifiedReason[];
}

/** GET /api/swarm/receipt-key */
export interface ReceiptKey {
  keyId: string;
  publicKey: string;
  algorithm: 'Ed25519';
}
