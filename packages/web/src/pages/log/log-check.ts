// The in-browser log check: the protocol's audit workflow (packages/protocol/src/tlog/workflow)
// over this origin's `fetch`, with what this browser keeps between visits in localStorage, and the
// site's label for each check code.
import {
  checkLatestCheckpoint as checkLatest,
  checkReceiptInLog as checkReceipt,
  checkTakeInLog as checkTake,
  LOG_CHECKS,
  logApiOverHttp,
  RECEIPT_REASONS,
  type ConsensusReceipt,
  type KeptLog,
  type LatestCheckpoint,
  type LogCheckCode,
  type LogCheckLine as CheckedLine,
  type LoggedTake,
} from '@convene/protocol';
import { count } from '../../lib/format.js';

export { keyLabel, type LoggedTake } from '@convene/protocol';

/** One line of an in-browser check as shown: ran and passed, ran and failed (why), or not run. */
export type LogCheckLine =
  | { label: string; state: 'passed'; detail?: string }
  | { label: string; state: 'failed' | 'not-checked'; detail: string };

const STORAGE_KEY = 'convene.log.monitor';

function kept(): KeptLog | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as KeptLog | null;
    return value !== null && typeof value.vkey === 'string' ? value : null;
  } catch {
    return null;
  }
}

function keep(value: KeptLog): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode: the check still runs, it just cannot remember.
  }
}

/** The log key this browser pinned on its first visit, if any. */
export function pinnedLogKey(): string | null {
  return kept()?.vkey ?? null;
}

/** Forgets the pinned key and checkpoint (after the operator announced a new log). */
export function forgetLog(): void {
  localStorage.removeItem(STORAGE_KEY);
}

const api = logApiOverHttp(async (path) => {
  const response = await fetch(path, { headers: { accept: 'application/json, text/plain' } });
  return { status: response.status, text: await response.text() };
});

/** What each check is called on the site. */
const LABELS: Readonly<Record<LogCheckCode, string>> = {
  [LOG_CHECKS.logKey]: 'log key is the one this browser first saw',
  [LOG_CHECKS.checkpointSignature]: 'checkpoint signed by the log key',
  [LOG_CHECKS.checkpointConsistent]: 'consistent with the last checkpoint this browser saw',
  [LOG_CHECKS.includedByLeafHash]: 'the entry is in the log under a checkpoint signed by its key',
  [LOG_CHECKS.takeEntry]: 'the log holds exactly this take',
  [LOG_CHECKS.takeLeafHash]: 'leaf hash recomputed here matches the one shown',
  [LOG_CHECKS.includedAtIndex]: 'included at its index under the latest checkpoint',
  [LOG_CHECKS.takeReceiptProof]:
    'the take receipt’s proof holds under a checkpoint consistent with the latest',
  [LOG_CHECKS.memberKey]: "the take's key was its member's active logged key at its index",
  [RECEIPT_REASONS.LOG_NOT_RECORDED]: 'records the log checkpoint it was built against',
  [RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN]: 'that checkpoint is one the log signed',
  [RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG]: 'every submission is in the log at its index under it',
  [RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED]:
    "every submission was filed with its member's active logged key",
  [RECEIPT_REASONS.RECEIPT_NOT_IN_LOG]: 'the receipt itself is in the log',
  [RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT]: 'its checkpoint is consistent with the latest',
};

const labelled = (lines: readonly CheckedLine[]): LogCheckLine[] =>
  lines.map(({ code, ...line }) => ({ label: LABELS[code], ...line }));

/** The latest checkpoint checked in this browser (sizes grouped by thousands), kept when it held. */
async function latestCheckpoint(): Promise<LatestCheckpoint> {
  const latest = await checkLatest(api, kept(), { count });
  if (latest.keep !== null) keep(latest.keep);
  return latest;
}

/**
 * The log key against the one first seen here, the latest checkpoint's signature, and its
 * consistency with the last checkpoint this browser verified.
 */
export async function checkLatestCheckpoint(): Promise<LogCheckLine[]> {
  return labelled((await latestCheckpoint()).lines);
}

/** A take against the log, in this browser (protocol `checkTakeInLog`). */
export async function checkTakeInLog(take: LoggedTake): Promise<LogCheckLine[]> {
  return labelled(await checkTake(api, take, await latestCheckpoint(), { count }));
}

/** A consensus receipt against the log, in this browser (protocol `checkReceiptInLog`). */
export async function checkReceiptInLog(receipt: ConsensusReceipt): Promise<LogCheckLine[]> {
  return labelled(await checkReceipt(api, receipt, await latestCheckpoint(), { count }));
}
