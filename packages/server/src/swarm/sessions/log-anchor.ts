import type { ReceiptLogAnchor } from '@convene/protocol';
import type { Tx } from '../../db/transactor.js';

/**
 * What publishing needs of the transparency log (src/tlog implements it): a consensus receipt is
 * built against a signed checkpoint that includes every counted take, and records each take's index.
 */
export interface ReceiptLogAnchoring {
  /** Logs any of these takes not logged yet, signs a checkpoint covering them all, answers it. */
  anchor(takeIds: readonly string[]): Promise<ReceiptLogAnchor>;
  /** The log indices of these takes, read in the caller's transaction; a take not logged is absent. */
  readonly indicesOf: (trx: Tx, takeIds: readonly string[]) => Promise<Map<string, number>>;
  /**
   * Of these takes, the ones that may count, read in the caller's transaction: in the log, each
   * signed with its member's active logged key at its index (docs/protocol.md §14.1).
   */
  readonly countable: (
    trx: Tx,
    takes: ReadonlyArray<{ id: string; memberId: string; publicKey: string }>,
  ) => Promise<Set<string>>;
  /** Logs receipts published since (and signs a checkpoint), so a new receipt is in the log at once. */
  logReceipts(): Promise<void>;
}

/** Publishing with the log: the checkpoint to record and where to find each take's index. */
export interface PublishAnchor {
  checkpoint: ReceiptLogAnchor;
  indicesOf: ReceiptLogAnchoring['indicesOf'];
}
