import {
  verifyReceipt,
  type ConsensusReceipt,
  type ReceiptKey,
  type UnverifiedReason,
} from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { isUuid } from '../members/repository.js';
import { SESSION_ERRORS } from '../sessions/constants.js';
import { digestAt, receiptOfSession, type ReceiptRow } from './repository.js';
import type { ServiceKeyStore } from './service-key.js';

export interface ServedReceipt extends ConsensusReceipt {
  verified: boolean;
  unverifiedReasons?: UnverifiedReason[];
}

/** Consensus receipts as served: re-verified on every read, against the chain and our keys. */
export class ReceiptService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly keys: ServiceKeyStore,
  ) {}

  /** Current and retired receipt keys: receipts signed before a rotation verify against these. */
  receiptKeys(): Promise<Array<ReceiptKey & { current: boolean }>> {
    return this.keys.allKeys();
  }

  receiptKey(): Promise<ReceiptKey> {
    return this.keys.receiptKey();
  }

  async read(sessionId: string): Promise<ServedReceipt> {
    const row = isUuid(sessionId) ? await receiptOfSession(this.db, sessionId) : undefined;
    if (row === undefined) throw notFound(SESSION_ERRORS.receiptNotFound);
    const receipt: ConsensusReceipt = {
      sessionId: row.session_id,
      payload: row.payload as ConsensusReceipt['payload'],
      canonicalBytes: row.canonical_bytes,
      digest: row.digest,
      signature: row.signature as ConsensusReceipt['signature'],
    };
    const verification = await verifyReceipt(receipt, {
      expectedServicePublicKey: await this.expectedKey(receipt),
      expectedPreviousDigest: await this.expectedPrevious(row),
    });
    return verification.verified
      ? { ...receipt, verified: true }
      : { ...receipt, verified: false, unverifiedReasons: verification.unverifiedReasons };
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
      (await digestAt(this.db, row.subject_id, row.chain_index - 1)) ??
      `missing receipt ${row.chain_index - 1} of ${row.subject_id}`
    );
  }
}
