// A full audit of the log, pure: every entry from 0 re-verified, the tree rebuilt and compared with
// the signed checkpoint, gaps and duplicates named. The CLI's `convene log audit` adds the other
// direction (what the service serves must be in the log, and every entry must be served).
import { bytesToBase64 } from '../encoding.js';
import type { Checkpoint } from './checkpoint.js';
import {
  LOG_ENTRY_KIND,
  logEntryLeafHash,
  parseLogEntry,
  verifyLogEntry,
  type LogEntry,
  type TakeLogEntry,
} from './entries.js';
import { hashesEqual } from './hashing.js';
import { KeyHistories } from './key-history.js';
import { MerkleFrontier } from './tree.js';

export const AUDIT_REASONS = {
  /** An index below the checkpoint's size that the log does not serve (a deleted entry). */
  entryMissing: 'entry_missing',
  /** The same take, receipt, outcome or bytes logged twice (a re-appended entry). */
  entryDuplicate: 'entry_duplicate',
  /** An entry that does not verify on its own (§14.1). */
  entryInvalid: 'log_entry_invalid',
  /** The entries served do not hash to the signed checkpoint's root. */
  rootMismatch: 'root_mismatch',
  /** The log holds a take or receipt the service does not serve (a deleted row). */
  notServed: 'logged_but_not_served',
  /** The service serves it, but not as logged (another index, or its own read says not verified). */
  servedDiffers: 'served_differs_from_log',
  /** The service serves a take or published receipt the log does not hold. */
  servedNotLogged: 'served_but_not_logged',
} as const;

export type AuditReasonCode = (typeof AUDIT_REASONS)[keyof typeof AUDIT_REASONS];

export interface AuditProblem {
  /** An `AUDIT_REASONS` code, or a TLOG_REASONS one for a proof that fails. */
  code: string;
  message: string;
  /** The log index concerned, when there is one. */
  index?: number;
}

export interface EntryAudit {
  /** Every take the log holds: take id → index (the first, when duplicated). */
  takes: Map<string, number>;
  /** Every receipt the log holds: session id → index. */
  receipts: Map<string, number>;
  /** Every outcome the log holds: `<session id>/<horizon days>` → index. */
  outcomes: Map<string, number>;
  problems: AuditProblem[];
}

/**
 * Audits `entries` (as served, each with the index the server gave it) against a verified
 * `checkpoint`: indices exactly 0 … size−1, each entry verifying on its own, no take, receipt or
 * entry text logged twice, and the rebuilt tree's root equal to the signed one.
 */
export async function auditEntries(
  entries: ReadonlyArray<{ index: number; entry: string }>,
  checkpoint: Pick<Checkpoint, 'size' | 'rootHash'>,
): Promise<EntryAudit> {
  const problems: AuditProblem[] = [];
  const takes = new Map<string, number>();
  const receipts = new Map<string, number>();
  const outcomes = new Map<string, number>();
  const leaves = new Map<string, number>();
  const byIndex = new Map(entries.map((e) => [e.index, e.entry]));
  const frontier = new MerkleFrontier();
  let contiguous = true;
  // For the key history, folded once the walk is done.
  const wellFormed: Array<{ index: number; entry: string }> = [];
  const loggedTakes: Array<{ index: number; take: TakeLogEntry }> = [];
  for (let index = 0; index < checkpoint.size; index++) {
    const entry = byIndex.get(index);
    if (entry === undefined) {
      problems.push({
        code: AUDIT_REASONS.entryMissing,
        index,
        message: `the log does not serve entry ${index}, below the signed size ${checkpoint.size}`,
      });
      contiguous = false;
      continue;
    }
    const leafBytes = logEntryLeafHash(entry);
    if (contiguous) frontier.appendLeafHash(leafBytes);
    const check = await verifyLogEntry(entry);
    if (!check.ok) {
      problems.push({
        code: AUDIT_REASONS.entryInvalid,
        index,
        message: check.problems.join('; '),
      });
    }
    const leaf = bytesToBase64(leafBytes);
    const sameBytes = leaves.get(leaf);
    if (sameBytes !== undefined) {
      problems.push({
        code: AUDIT_REASONS.entryDuplicate,
        index,
        message: `the same entry bytes as entry ${sameBytes}`,
      });
    } else leaves.set(leaf, index);
    const parsed = parseLogEntry(entry);
    if (!parsed.ok) continue;
    wellFormed.push({ index, entry });
    if (parsed.entry.kind === LOG_ENTRY_KIND.take) loggedTakes.push({ index, take: parsed.entry });
    const item = loggedItem(parsed.entry);
    if (item === null) continue;
    const { id, what } = item;
    const seen = { take: takes, receipt: receipts, outcome: outcomes }[item.kind];
    const first = seen.get(id);
    if (first === undefined) seen.set(id, index);
    else if (sameBytes === undefined) {
      problems.push({
        code: AUDIT_REASONS.entryDuplicate,
        index,
        message: `${what} ${id} is logged again (first at ${first})`,
      });
    }
  }
  for (const index of byIndex.keys()) {
    if (!Number.isSafeInteger(index) || index < 0 || index >= checkpoint.size) {
      problems.push({
        code: AUDIT_REASONS.entryMissing,
        index,
        message: `an entry served at index ${index}, outside 0 … ${checkpoint.size - 1}`,
      });
    }
  }
  problems.push(...keyProblems(wellFormed, loggedTakes));
  if (contiguous && !hashesEqual(frontier.root(), checkpoint.rootHash)) {
    problems.push({
      code: AUDIT_REASONS.rootMismatch,
      message: `the ${checkpoint.size} entries served do not hash to the signed root: an entry was changed, reordered or replaced`,
    });
  }
  return { takes, receipts, outcomes, problems };
}

/**
 * The key history over the whole log (docs §14.1, "Key entries"): it must fold, and every take must
 * have been filed with its member's active logged key at its index (`key_not_logged`, …).
 */
function keyProblems(
  wellFormed: ReadonlyArray<{ index: number; entry: string }>,
  takes: ReadonlyArray<{ index: number; take: TakeLogEntry }>,
): AuditProblem[] {
  const folded = KeyHistories.fold(wellFormed);
  if (!folded.ok) return [{ code: folded.code, index: folded.index, message: folded.message }];
  const problems: AuditProblem[] = [];
  for (const { index, take } of takes) {
    const failed = folded.histories.checkTake(take, index);
    if (failed !== null) problems.push({ code: failed.code, index, message: failed.message });
  }
  return problems;
}

/** What a log entry records, keyed as the audit's maps are: a take, a session's receipt or an outcome. */
export interface LoggedItem {
  kind: 'take' | 'receipt' | 'outcome';
  /** The take's id, the receipt's session id, or `<session>/<horizonDays>` for an outcome. */
  id: string;
  what: string;
}

/** The item an entry records; null for the key history's entries. */
export function loggedItem(entry: LogEntry): LoggedItem | null {
  switch (entry.kind) {
    case LOG_ENTRY_KIND.take:
      return { kind: 'take', id: entry.takeId, what: 'take' };
    case LOG_ENTRY_KIND.receipt:
      return { kind: 'receipt', id: entry.sessionId, what: 'receipt of session' };
    case LOG_ENTRY_KIND.outcome:
      return {
        kind: 'outcome',
        id: `${entry.sessionId}/${entry.horizonDays}`,
        what: 'outcome (session/horizon)',
      };
    default:
      return null;
  }
}
