import {
  checkReceiptLog,
  RECEIPT_REASONS,
  RECEIPT_REASON_TEXT,
  verifyReceipt,
  type ReceiptLogMaterial,
  type ConsensusReceipt,
  type ReceiptKey,
  type UnverifiedReason,
} from '@convene/protocol';
import { isUuid } from '../shared/ids.js';
import type { ReceiptRepository, ReceiptRow } from './repository.js';
import type { ServiceKeyStore } from './service-key.js';
import { fail } from '../../errors.js';

export interface ServedReceipt extends ConsensusReceipt {
  verified: boolean;
  unverifiedReasons?: UnverifiedReason[];
}

/** What the receipt read needs of the transparency log (src/tlog's service implements it). */
export interface ReceiptLogReads {
  readonly key: { vkey: string };
  receiptMaterial(receipt: {
    sessionId: string;
    treeSize: number | undefined;
    indices: ReadonlyArray<number | undefined>;
    /** The submitting members: their logged key histories come with the material. */
    memberIds: readonly string[];
  }): Promise<ReceiptLogMaterial>;
  previousReceiptDigest(subjectId: string, sessionId: string): Promise<string | null>;
}

/**
 * Consensus receipts as served: re-verified on every read, against the chain, our keys and the
 * transparency log (protocol `verifyReceipt` and `checkReceiptLog`, as the CLI and browser run them).
 */
export class ReceiptService {
  private readonly receipts: ReceiptRepository;
  private readonly keys: ServiceKeyStore;
  private readonly log: ReceiptLogReads | null;

  constructor(uses: {
    receipts: ReceiptRepository;
    keys: ServiceKeyStore;
    /** null only where no log is kept (LOG_ENABLED=false): the chain then follows the rows. */
    log: ReceiptLogReads | null;
  }) {
    this.receipts = uses.receipts;
    this.keys = uses.keys;
    this.log = uses.log;
  }

  /** Current and retired receipt keys: receipts signed before a rotation verify against these. */
  receiptKeys(): Promise<Array<ReceiptKey & { current: boolean }>> {
    return this.keys.allKeys();
  }

  receiptKey(): Promise<ReceiptKey> {
    return this.keys.receiptKey();
  }

  async read(sessionId: string): Promise<ServedReceipt> {
    const row = isUuid(sessionId) ? await this.receipts.receiptOfSession(sessionId) : undefined;
    if (row === undefined) throw fail('receiptNotFound');
    const receipt: ConsensusReceipt = {
      sessionId: row.session_id,
      payload: row.payload,
      canonicalBytes: row.canonical_bytes,
      digest: row.digest,
      signature: row.signature,
    };
    const previous =
      this.log === null
        ? await this.expectedPrevious(row)
        : await this.log.previousReceiptDigest(row.subject_id, row.session_id);
    const verification = await verifyReceipt(receipt, {
      expectedServicePublicKey: await this.expectedKey(receipt),
      expectedPreviousDigest: previous,
    });
    const reasons = [...verification.unverifiedReasons];
    // The log keeps every published receipt: a predecessor it holds must still be served.
    if (
      this.log !== null &&
      typeof previous === 'string' &&
      !(await this.receipts.hasReceiptWithDigest(previous))
    ) {
      const code = RECEIPT_REASONS.CHAIN_MISMATCH;
      reasons.push({
        code,
        message: `${RECEIPT_REASON_TEXT[code]}: the previous receipt in the log (${previous}) is missing from the service`,
      });
    }
    if (row.session_state !== 'published') {
      const code = RECEIPT_REASONS.SESSION_NOT_PUBLISHED;
      reasons.push({
        code,
        message: `${RECEIPT_REASON_TEXT[code]} (it is ${row.session_state ?? 'gone'})`,
      });
    }
    if (this.log !== null) reasons.push(...(await this.logReasons(receipt)));
    return reasons.length === 0
      ? { ...receipt, verified: true }
      : { ...receipt, verified: false, unverifiedReasons: reasons };
  }

  private async logReasons(receipt: ConsensusReceipt): Promise<UnverifiedReason[]> {
    const payload = receipt.payload as Partial<ConsensusReceipt['payload']>;
    const submissions = Array.isArray(payload.submissions) ? payload.submissions : [];
    const material = await this.log!.receiptMaterial({
      sessionId: receipt.sessionId,
      treeSize: typeof payload.log?.treeSize === 'number' ? payload.log.treeSize : undefined,
      indices: submissions.map((s) => (Number.isSafeInteger(s?.logIndex) ? s.logIndex : undefined)),
      memberIds: submissions
        .map((s) => s?.memberId)
        .filter((id): id is string => typeof id === 'string'),
    });
    return checkReceiptLog(receipt, material, { logKey: this.log!.key.vkey });
  }

  /** A key this service signs or once signed with is accepted; any other is reported. */
  private async expectedKey(receipt: ConsensusReceipt): Promise<string> {
    const carried = (receipt.signature as { publicKey?: unknown } | null)?.publicKey;
    if (typeof carried === 'string' && (await this.keys.isServiceKey(carried))) return carried;
    return (await this.keys.receiptKey()).publicKey;
  }

  /**
   * What `previousReceiptDigest` must be: the stored digest one position earlier in the subject's
   * chain, null for the first. A missing predecessor can match nothing, so it reads as a break.
   */
  private async expectedPrevious(row: ReceiptRow): Promise<string | null | undefined> {
    if (row.chain_index === null) return undefined;
    if (row.chain_index === 1) return null;
    return (
      (await this.receipts.digestAt(row.subject_id, row.chain_index - 1)) ??
      `missing receipt ${row.chain_index - 1} of ${row.subject_id}`
    );
  }
}
