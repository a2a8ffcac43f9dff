// Members' key histories as the log holds them, proven, and a take's key checked against them.
import type { KeyFailure, KeyHistories } from '../key-history.js';
import { provenKeyHistories } from '../key-history-proof.js';
import { checkTakeKey } from '../take-check.js';
import {
  failedLine,
  LOG_CHECKS,
  messageOf,
  notCheckedLine,
  passedLine,
  type LogCheckLine,
} from './check-lines.js';
import { LOG_PATHS, type LogApi } from './log-api.js';
import type { LogKeyOf } from './log-key.js';

/**
 * The key histories of `memberIds` as the log serves them at `treeSize` (docs §14.1, "Key
 * entries"): each served event and keys-begin marker proven under the served checkpoint with the
 * key `keyOf` gives for it, then folded; a sentence when any could not be read or proven.
 */
export function loggedKeyHistories(
  api: LogApi,
  memberIds: readonly string[],
  treeSize: number,
  keyOf: LogKeyOf,
): Promise<KeyHistories | KeyFailure | string> {
  return provenKeyHistories(
    memberIds,
    treeSize,
    async (memberId) => {
      const served = await api.memberKeys(memberId, treeSize);
      return (
        served.body ??
        `GET ${LOG_PATHS.memberKeys(memberId, treeSize)} answered HTTP ${served.status}`
      );
    },
    (served) => keyOf(served.checkpoint),
  );
}

/**
 * `member_key`: the take's key was its member's active logged key at `logIndex`, in the histories
 * proven at `treeSize` (which must cover the index; the caller says why when it does not).
 */
export async function checkMemberKeyAt(
  api: LogApi,
  take: { memberId: string; publicKey: string | null },
  at: { logIndex: number; treeSize: number },
  keyOf: LogKeyOf,
): Promise<LogCheckLine> {
  try {
    const histories = await loggedKeyHistories(api, [take.memberId], at.treeSize, keyOf);
    if (typeof histories === 'string') return failedLine(LOG_CHECKS.memberKey, histories);
    const failure = checkTakeKey(take, histories, at.logIndex);
    return failure === null
      ? passedLine(LOG_CHECKS.memberKey)
      : failedLine(LOG_CHECKS.memberKey, `${failure.code}: ${failure.message}`);
  } catch (error) {
    return notCheckedLine(LOG_CHECKS.memberKey, `could not read the log: ${messageOf(error)}`);
  }
}
