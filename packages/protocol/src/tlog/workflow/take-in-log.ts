// A take as a page shows it, against the log: its entry, its leaf hash, its inclusion at the index
// shown under the latest checkpoint, its receipt's own proof, and its member's logged key.
import { bytesToBase64 } from '../../encoding.js';
import type { Checkpoint } from '../checkpoint.js';
import { logEntryLeafHash, takeLogEntry } from '../entries.js';
import { checkTakeLogEntry, takeEntryFields, type ServedTake } from '../take-check.js';
import { checkInclusion, TLOG_REASONS, verifyEntryInclusion } from '../verify.js';
import {
  digits,
  failedLine,
  LOG_CHECKS,
  notCheckedLine,
  passedLine,
  type CountFormat,
  type LineOptions,
  type LogCheckLine,
} from './check-lines.js';
import { consistencyOf } from './consistency.js';
import type { LatestCheckpoint } from './latest-checkpoint.js';
import type { LogApi } from './log-api.js';
import { fixedLogKey } from './log-key.js';
import { checkMemberKeyAt } from './member-keys.js';

/** A take with the log fields of its take receipt. */
export interface LoggedTake extends ServedTake {
  logIndex: number | null;
  leafHash: string | null;
  inclusion: { checkpoint: string; treeSize: number; hashes: string[] } | null;
  /** Why `inclusion` is null, in the service's words (take receipts only). */
  inclusionPending?: string | null;
}

const LATEST_UNCHECKED = 'the latest checkpoint did not check out';

/**
 * The take's lines after `latest`'s: `take_entry` (the entry rebuilt from the take as shown equals
 * the log's), `take_leaf_hash` (recomputed here equals the one shown), `included_at_index` (under
 * the latest checkpoint), `take_receipt_proof` (the receipt's own proof, under a checkpoint that
 * must be consistent with the latest: a forked tree fails even when correctly signed) and
 * `member_key`.
 */
export async function checkTakeInLog(
  api: LogApi,
  take: LoggedTake,
  latest: LatestCheckpoint,
  { count = digits }: LineOptions = {},
): Promise<LogCheckLine[]> {
  const lines = [...latest.lines];
  const logged = take.logIndex === null ? null : await api.take(take.id);
  const problem = checkTakeLogEntry(take, logged?.body?.entry ?? null, logged?.body?.leafHash);
  lines.push(
    problem === null
      ? passedLine(
          LOG_CHECKS.takeEntry,
          `index ${take.logIndex === null ? 'none' : count(take.logIndex)}`,
        )
      : failedLine(LOG_CHECKS.takeEntry, problem.message),
  );
  let rebuilt: string;
  try {
    rebuilt = takeLogEntry(takeEntryFields(take));
  } catch (error) {
    const detail = `the take as shown forms no log entry: ${(error as Error).message}`;
    lines.push(failedLine(LOG_CHECKS.takeLeafHash, detail));
    lines.push(notCheckedLine(LOG_CHECKS.includedAtIndex, 'no entry to look for'));
    lines.push(notCheckedLine(LOG_CHECKS.takeReceiptProof, 'no entry to look for'));
    return lines;
  }
  const leaf = bytesToBase64(logEntryLeafHash(rebuilt));
  lines.push(
    take.leafHash === leaf
      ? passedLine(LOG_CHECKS.takeLeafHash, leaf)
      : failedLine(
          LOG_CHECKS.takeLeafHash,
          `${TLOG_REASONS.leafMismatch}: recomputed ${leaf}, shown ${take.leafHash ?? 'none'}`,
        ),
  );
  lines.push(await includedAtIndex(api, take, rebuilt, latest.verified, count));
  lines.push(await receiptProof(api, take, rebuilt, latest, count));
  lines.push(await memberKey(api, take, latest));
  return lines;
}

async function includedAtIndex(
  api: LogApi,
  take: LoggedTake,
  rebuilt: string,
  latest: Checkpoint | null,
  count: CountFormat,
): Promise<LogCheckLine> {
  const code = LOG_CHECKS.includedAtIndex;
  if (latest === null) return notCheckedLine(code, LATEST_UNCHECKED);
  if (take.logIndex === null) return notCheckedLine(code, 'the take shows no log index');
  if (take.logIndex >= latest.size) {
    return notCheckedLine(
      code,
      `the latest checkpoint (size ${count(latest.size)}) does not cover index ${count(take.logIndex)} yet; reload in a few seconds`,
    );
  }
  const proof = await api.inclusionAt(take.logIndex, latest.size);
  if (proof.body === null) return failedLine(code, `no inclusion proof (HTTP ${proof.status})`);
  // The index is the one shown, not the one the proof claims: the proof must put this entry there.
  const result = checkInclusion(
    rebuilt,
    {
      logIndex: take.logIndex,
      treeSize: proof.body.treeSize,
      leafHash: proof.body.leafHash,
      hashes: proof.body.hashes,
    },
    latest,
  );
  return result.ok
    ? passedLine(code, `index ${count(take.logIndex)} of ${count(latest.size)}`)
    : failedLine(code, `${result.code}: ${result.message}`);
}

async function receiptProof(
  api: LogApi,
  take: LoggedTake,
  rebuilt: string,
  latest: LatestCheckpoint,
  count: CountFormat,
): Promise<LogCheckLine> {
  const code = LOG_CHECKS.takeReceiptProof;
  if (take.inclusion === null || take.logIndex === null || take.leafHash === null) {
    const why = take.inclusionPending ?? null;
    return notCheckedLine(
      code,
      `the take receipt carries no inclusion proof${why === null ? '' : `: ${why}`}`,
    );
  }
  if (latest.vkey === null || latest.verified === null) {
    return notCheckedLine(code, LATEST_UNCHECKED);
  }
  const included = await verifyEntryInclusion({
    entry: rebuilt,
    proof: {
      logIndex: take.logIndex,
      treeSize: take.inclusion.treeSize,
      leafHash: take.leafHash,
      hashes: take.inclusion.hashes,
    },
    checkpoint: take.inclusion.checkpoint,
    logKey: latest.vkey,
  });
  if (!included.ok) return failedLine(code, `${included.code}: ${included.message}`);
  const consistent = await consistencyOf(api, included.checkpoint, latest.verified);
  return consistent.ok
    ? passedLine(code, `size ${count(included.checkpoint.size)}`)
    : failedLine(
        code,
        `its checkpoint (size ${count(included.checkpoint.size)}) is not the log this browser follows: ${consistent.message}`,
      );
}

function memberKey(api: LogApi, take: LoggedTake, latest: LatestCheckpoint): Promise<LogCheckLine> {
  const code = LOG_CHECKS.memberKey;
  if (latest.vkey === null || latest.verified === null) {
    return Promise.resolve(notCheckedLine(code, LATEST_UNCHECKED));
  }
  if (take.logIndex === null || take.logIndex >= latest.verified.size) {
    return Promise.resolve(notCheckedLine(code, 'the take is not covered by that checkpoint'));
  }
  return checkMemberKeyAt(
    api,
    take,
    { logIndex: take.logIndex, treeSize: latest.verified.size },
    fixedLogKey(latest.vkey),
  );
}
