import {
  checkReceiptLog,
  receiptLogOutcomes,
  RECEIPT_REASONS,
  type ReceiptLogCheck,
  type ReceiptLogMaterial,
  type ConsensusReceipt,
  type ReceiptReasonCode,
  bytesToBase64,
  logEntryLeafHash,
  parseCheckpoint,
  parseSignedNote,
  verifyEntryInclusion,
  type InclusionProofJson,
} from '@convene/protocol';
import type { CliContext } from '../context.js';
import { failed, notChecked, passed, type Check } from './checks.js';
import { loggedKeyHistories } from './key-checks.js';
import { logVerifierKey } from './log-key.js';

export const LOG_INCLUSION =
  'included in the transparency log, under a checkpoint signed by the log key';
const CHECKPOINT_ATTEMPTS = 8;
const CHECKPOINT_RETRY_MS = 750;

export const LOG_KEY_PINNED = 'log key is the one you pinned';

/**
 * Is `entry` (the exact log entry text) in the log? Fetches the latest checkpoint and an inclusion
 * proof by leaf hash, and checks both with the protocol's verifier against the log key: the pinned
 * one when given, else the one the server publishes (and then "pinned" is not checked).
 */
export async function logChecks(
  ctx: CliContext,
  entry: string,
  pinnedLogKey: string | undefined,
): Promise<{ checks: Check[]; logIndex?: number; treeSize?: number }> {
  const pinCheck =
    pinnedLogKey === undefined
      ? notChecked(
          LOG_KEY_PINNED,
          'no log key pinned (--log-key or CONVENE_LOG_KEY): checked against the key the server publishes',
        )
      : undefined;
  const leafHash = bytesToBase64(logEntryLeafHash(entry));
  let checkpoint = '';
  let vkey = '';
  let size = 0;
  let response!: Response;
  // A take filed a moment ago is sequenced at once but signed into a checkpoint within a second or
  // two: while the proof request says the entry is newer than the checkpoint, read the next one.
  for (let attempt = 1; attempt <= CHECKPOINT_ATTEMPTS; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_RETRY_MS));
    try {
      const served = await ctx.fetch(`/api/log/checkpoint`);
      if (!served.ok) throw new Error(`GET /api/log/checkpoint answered HTTP ${served.status}`);
      checkpoint = await served.text();
      vkey = await logVerifierKey(ctx, checkpoint, pinnedLogKey);
    } catch (error) {
      return {
        checks: [
          notChecked(LOG_INCLUSION, `could not read the log: ${(error as Error).message}`),
          ...(pinCheck === undefined ? [] : [pinCheck]),
        ],
      };
    }
    size = parseCheckpoint(parseSignedNote(checkpoint)?.text ?? '')?.size ?? 0;
    response = await ctx.fetch(
      `/api/log/proof/inclusion?leafHash=${encodeURIComponent(leafHash)}&treeSize=${size}`,
    );
    if (response.status !== 400) break;
  }
  const withPin = (check: Check): Check[] => (pinCheck === undefined ? [check] : [check, pinCheck]);
  if (response.status === 404) {
    return {
      checks: withPin(failed(LOG_INCLUSION, `no entry with leaf hash ${leafHash} in the log`)),
    };
  }
  if (response.status === 400) {
    const stopped = await signerStopped(ctx);
    return {
      checks: withPin(
        notChecked(
          LOG_INCLUSION,
          stopped !== null
            ? `no checkpoint covers the entry: the log's signer has stopped (the server's /health says "${stopped}"); the latest checkpoint is of size ${size}`
            : `the entry is newer than the latest checkpoint (size ${size}); retry in a few seconds`,
        ),
      ),
    };
  }
  if (!response.ok) {
    return {
      checks: withPin(notChecked(LOG_INCLUSION, `proof request answered HTTP ${response.status}`)),
    };
  }
  const proof = (await response.json()) as InclusionProofJson;
  const result = await verifyEntryInclusion({ entry, proof, checkpoint, logKey: vkey });
  if (!result.ok) {
    const check = failed(LOG_INCLUSION, `${result.code}: ${result.message}`);
    const checkpointRefused = result.code.startsWith('checkpoint_');
    const pin =
      pinCheck ??
      (checkpointRefused ? failed(LOG_KEY_PINNED, result.message) : passed(LOG_KEY_PINNED));
    return { checks: [check, pin] };
  }
  const detail = `index ${proof.logIndex} of ${size}`;
  return {
    checks:
      pinnedLogKey === undefined
        ? [passed(LOG_INCLUSION, detail), pinCheck!]
        : [passed(LOG_INCLUSION, detail), passed(LOG_KEY_PINNED)],
    logIndex: proof.logIndex,
    treeSize: size,
  };
}

/** The receipt's log checks a CLI line each (the receipt's own inclusion is LOG_INCLUSION). */
export const RECEIPT_LOG_CHECKS: ReadonlyArray<[ReceiptReasonCode, string]> = [
  [RECEIPT_REASONS.LOG_NOT_RECORDED, 'records the log checkpoint it was built against'],
  [RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN, 'that checkpoint is one the log signed'],
  [
    RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG,
    'every submission is the log entry at its logIndex, included under that checkpoint',
  ],
  [
    RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED,
    "every submission's key was its member's active key in the log's key history at its logIndex",
  ],
  [
    RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT,
    "that checkpoint is consistent with the log's latest (no fork, no rewrite)",
  ],
];

/**
 * The checkpoint a receipt records, each submission's entry at its index, the receipt's own entry
 * under the latest checkpoint and a consistency proof between the two, fetched from the log and
 * checked with the protocol's `checkReceiptLog` (the server and the browser run it too). A check
 * that could not run because an earlier one failed reads "not checked", never ✓.
 */
export async function receiptAnchorChecks(
  ctx: CliContext,
  receipt: ConsensusReceipt,
  pinnedLogKey: string | undefined,
): Promise<Check[]> {
  const anchor = receipt.payload.log;
  const get = async <T>(path: string): Promise<T | null> => {
    const response = await ctx.fetch(path);
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new Error(`GET ${path} answered HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const proofOnly = (found: InclusionProofJson): InclusionProofJson => ({
    logIndex: found.logIndex,
    treeSize: found.treeSize,
    leafHash: found.leafHash,
    hashes: found.hashes,
  });
  try {
    const checkpoint =
      anchor === undefined
        ? null
        : ((await get<{ note: string }>(`/api/log/checkpoints/${anchor.treeSize}`))?.note ?? null);
    const submissions = await Promise.all(
      receipt.payload.submissions.map(async (submission) => {
        if (anchor === undefined || submission.logIndex === undefined) return null;
        const found = await get<InclusionProofJson & { entry: string }>(
          `/api/log/proof/inclusion?index=${submission.logIndex}&treeSize=${anchor.treeSize}`,
        );
        return found === null ? null : { entry: found.entry, proof: proofOnly(found) };
      }),
    );
    const latest = await get<{ note: string; size: number }>('/api/log/checkpoint.json');
    const own = await get<{ index: number }>(`/api/log/receipts/${receipt.sessionId}`);
    // An entry newer than the latest checkpoint is not covered yet: its checks are not run.
    const covered = latest !== null && own !== null && own.index < latest.size;
    const ownProof = covered
      ? await get<InclusionProofJson & { entry: string }>(
          `/api/log/proof/inclusion?index=${own.index}&treeSize=${latest.size}`,
        )
      : null;
    const consistency =
      covered && anchor !== undefined && anchor.treeSize <= latest.size
        ? await get<{ hashes: string[] }>(
            `/api/log/proof/consistency?from=${anchor.treeSize}&to=${latest.size}`,
          )
        : null;
    const logKey = await logVerifierKey(ctx, checkpoint ?? latest?.note ?? '', pinnedLogKey);
    // Each submitting member's key history, proven under the recorded checkpoint and folded.
    const keys =
      anchor === undefined || checkpoint === null
        ? undefined
        : await loggedKeyHistories(
            ctx,
            receipt.payload.submissions.map((s) => s.memberId),
            anchor.treeSize,
            pinnedLogKey,
          );
    const material: ReceiptLogMaterial = {
      checkpoint,
      submissions,
      ...(keys === undefined
        ? {}
        : {
            keys:
              typeof keys === 'string'
                ? { ok: false, code: 'key_history_invalid', message: keys, index: -1 }
                : keys,
          }),
      ...(own !== null && !covered
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
    return RECEIPT_LOG_CHECKS.map(([code, label]) => {
      const outcome = outcomes.get(code as ReceiptLogCheck)!;
      if (outcome.state === 'failed') return failed(label, outcome.detail);
      if (outcome.state === 'not-checked') {
        return notChecked(
          label,
          own !== null && !covered && code === RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT
            ? 'the latest checkpoint does not cover the receipt yet; retry in a few seconds'
            : outcome.detail,
        );
      }
      return passed(label);
    });
  } catch (error) {
    return RECEIPT_LOG_CHECKS.map(([, label]) =>
      notChecked(label, `could not read the log: ${(error as Error).message}`),
    );
  }
}

/**
 * The server's word on its log's signer (`transparency_log` of GET /health) when it is halted or
 * stalled; null when it is running or the server does not say.
 */
async function signerStopped(ctx: CliContext): Promise<string | null> {
  try {
    const health = (await (await ctx.fetch(`/health`)).json()) as {
      transparency_log?: unknown;
    };
    const state = health.transparency_log;
    return typeof state === 'string' && /^(halted|stalled):/.test(state) ? state : null;
  } catch {
    return null;
  }
}
