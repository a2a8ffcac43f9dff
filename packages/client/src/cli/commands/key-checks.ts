import {
  checkTakeKey,
  provenKeyHistories,
  type KeyFailure,
  type KeyHistories,
  type ServedMemberKeys,
} from '@convene/protocol';
import type { CliContext } from '../context.js';
import { failed, notChecked, passed, type Check } from './checks.js';
import { logVerifierKey } from './log-key.js';

export const KEY_LOGGED =
  "the take's key was its member's active key in the log's key history at its index";

/**
 * The logged key histories of `memberIds` (GET /api/log/members/{id}/keys at `treeSize`), every
 * event and the keys-begin marker checked included under the served checkpoint with the log key
 * (pinned when given), then folded together (protocol `KeyHistories.fold`). A string when they
 * could not be read or proven.
 */
export function loggedKeyHistories(
  ctx: CliContext,
  memberIds: readonly string[],
  treeSize: number,
  pinnedLogKey: string | undefined,
): Promise<KeyHistories | KeyFailure | string> {
  return provenKeyHistories(
    memberIds,
    treeSize,
    async (memberId) => {
      const path = `/api/log/members/${encodeURIComponent(memberId)}/keys?treeSize=${treeSize}`;
      const response = await ctx.fetch(path);
      if (!response.ok) return `GET ${path} answered HTTP ${response.status}`;
      return (await response.json()) as ServedMemberKeys;
    },
    (served) => logVerifierKey(ctx, served.checkpoint, pinnedLogKey),
  );
}

/** `verify take`'s key check: the take's key against its member's logged history at its index. */
export async function takeKeyCheck(
  ctx: CliContext,
  take: { memberId: string; publicKey: string | null },
  position: { logIndex?: number; treeSize?: number },
  pinnedLogKey: string | undefined,
): Promise<Check> {
  if (position.logIndex === undefined || position.treeSize === undefined) {
    return notChecked(KEY_LOGGED, 'the take is not proven in the log');
  }
  try {
    const histories = await loggedKeyHistories(
      ctx,
      [take.memberId],
      position.treeSize,
      pinnedLogKey,
    );
    if (typeof histories === 'string') return failed(KEY_LOGGED, histories);
    const reason = checkTakeKey(take, histories, position.logIndex);
    return reason === null
      ? passed(KEY_LOGGED)
      : failed(KEY_LOGGED, `${reason.code}: ${reason.message}`);
  } catch (error) {
    return notChecked(KEY_LOGGED, `could not read the log: ${(error as Error).message}`);
  }
}
