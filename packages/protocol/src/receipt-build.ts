import { aggregate } from './aggregate.js';
import { DEFAULT_REQUIRED_QUORUM, RECEIPT_KIND } from './constants.js';
import { disagreementMap } from './disagreement.js';
import { utf8Encode } from './encoding.js';
import { keyFingerprint, sha256Hex } from './hash.js';
import { jcs } from './jcs.js';
import type {
  ConsensusReceipt,
  ConsensusReceiptPayload,
  ReceiptJudge,
  ReceiptKey,
  ReceiptLogAnchor,
  ReceiptSubmission,
} from './receipt-types.js';
import { publicKeyFromSeed, sign } from './signing.js';
import { compareCodePoints } from './strings.js';
import { parseCanonicalTake } from './take-validation.js';

export interface BuildReceiptInput {
  sessionId: string;
  subjectId: string;
  date: string;
  convenedAt: string;
  windowClosesAt: string | null;
  aggregatedAt: string;
  /** The session's takes, any revisions, any order; only roster members' highest revisions count. */
  takes: readonly ReceiptSubmission[];
  /** The expected roster with excused members removed. */
  roster: readonly string[];
  requiredQuorum?: number | undefined;
  judge: ReceiptJudge;
  previousReceiptDigest: string | null;
  /** The log checkpoint the counted takes are included under; every counted take then needs a logIndex below its size. */
  log?: ReceiptLogAnchor | undefined;
}

/**
 * The takes a session counts: for each member on the roster, the take with the highest revision;
 * takes of members off the roster (never added, or excused) are left out. Sorted by memberId.
 * Throws a RangeError when one member has two takes with the same revision.
 */
export function selectCountedTakes<T extends { memberId: string; revision: number }>(
  takes: readonly T[],
  roster: readonly string[],
): T[] {
  const members = new Set(roster);
  const latest = new Map<string, T>();
  for (const take of takes) {
    if (!members.has(take.memberId)) continue;
    const current = latest.get(take.memberId);
    if (current !== undefined && current.revision === take.revision) {
      throw new RangeError(`member ${take.memberId} has two takes with revision ${take.revision}`);
    }
    if (current === undefined || take.revision > current.revision) latest.set(take.memberId, take);
  }
  return [...latest.values()].sort((a, b) => compareCodePoints(a.memberId, b.memberId));
}

/**
 * Builds the consensus receipt payload: selects the counted takes, reads their canonical text
 * (the only source of stance, confidence and weights), aggregates and maps disagreement. Throws
 * when a counted take is not a canonical take of this member, subject and date: the server never
 * stores such a take, so it signals a bug rather than a state to publish. Signatures are not
 * checked here (they were at submit time); `verifyReceipt` checks them.
 */
export function buildReceiptPayload(input: BuildReceiptInput): ConsensusReceiptPayload {
  const counted = selectCountedTakes(input.takes, input.roster);
  const drafts = counted.map((take) => {
    const draft = parseCanonicalTake(take.canonical_submission);
    if (draft === null) throw new TypeError(`take ${take.takeId} is not a canonical take`);
    if (draft.memberId !== take.memberId || draft.subjectId !== input.subjectId) {
      throw new TypeError(`take ${take.takeId} names another member or subject`);
    }
    if (draft.date !== input.date) throw new TypeError(`take ${take.takeId} has another date`);
    if (!Number.isSafeInteger(take.revision) || take.revision < 1) {
      throw new RangeError(`take ${take.takeId} has an invalid revision`);
    }
    if (input.log !== undefined && !isLogIndexUnder(take.logIndex, input.log.treeSize)) {
      throw new RangeError(`take ${take.takeId} has no log index under the recorded checkpoint`);
    }
    return draft;
  });
  const result = aggregate({
    submissions: drafts,
    roster: input.roster,
    requiredQuorum: input.requiredQuorum ?? DEFAULT_REQUIRED_QUORUM,
  });
  return {
    kind: RECEIPT_KIND,
    sessionId: input.sessionId,
    subjectId: input.subjectId,
    date: input.date,
    convenedAt: input.convenedAt,
    windowClosesAt: input.windowClosesAt,
    aggregatedAt: input.aggregatedAt,
    submissions: counted.map((take) => ({
      memberId: take.memberId,
      takeId: take.takeId,
      revision: take.revision,
      publicKey: take.publicKey,
      canonical_submission: take.canonical_submission,
      signature: take.signature,
      ...(input.log === undefined ? {} : { logIndex: take.logIndex! }),
    })),
    stances: result.stances,
    score: result.score,
    weights: result.weights,
    confidence: result.confidence,
    quorum: result.quorum,
    disagreement: disagreementMap(drafts),
    judge: {
      mode: input.judge.mode,
      judgedBy: input.judge.judgedBy,
      releaseSafety: input.judge.releaseSafety,
      model: input.judge.model,
      promptHash: input.judge.promptHash,
      inputsDigest: input.judge.inputsDigest,
    },
    previousReceiptDigest: input.previousReceiptDigest,
    ...(input.log === undefined
      ? {}
      : {
          log: {
            origin: input.log.origin,
            treeSize: input.log.treeSize,
            rootHash: input.log.rootHash,
          },
        }),
  };
}

/** A log index that a checkpoint of `treeSize` covers. */
export const isLogIndexUnder = (index: unknown, treeSize: number): index is number =>
  typeof index === 'number' && Number.isSafeInteger(index) && index >= 0 && index < treeSize;

/** What GET /api/swarm/receipt-key serves for the service's signing seed. */
export async function receiptKey(serviceSeedB64: string): Promise<ReceiptKey> {
  const publicKey = await publicKeyFromSeed(serviceSeedB64);
  return { keyId: keyFingerprint(publicKey), publicKey, algorithm: 'Ed25519' };
}

/**
 * Signs a payload with the service key: `canonicalBytes` = RFC 8785 text of the payload,
 * `digest` = SHA-256 hex of its UTF-8, signature over that UTF-8.
 */
export async function signReceipt(
  payload: ConsensusReceiptPayload,
  serviceSeedB64: string,
): Promise<ConsensusReceipt> {
  const canonicalBytes = jcs(payload);
  const bytes = utf8Encode(canonicalBytes);
  const key = await receiptKey(serviceSeedB64);
  return {
    sessionId: payload.sessionId,
    payload,
    canonicalBytes,
    digest: sha256Hex(bytes),
    signature: {
      keyId: key.keyId,
      publicKey: key.publicKey,
      signature: await sign(serviceSeedB64, bytes),
    },
  };
}
