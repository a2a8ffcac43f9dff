// The lines a log check returns: a stable code per check, its state, and why. The site and the
// CLI each render a code with their own label; the code and the detail are the same everywhere.
import type { ReceiptLogCheck } from '../receipt-check.js';

/** The checks of the log workflow (a receipt's anchor checks use their `ReceiptLogCheck` codes). */
export const LOG_CHECKS = {
  /** The log key is the one pinned (by the reader, or by this browser on its first visit). */
  logKey: 'log_key',
  /** The latest checkpoint is signed by the log key. */
  checkpointSignature: 'checkpoint_signature',
  /** The latest checkpoint is consistent with the one kept from before. */
  checkpointConsistent: 'checkpoint_consistent',
  /** An entry, found by its leaf hash, is included under a checkpoint signed by the log key. */
  includedByLeafHash: 'included_by_leaf_hash',
  /** The log's entry for a take is exactly the take as shown. */
  takeEntry: 'take_entry',
  /** The take's leaf hash recomputed here is the one shown. */
  takeLeafHash: 'take_leaf_hash',
  /** The take's entry is included at its shown index under the latest checkpoint. */
  includedAtIndex: 'included_at_index',
  /** The take receipt's own proof holds under a checkpoint consistent with the latest. */
  takeReceiptProof: 'take_receipt_proof',
  /** The take's key was its member's active logged key at the take's index. */
  memberKey: 'member_key',
} as const;

export type LogCheckCode = (typeof LOG_CHECKS)[keyof typeof LOG_CHECKS] | ReceiptLogCheck;

export type LogCheckState = 'passed' | 'failed' | 'not-checked';

/** One check: ran and passed (detail: against what), ran and failed (why), or not run (why). */
export type LogCheckLine =
  | { code: LogCheckCode; state: 'passed'; detail?: string }
  | { code: LogCheckCode; state: 'failed' | 'not-checked'; detail: string };

export const passedLine = (code: LogCheckCode, detail?: string): LogCheckLine =>
  detail === undefined ? { code, state: 'passed' } : { code, state: 'passed', detail };
export const failedLine = (code: LogCheckCode, detail: string): LogCheckLine => ({
  code,
  state: 'failed',
  detail,
});
export const notCheckedLine = (code: LogCheckCode, detail: string): LogCheckLine => ({
  code,
  state: 'not-checked',
  detail,
});

/** How a line writes a tree size or a log index: digits unless the reader groups thousands. */
export type CountFormat = (value: number) => string;

/** What a reader may choose about the lines' text. */
export interface LineOptions {
  /** Default: plain digits (the CLI's); the site passes its `count` ("1,234"). */
  count?: CountFormat;
}

export const digits: CountFormat = (value) => String(value);

/** The message of anything thrown, for a "could not read the log" line. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
