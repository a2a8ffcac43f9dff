// A consensus receipt against the transparency log, the same in the server, the CLI and the
// browser: the checkpoint it records is one the log signed, every submission is the log's entry at
// its recorded index and included under that checkpoint, and the receipt itself is in the log.
import { bytesToBase64 } from '../encoding.js';
import {
  RECEIPT_REASONS,
  RECEIPT_REASON_TEXT,
  type ReceiptReasonCode,
} from '../receipt-reasons.js';
import type { ConsensusReceipt, UnverifiedReason } from '../receipt-types.js';
import { isPlainObject } from '../strings.js';
import { parseLogEntry, receiptLogEntry } from './entries.js';
import type { Checkpoint } from './checkpoint.js';
import type { KeyFailure, KeyHistories } from './key-history.js';
import {
  checkConsistency,
  checkInclusion,
  verifyCheckpointNote,
  type InclusionProofJson,
} from './verify.js';

/** What a verifier fetched from the log for one receipt (null: the log answered nothing). */
export interface ReceiptLogMaterial {
  /** The signed checkpoint of the size the receipt records (GET /api/log/checkpoints/{size}). */
  checkpoint: string | null;
  /** Per submission, in order: the log's entry at its logIndex with a proof under that checkpoint. */
  submissions: ReadonlyArray<{ entry: string; proof: InclusionProofJson } | null>;
  /**
   * The log's entry for the receipt with a proof under a later checkpoint the log signed (the
   * latest), and a consistency proof from the recorded checkpoint to that one; null when the log
   * has none; undefined when the caller checks the receipt's inclusion itself.
   */
  receipt?: {
    entry: string;
    proof: InclusionProofJson;
    checkpoint: string;
    /**
     * Hashes proving the recorded checkpoint's tree is a prefix of `checkpoint`'s
     * (`GET /api/log/proof/consistency?from=<recorded size>&to=<its size>`).
     */
    consistency: readonly string[];
  } | null;
  /**
   * The submitting members' logged key histories folded together (each member's key events and
   * the keys-begin marker, `GET /api/log/members/{id}/keys`, their inclusion checked by the
   * caller), or the fold's failure; undefined when the caller does not check keys.
   */
  keys?: KeyHistories | KeyFailure;
}

const SUBMISSION_FIELDS = [
  'takeId',
  'memberId',
  'revision',
  'publicKey',
  'canonical_submission',
  'signature',
] as const;

const reason = (code: ReceiptReasonCode, detail?: string): UnverifiedReason => ({
  code,
  message:
    detail === undefined ? RECEIPT_REASON_TEXT[code] : `${RECEIPT_REASON_TEXT[code]}: ${detail}`,
});

/** What differs between a receipt's submission and the log entry at its index; null when none. */
export function submissionEntryDifference(
  submission: Record<string, unknown>,
  sessionId: string,
  entry: string,
): string | null {
  const parsed = parseLogEntry(entry);
  if (!parsed.ok) return `the entry is invalid (${parsed.error})`;
  if (parsed.entry.kind !== 'convene.log.take.v1') return 'the entry is not a take';
  const logged = parsed.entry;
  const differing: string[] = SUBMISSION_FIELDS.filter((f) => logged[f] !== submission[f]);
  if (logged.sessionId !== sessionId) differing.push('sessionId');
  return differing.length === 0 ? null : `the entry differs in ${differing.join(', ')}`;
}

/**
 * Every log check of a receipt, given what the log served for it and the pinned log key. Returns
 * the failures as receipt reasons (empty: the log committed to this receipt and its submissions).
 */
export async function checkReceiptLog(
  receipt: Pick<
    ConsensusReceipt,
    'sessionId' | 'payload' | 'canonicalBytes' | 'digest' | 'signature'
  >,
  material: ReceiptLogMaterial,
  options: { logKey: string },
): Promise<UnverifiedReason[]> {
  const reasons: UnverifiedReason[] = [];
  let recorded: Checkpoint | null = null;
  const anchor = receipt.payload.log;
  if (anchor === undefined || !isPlainObject(anchor)) {
    reasons.push(reason(RECEIPT_REASONS.LOG_NOT_RECORDED));
  } else {
    const opened =
      material.checkpoint === null
        ? null
        : await verifyCheckpointNote(material.checkpoint, { logKey: options.logKey });
    if (opened === null || !opened.ok) {
      reasons.push(
        reason(
          RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN,
          opened === null ? `no signed checkpoint of size ${anchor.treeSize}` : opened.message,
        ),
      );
    } else if (
      opened.checkpoint.size !== anchor.treeSize ||
      bytesToBase64(opened.checkpoint.rootHash) !== anchor.rootHash ||
      opened.checkpoint.origin !== anchor.origin
    ) {
      reasons.push(
        reason(
          RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN,
          `the log signed size ${opened.checkpoint.size} with another root or origin`,
        ),
      );
    } else {
      recorded = opened.checkpoint;
      const missing: string[] = [];
      receipt.payload.submissions.forEach((submission, i) => {
        const found = material.submissions[i] ?? null;
        const who = submission.memberId;
        if (found === null) return void missing.push(`${who}: no entry at ${submission.logIndex}`);
        if (found.proof.logIndex !== submission.logIndex) {
          return void missing.push(`${who}: the proof is for index ${found.proof.logIndex}`);
        }
        const difference = submissionEntryDifference(
          submission as unknown as Record<string, unknown>,
          receipt.sessionId,
          found.entry,
        );
        if (difference !== null) return void missing.push(`${who}: ${difference}`);
        const included = checkInclusion(found.entry, found.proof, opened.checkpoint);
        if (!included.ok) missing.push(`${who}: ${included.message}`);
      });
      if (missing.length > 0) {
        reasons.push(reason(RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG, missing.join('; ')));
      }
    }
  }
  if (material.keys !== undefined) {
    const unkeyed = submissionKeyProblems(receipt.payload.submissions, material.keys);
    if (unkeyed.length > 0) {
      reasons.push(reason(RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED, unkeyed.join('; ')));
    }
  }
  if (material.receipt !== undefined) {
    reasons.push(...(await receiptInLog(receipt, material.receipt, recorded, options.logKey)));
  }
  return reasons;
}

/**
 * Each submission whose key was not its member's active logged key at its `logIndex`, as
 * "member: code: message" (a submission without a `logIndex` is `log_not_recorded`'s business).
 */
export function submissionKeyProblems(
  submissions: ConsensusReceipt['payload']['submissions'],
  keys: KeyHistories | KeyFailure,
): string[] {
  if ('ok' in keys) return [`${keys.code}: ${keys.message}`];
  const problems: string[] = [];
  for (const submission of submissions) {
    if (typeof submission.logIndex !== 'number') continue;
    const failure = keys.checkTake(submission, submission.logIndex);
    if (failure !== null)
      problems.push(`${submission.memberId}: ${failure.code}: ${failure.message}`);
  }
  return problems;
}

async function receiptInLog(
  receipt: Parameters<typeof checkReceiptLog>[0],
  logged: Exclude<ReceiptLogMaterial['receipt'], undefined>,
  /** The receipt's recorded checkpoint, when it verified. */
  recorded: Checkpoint | null,
  logKey: string,
): Promise<UnverifiedReason[]> {
  if (logged === null) return [reason(RECEIPT_REASONS.RECEIPT_NOT_IN_LOG)];
  let expected: string | null = null;
  try {
    expected = receiptLogEntry(receipt);
  } catch {
    // A receipt that cannot form an entry is not the one in the log.
  }
  if (expected !== logged.entry) {
    return [
      reason(
        RECEIPT_REASONS.RECEIPT_NOT_IN_LOG,
        'the log holds a different receipt for this session',
      ),
    ];
  }
  const opened = await verifyCheckpointNote(logged.checkpoint, { logKey });
  if (!opened.ok) return [reason(RECEIPT_REASONS.RECEIPT_NOT_IN_LOG, opened.message)];
  const reasons: UnverifiedReason[] = [];
  const included = checkInclusion(logged.entry, logged.proof, opened.checkpoint);
  if (!included.ok) reasons.push(reason(RECEIPT_REASONS.RECEIPT_NOT_IN_LOG, included.message));
  // A correctly signed checkpoint of another tree (a fork) passes every check above; only its
  // consistency with the log everyone else sees exposes it.
  if (recorded !== null) {
    const consistent = checkConsistency(recorded, opened.checkpoint, logged.consistency ?? []);
    if (!consistent.ok) {
      reasons.push(reason(RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT, consistent.message));
    }
  }
  return reasons;
}

/** A receipt's log checks in the order verifiers show them. */
export const RECEIPT_LOG_CHECK_CODES = [
  RECEIPT_REASONS.LOG_NOT_RECORDED,
  RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN,
  RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG,
  RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED,
  RECEIPT_REASONS.RECEIPT_NOT_IN_LOG,
  RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT,
] as const;
export type ReceiptLogCheck = (typeof RECEIPT_LOG_CHECK_CODES)[number];

/** The checks `checkReceiptLog` runs only when these passed (it skips them otherwise). */
const RUNS_AFTER: Readonly<Record<ReceiptLogCheck, readonly ReceiptLogCheck[]>> = {
  log_not_recorded: [],
  log_checkpoint_unknown: ['log_not_recorded'],
  submission_not_in_log: ['log_not_recorded', 'log_checkpoint_unknown'],
  submission_key_not_logged: [],
  receipt_not_in_log: [],
  log_checkpoint_inconsistent: ['log_not_recorded', 'log_checkpoint_unknown', 'receipt_not_in_log'],
};

export type CheckOutcome =
  | { state: 'passed' }
  | { state: 'failed'; detail: string }
  | { state: 'not-checked'; detail: string };

/**
 * What each log check of a receipt came to, from `checkReceiptLog`'s reasons: failed with its
 * message, not checked when a check it depends on did not pass (so a verifier never shows ✓ for a
 * check that did not run), passed otherwise. `receiptChecked`: whether the caller gave
 * `material.receipt` (without it the receipt's own entry and the consistency were not checked).
 */
export function receiptLogOutcomes(
  reasons: readonly UnverifiedReason[],
  options: { receiptChecked: boolean; keysChecked?: boolean },
): Map<ReceiptLogCheck, CheckOutcome> {
  const failures = new Map(reasons.map((r) => [r.code, r.message]));
  const outcomes = new Map<ReceiptLogCheck, CheckOutcome>();
  for (const code of RECEIPT_LOG_CHECK_CODES) {
    const failure = failures.get(code);
    if (failure !== undefined) {
      outcomes.set(code, { state: 'failed', detail: failure });
      continue;
    }
    if (
      !options.receiptChecked &&
      (code === RECEIPT_REASONS.RECEIPT_NOT_IN_LOG ||
        code === RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT)
    ) {
      outcomes.set(code, {
        state: 'not-checked',
        detail: "the receipt's own entry was not asked for",
      });
      continue;
    }
    if (code === RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED && options.keysChecked !== true) {
      outcomes.set(code, {
        state: 'not-checked',
        detail: "the members' key histories were not asked for",
      });
      continue;
    }
    const blocker = RUNS_AFTER[code].find((before) => outcomes.get(before)?.state !== 'passed');
    outcomes.set(
      code,
      blocker === undefined
        ? { state: 'passed' }
        : { state: 'not-checked', detail: `runs only once ${blocker} passes` },
    );
  }
  return outcomes;
}
