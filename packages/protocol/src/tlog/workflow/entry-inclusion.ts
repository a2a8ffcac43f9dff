// Is this exact entry in the log? Found by its leaf hash under the latest checkpoint, waiting a
// little for a checkpoint to cover an entry sequenced a moment ago.
import { bytesToBase64 } from '../../encoding.js';
import { parseCheckpoint } from '../checkpoint.js';
import { logEntryLeafHash } from '../entries.js';
import { parseSignedNote } from '../note.js';
import { verifyEntryInclusion, type InclusionProofJson } from '../verify.js';
import {
  failedLine,
  LOG_CHECKS,
  messageOf,
  notCheckedLine,
  passedLine,
  type LogCheckLine,
} from './check-lines.js';
import { LOG_PATHS, type Answer, type LogApi } from './log-api.js';
import { pinnedOrServedLogKey } from './log-key.js';

/** How long to wait for a checkpoint to cover the entry: attempts, and the pause between them. */
export interface CoverageRetry {
  attempts: number;
  pauseMs: number;
  /** Waits `ms` (a test may skip the wait). */
  wait?: (ms: number) => Promise<void>;
}

/** A take filed a moment ago is signed into a checkpoint within a second or two. */
export const COVERAGE_RETRY: CoverageRetry = { attempts: 8, pauseMs: 750 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The entry's lines, and where it was proven when it was. */
export interface EntryInLog {
  /** `included_by_leaf_hash`, then `log_key`. */
  lines: LogCheckLine[];
  logIndex?: number;
  treeSize?: number;
}

/**
 * `included_by_leaf_hash`: the latest checkpoint and an inclusion proof by leaf hash, both checked
 * against the log key (the pinned raw key named by the checkpoint's origin; without one, the key
 * the server publishes). `log_key`: passed when the pinned key signed the checkpoint, failed when
 * the checkpoint was refused, not checked without a pinned key.
 */
export async function checkEntryInLog(
  api: LogApi,
  entry: string,
  options: { pinnedLogKey?: string | undefined; retry?: CoverageRetry } = {},
): Promise<EntryInLog> {
  const { pinnedLogKey } = options;
  const retry = options.retry ?? COVERAGE_RETRY;
  const code = LOG_CHECKS.includedByLeafHash;
  const pinLine =
    pinnedLogKey === undefined
      ? notCheckedLine(
          LOG_CHECKS.logKey,
          'no log key pinned (--log-key or CONVENE_LOG_KEY): checked against the key the server publishes',
        )
      : undefined;
  const withPin = (line: LogCheckLine): LogCheckLine[] =>
    pinLine === undefined ? [line] : [line, pinLine];
  const keyOf = pinnedOrServedLogKey(api, pinnedLogKey);
  const leafHash = bytesToBase64(logEntryLeafHash(entry));
  let checkpoint = '';
  let vkey = '';
  let size = 0;
  let answer!: Answer<InclusionProofJson>;
  // While the proof request says the entry is newer than the checkpoint (400), read the next one.
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    if (attempt > 1) await (retry.wait ?? sleep)(retry.pauseMs);
    try {
      const served = await api.checkpoint();
      if (served.body === null) {
        throw new Error(`GET ${LOG_PATHS.checkpoint()} answered HTTP ${served.status}`);
      }
      checkpoint = served.body;
      vkey = await keyOf(checkpoint);
    } catch (error) {
      return {
        lines: withPin(notCheckedLine(code, `could not read the log: ${messageOf(error)}`)),
      };
    }
    size = parseCheckpoint(parseSignedNote(checkpoint)?.text ?? '')?.size ?? 0;
    answer = await api.inclusionOf(leafHash, size);
    if (answer.status !== 400) break;
  }
  if (answer.status === 404) {
    return { lines: withPin(failedLine(code, `no entry with leaf hash ${leafHash} in the log`)) };
  }
  if (answer.status === 400) {
    const stopped = await signerStopped(api);
    return {
      lines: withPin(
        notCheckedLine(
          code,
          stopped !== null
            ? `no checkpoint covers the entry: the log's signer has stopped (the server's /health says "${stopped}"); the latest checkpoint is of size ${size}`
            : `the entry is newer than the latest checkpoint (size ${size}); retry in a few seconds`,
        ),
      ),
    };
  }
  if (answer.body === null) {
    return { lines: withPin(notCheckedLine(code, `proof request answered HTTP ${answer.status}`)) };
  }
  const proof = answer.body;
  const result = await verifyEntryInclusion({ entry, proof, checkpoint, logKey: vkey });
  if (!result.ok) {
    const refused = result.code.startsWith('checkpoint_');
    return {
      lines: [
        failedLine(code, `${result.code}: ${result.message}`),
        pinLine ??
          (refused ? failedLine(LOG_CHECKS.logKey, result.message) : passedLine(LOG_CHECKS.logKey)),
      ],
    };
  }
  return {
    lines: [
      passedLine(code, `index ${proof.logIndex} of ${size}`),
      pinLine ?? passedLine(LOG_CHECKS.logKey),
    ],
    logIndex: proof.logIndex,
    treeSize: size,
  };
}

/**
 * The server's word on its log's signer (`transparency_log` of GET /health) when it is halted or
 * stalled; null when it is running or the server does not say.
 */
async function signerStopped(api: LogApi): Promise<string | null> {
  try {
    const state = (await api.health())?.transparency_log;
    return typeof state === 'string' && /^(halted|stalled):/.test(state) ? state : null;
  } catch {
    return null;
  }
}
