import { aggregate, computeQuorum, type AggregationInput } from './aggregate.js';
import { JUDGE_MODE_ENFORCE } from './constants.js';
import { disagreementMap } from './disagreement.js';
import { base64ToBytes, utf8Encode } from './encoding.js';
import { isLogIndexUnder } from './receipt-build.js';
import { keyFingerprint, sha256Hex } from './hash.js';
import { jcs, sameJson } from './jcs.js';
import { RECEIPT_REASONS, RECEIPT_REASON_TEXT, type ReceiptReasonCode } from './receipt-reasons.js';
import {
  isSubmissionEntry,
  readEnvelope,
  readQuorumClaims,
  type ReceiptEnvelope,
} from './receipt-shape.js';
import type { ReceiptVerification, UnverifiedReason } from './receipt-types.js';
import { isUsablePublicKey, verify } from './signing.js';
import { compareCodePoints, isPlainObject } from './strings.js';
import { parseCanonicalTake } from './take-validation.js';

export interface VerifyReceiptOptions {
  /**
   * The key pinned from GET /api/swarm/receipt-key, or every key pinned (after a rotation, the
   * current and the retired ones of GET /api/swarm/receipt-keys); a receipt signed with another
   * gets a reason.
   */
  expectedServicePublicKey?: string | readonly string[] | undefined;
  /** The subject's previous receipt digest when the verifier knows it (null: first receipt). */
  expectedPreviousDigest?: string | null | undefined;
}

const CODE_ORDER: readonly ReceiptReasonCode[] = Object.values(RECEIPT_REASONS);
const MAX_DETAILS = 10;
const MAX_DETAIL_LENGTH = 120;

/** One reason per code, in the order of RECEIPT_REASONS, naming up to ten details each. */
class Reasons {
  readonly #details = new Map<ReceiptReasonCode, string[]>();

  add(code: ReceiptReasonCode, detail?: string): void {
    const details = this.#details.get(code) ?? [];
    if (detail !== undefined) {
      details.push(
        detail.length > MAX_DETAIL_LENGTH ? `${detail.slice(0, MAX_DETAIL_LENGTH)}…` : detail,
      );
    }
    this.#details.set(code, details);
  }

  list(): UnverifiedReason[] {
    return CODE_ORDER.flatMap((code) => {
      const details = this.#details.get(code);
      if (details === undefined) return [];
      const named = details.slice(0, MAX_DETAILS).join('; ');
      const more = details.length > MAX_DETAILS ? `; and ${details.length - MAX_DETAILS} more` : '';
      const message =
        named === '' ? RECEIPT_REASON_TEXT[code] : `${RECEIPT_REASON_TEXT[code]}: ${named}${more}`;
      return [{ code, message }];
    });
  }
}

function result(reasons: Reasons): ReceiptVerification {
  const unverifiedReasons = reasons.list();
  return { verified: unverifiedReasons.length === 0, unverifiedReasons };
}

function malformed(detail: string): ReceiptVerification {
  const reasons = new Reasons();
  reasons.add(RECEIPT_REASONS.MALFORMED_RECEIPT, detail);
  return result(reasons);
}

/**
 * Verifies a consensus receipt without trusting its producer (docs/protocol.md, "Verifying a
 * receipt"). Resolves `{ verified: false, unverifiedReasons }` for any failure, including garbage
 * input; never throws or rejects. Aggregates are recomputed from the canonical_submission texts
 * only, and only when every submission is well-formed and unique.
 */
export async function verifyReceipt(
  receipt: unknown,
  options: VerifyReceiptOptions = {},
): Promise<ReceiptVerification> {
  try {
    return await check(receipt, options);
  } catch (error) {
    return malformed(error instanceof Error ? error.message : 'unreadable receipt');
  }
}

async function check(
  receipt: unknown,
  options: VerifyReceiptOptions,
): Promise<ReceiptVerification> {
  const envelope = readEnvelope(receipt);
  if (typeof envelope === 'string') return malformed(envelope);
  let canonical: string;
  try {
    canonical = jcs(envelope.payload);
  } catch {
    return malformed('payload holds a value JSON cannot carry');
  }
  const reasons = new Reasons();
  const serviceSignature = checkEnvelope(envelope, canonical, options, reasons);
  const { counted, complete, signatures } = checkSubmissions(envelope.payload, reasons);
  if (complete) checkAggregates(envelope.payload, counted, reasons);
  checkJudgeAndChain(envelope.payload, options, reasons);
  checkLogAnchor(envelope.payload, reasons);

  if (!(await serviceSignature)) reasons.add(RECEIPT_REASONS.BAD_SERVICE_SIGNATURE);
  const results = await Promise.all(signatures.map((s) => s.valid));
  results.forEach((valid, i) => {
    if (!valid) reasons.add(RECEIPT_REASONS.BAD_MEMBER_SIGNATURE, signatures[i]!.memberId);
  });
  return result(reasons);
}

/** Digest, canonical text, session id and service key; resolves the service signature check. */
function checkEnvelope(
  envelope: ReceiptEnvelope,
  canonical: string,
  options: VerifyReceiptOptions,
  reasons: Reasons,
): Promise<boolean> {
  const { payload, signature } = envelope;
  if (canonical !== envelope.canonicalBytes) {
    reasons.add(
      RECEIPT_REASONS.ALTERED_PAYLOAD,
      'canonicalBytes is not the RFC 8785 text of payload',
    );
  }
  const signedBytes = utf8Encode(envelope.canonicalBytes);
  if (sha256Hex(signedBytes) !== envelope.digest) {
    reasons.add(RECEIPT_REASONS.ALTERED_PAYLOAD, 'digest is not the SHA-256 of canonicalBytes');
  }
  if (envelope.sessionId !== payload.sessionId) reasons.add(RECEIPT_REASONS.SESSION_MISMATCH);
  const { publicKey, keyId } = signature;
  if (isUsablePublicKey(publicKey) && keyFingerprint(publicKey) !== keyId) {
    reasons.add(RECEIPT_REASONS.SERVICE_KEY_ID_MISMATCH, keyId);
  }
  const expected = options.expectedServicePublicKey;
  if (
    expected !== undefined &&
    !(typeof expected === 'string' ? [expected] : expected).includes(publicKey)
  ) {
    reasons.add(RECEIPT_REASONS.UNEXPECTED_SERVICE_KEY, publicKey);
  }
  return verify(publicKey, signedBytes, signature.signature);
}

interface SubmissionChecks {
  /** What aggregation reads from each canonical_submission, filed under its entry's member. */
  counted: AggregationInput[];
  /** Every entry well-formed and no member twice: only then are aggregates recomputed. */
  complete: boolean;
  signatures: { memberId: string; valid: Promise<boolean> }[];
}

function checkSubmissions(payload: ReceiptEnvelope['payload'], reasons: Reasons): SubmissionChecks {
  const checks: SubmissionChecks = { counted: [], complete: true, signatures: [] };
  const seen = new Set<string>();
  let previous: string | undefined;
  payload.submissions.forEach((entry, index) => {
    if (!isSubmissionEntry(entry)) {
      reasons.add(RECEIPT_REASONS.MALFORMED_SUBMISSION, `entry ${index}`);
      checks.complete = false;
      return;
    }
    const { memberId } = entry;
    if (seen.has(memberId)) {
      reasons.add(RECEIPT_REASONS.DUPLICATE_MEMBER, memberId);
      checks.complete = false;
    } else if (previous !== undefined && compareCodePoints(previous, memberId) > 0) {
      reasons.add(RECEIPT_REASONS.UNSORTED_SUBMISSIONS, memberId);
    }
    seen.add(memberId);
    previous = memberId;
    const valid = verify(entry.publicKey, entry.canonical_submission, entry.signature);
    checks.signatures.push({ memberId, valid });

    const draft = parseCanonicalTake(entry.canonical_submission);
    if (draft === null) {
      reasons.add(RECEIPT_REASONS.MALFORMED_SUBMISSION, memberId);
      checks.complete = false;
      return;
    }
    if (draft.memberId !== memberId) {
      reasons.add(RECEIPT_REASONS.SUBMISSION_MEMBER_MISMATCH, memberId);
    }
    if (draft.subjectId !== payload.subjectId) {
      reasons.add(RECEIPT_REASONS.SUBMISSION_SUBJECT_MISMATCH, memberId);
    }
    if (draft.date !== payload.date) {
      reasons.add(RECEIPT_REASONS.SUBMISSION_DATE_MISMATCH, memberId);
    }
    const { stance, confidence, weights } = draft;
    checks.counted.push({ memberId, stance, confidence, weights });
  });
  return checks;
}

function checkJudgeAndChain(
  payload: ReceiptEnvelope['payload'],
  options: VerifyReceiptOptions,
  reasons: Reasons,
): void {
  const judge = payload.judge;
  if (!isPlainObject(judge) || judge.mode !== JUDGE_MODE_ENFORCE) {
    reasons.add(RECEIPT_REASONS.JUDGE_NOT_ENFORCE);
  }
  const expectedPrevious = options.expectedPreviousDigest;
  if (expectedPrevious !== undefined && payload.previousReceiptDigest !== expectedPrevious) {
    reasons.add(RECEIPT_REASONS.CHAIN_MISMATCH);
  }
}

/**
 * `log` (the checkpoint the receipt was built against) and each submission's `logIndex`: both
 * present and well-formed, every index under the checkpoint's size and none twice, or both absent.
 */
function checkLogAnchor(payload: ReceiptEnvelope['payload'], reasons: Reasons): void {
  const indices = payload.submissions.map((entry) =>
    isPlainObject(entry) ? entry.logIndex : undefined,
  );
  const log = payload.log;
  if (log === undefined) {
    if (indices.some((index) => index !== undefined)) {
      reasons.add(RECEIPT_REASONS.MALFORMED_LOG_ANCHOR, 'logIndex without log');
    }
    return;
  }
  if (
    !isPlainObject(log) ||
    typeof log.origin !== 'string' ||
    log.origin === '' ||
    typeof log.treeSize !== 'number' ||
    !Number.isSafeInteger(log.treeSize) ||
    log.treeSize < 0 ||
    typeof log.rootHash !== 'string' ||
    base64ToBytes(log.rootHash)?.length !== 32
  ) {
    reasons.add(RECEIPT_REASONS.MALFORMED_LOG_ANCHOR, 'log must be { origin, treeSize, rootHash }');
    return;
  }
  const treeSize = log.treeSize;
  const seen = new Set<number>();
  indices.forEach((index, i) => {
    if (!isLogIndexUnder(index, treeSize) || seen.has(index)) {
      reasons.add(RECEIPT_REASONS.MALFORMED_LOG_ANCHOR, `submission ${i} logIndex`);
    } else seen.add(index);
  });
}

function checkAggregates(
  payload: Record<string, unknown>,
  counted: readonly AggregationInput[],
  reasons: Reasons,
): void {
  const members = counted.map((s) => s.memberId);
  const recomputed = aggregate({ submissions: counted, roster: members, requiredQuorum: 0 });
  if (!sameJson(recomputed.stances, payload.stances)) {
    reasons.add(RECEIPT_REASONS.HISTOGRAM_MISMATCH);
  }
  if (!sameJson(recomputed.score, payload.score)) reasons.add(RECEIPT_REASONS.SCORE_MISMATCH);
  if (!sameJson(recomputed.weights, payload.weights)) reasons.add(RECEIPT_REASONS.WEIGHTS_MISMATCH);
  if (!sameJson(recomputed.confidence, payload.confidence)) {
    reasons.add(RECEIPT_REASONS.CONFIDENCE_MISMATCH);
  }
  const claims = readQuorumClaims(payload.quorum);
  if (
    claims === null ||
    !sameJson(
      computeQuorum(members, [...members, ...claims.absent], claims.required),
      payload.quorum,
    )
  ) {
    reasons.add(RECEIPT_REASONS.QUORUM_MISMATCH);
  }
  if (!sameJson(disagreementMap(counted), payload.disagreement)) {
    reasons.add(RECEIPT_REASONS.DISAGREEMENT_MISMATCH);
  }
}
