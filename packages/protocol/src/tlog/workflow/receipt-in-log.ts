// A consensus receipt against the log: what the log serves for the checkpoint it records, each
// submission's entry at its index, the receipt's own entry, the members' key histories, fed to the
// protocol's `checkReceiptLog` (which the server runs too), as one line per `ReceiptLogCheck`.
import { KEY_REASONS } from '../key-history.js';
import {
  checkReceiptLog,
  RECEIPT_LOG_CHECK_CODES,
  receiptLogOutcomes,
  type ReceiptLogCheck,
  type ReceiptLogMaterial,
} from '../receipt-check.js';
import { RECEIPT_REASONS } from '../../receipt-reasons.js';
import type { ConsensusReceipt } from '../../receipt-types.js';
import type { InclusionProofJson } from '../verify.js';
import {
  digits,
  messageOf,
  notCheckedLine,
  type LineOptions,
  type LogCheckLine,
} from './check-lines.js';
import type { LatestCheckpoint } from './latest-checkpoint.js';
import { foundOrNull, LOG_PATHS, type LogApi, type ProvenEntryJson } from './log-api.js';
import { fixedLogKey, type LogKeyOf } from './log-key.js';
import { loggedKeyHistories } from './member-keys.js';

/** The checks that read the receipt's own entry: not run while no checkpoint covers it. */
const NEEDS_OWN_ENTRY: ReadonlySet<ReceiptLogCheck> = new Set([
  RECEIPT_REASONS.RECEIPT_NOT_IN_LOG,
  RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT,
]);

const proofOnly = (found: InclusionProofJson): InclusionProofJson => ({
  logIndex: found.logIndex,
  treeSize: found.treeSize,
  leafHash: found.leafHash,
  hashes: found.hashes,
});

/**
 * One line per `RECEIPT_LOG_CHECK_CODES`, in that order. `latest` is the log's latest checkpoint
 * (note and size; `checkReceiptLog` checks its signature with `keyOf`), null when the log served
 * none. A check that could not run because an earlier one failed reads "not checked", never passed;
 * an entry logged after the latest checkpoint is not covered yet, which is not a failure.
 */
export async function checkReceiptAnchor(
  api: LogApi,
  receipt: ConsensusReceipt,
  context: { latest: { note: string; size: number } | null; keyOf: LogKeyOf } & LineOptions,
): Promise<LogCheckLine[]> {
  const { latest, keyOf, count = digits } = context;
  const anchor = receipt.payload.log;
  try {
    const checkpoint =
      anchor === undefined
        ? null
        : (foundOrNull(
            await api.checkpointOfSize(anchor.treeSize),
            LOG_PATHS.checkpointOfSize(anchor.treeSize),
          )?.note ?? null);
    const submissions = await Promise.all(
      receipt.payload.submissions.map(async (submission) => {
        if (anchor === undefined || submission.logIndex === undefined) return null;
        const found = foundOrNull<ProvenEntryJson>(
          await api.inclusionAt(submission.logIndex, anchor.treeSize),
          LOG_PATHS.inclusionAt(submission.logIndex, anchor.treeSize),
        );
        return found === null ? null : { entry: found.entry, proof: proofOnly(found) };
      }),
    );
    const own = foundOrNull(
      await api.receiptIndex(receipt.sessionId),
      LOG_PATHS.receiptIndex(receipt.sessionId),
    );
    const covered = latest !== null && own !== null && own.index < latest.size;
    const ownProof = covered
      ? foundOrNull(
          await api.inclusionAt(own.index, latest.size),
          LOG_PATHS.inclusionAt(own.index, latest.size),
        )
      : null;
    const consistency =
      covered && anchor !== undefined && anchor.treeSize <= latest.size
        ? foundOrNull(
            await api.consistency(anchor.treeSize, latest.size),
            LOG_PATHS.consistency(anchor.treeSize, latest.size),
          )
        : null;
    const logKey = await keyOf(checkpoint ?? latest?.note ?? '');
    // Each submitting member's key history, proven under the recorded checkpoint and folded.
    const keys =
      anchor === undefined || checkpoint === null
        ? undefined
        : await loggedKeyHistories(
            api,
            receipt.payload.submissions.map((submission) => submission.memberId),
            anchor.treeSize,
            keyOf,
          );
    const uncovered = own !== null && !covered;
    const material: ReceiptLogMaterial = {
      checkpoint,
      submissions,
      ...(keys === undefined
        ? {}
        : {
            keys:
              typeof keys === 'string'
                ? { ok: false, code: KEY_REASONS.invalid, message: keys, index: -1 }
                : keys,
          }),
      ...(uncovered
        ? {}
        : {
            receipt:
              ownProof === null || latest === null
                ? null
                : {
                    entry: ownProof.entry,
                    proof: proofOnly(ownProof),
                    checkpoint: latest.note,
                    consistency: consistency?.hashes ?? [],
                  },
          }),
    };
    const outcomes = receiptLogOutcomes(await checkReceiptLog(receipt, material, { logKey }), {
      receiptChecked: material.receipt !== undefined,
      keysChecked: material.keys !== undefined,
    });
    const notCovered =
      latest === null
        ? 'the log serves no latest checkpoint'
        : `the latest checkpoint (size ${count(latest.size)}) does not cover its entry yet; retry in a few seconds`;
    return RECEIPT_LOG_CHECK_CODES.map((code): LogCheckLine => {
      const outcome = outcomes.get(code)!;
      if (outcome.state === 'passed') return { code, state: 'passed' };
      if (outcome.state === 'not-checked' && uncovered && NEEDS_OWN_ENTRY.has(code)) {
        return notCheckedLine(code, notCovered);
      }
      return { code, state: outcome.state, detail: outcome.detail };
    });
  } catch (error) {
    return RECEIPT_LOG_CHECK_CODES.map((code) =>
      notCheckedLine(code, `could not read the log: ${messageOf(error)}`),
    );
  }
}

/**
 * A receipt against the log as a reader who checked the latest checkpoint (`checkLatestCheckpoint`)
 * sees it: that check's lines, then `checkReceiptAnchor`'s under the verified latest checkpoint
 * (all "not checked" when it did not check out).
 */
export async function checkReceiptInLog(
  api: LogApi,
  receipt: ConsensusReceipt,
  latest: LatestCheckpoint,
  options: LineOptions = {},
): Promise<LogCheckLine[]> {
  if (latest.vkey === null || latest.checkpoint === null || latest.verified === null) {
    return [
      ...latest.lines,
      ...RECEIPT_LOG_CHECK_CODES.map((code) =>
        notCheckedLine(code, 'the latest checkpoint did not check out'),
      ),
    ];
  }
  return [
    ...latest.lines,
    ...(await checkReceiptAnchor(api, receipt, {
      latest: { note: latest.checkpoint, size: latest.verified.size },
      keyOf: fixedLogKey(latest.vkey),
      ...options,
    })),
  ];
}
