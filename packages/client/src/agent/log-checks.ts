import {
  checkEntryInLog,
  checkMemberKeyAt,
  checkReceiptAnchor,
  foundOrNull,
  LOG_PATHS,
  LOG_CHECKS,
  notCheckedLine,
  pinnedOrServedLogKey,
  RECEIPT_REASONS,
  type ConsensusReceipt,
  type LogCheckCode,
  type LogCheckLine,
} from '@convene/protocol';
import type { AgentContext } from './context.js';
import { failed, notChecked, passed, type Check } from './checks.js';

// The log checks are the protocol's audit workflow (packages/protocol/src/tlog/workflow) over the
// typed SDK; this module names each check code as the CLI prints it.

export const LOG_INCLUSION =
  'included in the transparency log, under a checkpoint signed by the log key';
export const LOG_KEY_PINNED = 'log key is the one you pinned';
export const KEY_LOGGED =
  "the take's key was its member's active key in the log's key history at its index";

/** The receipt's log checks a CLI line each (the receipt's own inclusion is LOG_INCLUSION). */
export const RECEIPT_LOG_CHECKS = [
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
] as const;

/** What each check the CLI prints is called; a code without a label here is not printed. */
const LABELS: Partial<Record<LogCheckCode, string>> = {
  [LOG_CHECKS.includedByLeafHash]: LOG_INCLUSION,
  [LOG_CHECKS.logKey]: LOG_KEY_PINNED,
  [LOG_CHECKS.memberKey]: KEY_LOGGED,
  ...Object.fromEntries(RECEIPT_LOG_CHECKS),
};

/** The protocol's lines as the CLI prints them, in order, those it has a label for. */
function checksOf(lines: readonly LogCheckLine[]): Check[] {
  return lines.flatMap((line): Check[] => {
    const check = LABELS[line.code];
    if (check === undefined) return [];
    if (line.state === 'passed') return [passed(check, line.detail)];
    return [line.state === 'failed' ? failed(check, line.detail) : notChecked(check, line.detail)];
  });
}

/**
 * Is `entry` (the exact log entry text) in the log? Protocol `checkEntryInLog`: the latest
 * checkpoint and an inclusion proof by leaf hash against the pinned log key, else the served one.
 */
export async function logChecks(
  ctx: AgentContext,
  entry: string,
  pinnedLogKey: string | undefined,
): Promise<{ checks: Check[]; logIndex?: number; treeSize?: number }> {
  const { lines, ...position } = await checkEntryInLog(ctx.logApi(), entry, { pinnedLogKey });
  return { checks: checksOf(lines), ...position };
}

/** `verify take`'s key check: the take's key against its member's logged history at its index. */
export async function takeKeyCheck(
  ctx: AgentContext,
  take: { memberId: string; publicKey: string | null },
  position: { logIndex?: number; treeSize?: number },
  pinnedLogKey: string | undefined,
): Promise<Check> {
  const { logIndex, treeSize } = position;
  const api = ctx.logApi();
  const line =
    logIndex === undefined || treeSize === undefined
      ? notCheckedLine(LOG_CHECKS.memberKey, 'the take is not proven in the log')
      : await checkMemberKeyAt(
          api,
          take,
          { logIndex, treeSize },
          pinnedOrServedLogKey(api, pinnedLogKey),
        );
  return checksOf([line])[0]!;
}

/**
 * The checkpoint a receipt records, each submission's entry at its index, the receipt's own entry
 * under the latest checkpoint and the consistency between the two: protocol `checkReceiptAnchor`.
 */
export async function receiptAnchorChecks(
  ctx: AgentContext,
  receipt: ConsensusReceipt,
  pinnedLogKey: string | undefined,
): Promise<Check[]> {
  const api = ctx.logApi();
  let latest: { note: string; size: number } | null;
  try {
    latest = foundOrNull(await api.latestCheckpoint(), LOG_PATHS.latestCheckpoint());
  } catch (error) {
    return RECEIPT_LOG_CHECKS.map(([, label]) =>
      notChecked(label, `could not read the log: ${(error as Error).message}`),
    );
  }
  const keyOf = pinnedOrServedLogKey(api, pinnedLogKey);
  return checksOf(await checkReceiptAnchor(api, receipt, { latest, keyOf }));
}
