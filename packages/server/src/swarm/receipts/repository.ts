import type { ConsensusReceipt } from '@convene/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { ConsensusReceiptTable, DB } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';

export type ReceiptRow = Selectable<ConsensusReceiptTable>;

/** SQL for consensus receipts and each subject's receipt chain; each method runs in `trx` when given. */
export class ReceiptRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertReceipt(
    row: { receipt: ConsensusReceipt; subjectId: string; chainIndex: number; createdAt: Date },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('consensus_receipt')
      .values({
        session_id: row.receipt.sessionId,
        subject_id: row.subjectId,
        payload: JSON.stringify(row.receipt.payload),
        canonical_bytes: row.receipt.canonicalBytes,
        digest: row.receipt.digest,
        signature: JSON.stringify(row.receipt.signature),
        key_id: row.receipt.signature.keyId,
        created_at: row.createdAt,
        chain_index: row.chainIndex,
      })
      .execute();
  }

  /** The end of a subject's chain: the receipt a new one must point at. */
  async chainHead(
    subjectId: string,
    trx?: Tx,
  ): Promise<{ digest: string; chainIndex: number } | undefined> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('consensus_receipt')
      .select(['digest', 'chain_index'])
      .where('subject_id', '=', subjectId)
      .where('chain_index', 'is not', null)
      .orderBy('chain_index', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : { digest: row.digest, chainIndex: row.chain_index ?? 0 };
  }

  /** A stored receipt with the state its session is in now (null when that session row is gone). */
  async receiptOfSession(
    sessionId: string,
    trx?: Tx,
  ): Promise<(ReceiptRow & { session_state: string | null }) | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('consensus_receipt')
      .leftJoin('swarm_session', 'swarm_session.id', 'consensus_receipt.session_id')
      .selectAll('consensus_receipt')
      .select('swarm_session.state as session_state')
      .where('consensus_receipt.session_id', '=', sessionId)
      .executeTakeFirst();
  }

  /** The digest stored for a position in a subject's chain (what the next receipt must name). */
  async digestAt(subjectId: string, chainIndex: number, trx?: Tx): Promise<string | undefined> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('consensus_receipt')
      .select('digest')
      .where('subject_id', '=', subjectId)
      .where('chain_index', '=', chainIndex)
      .executeTakeFirst();
    return row?.digest;
  }

  /** Whether a receipt with this digest is stored (the log names a predecessor the rows must keep). */
  async hasReceiptWithDigest(digest: string, trx?: Tx): Promise<boolean> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('consensus_receipt')
      .select('session_id')
      .where('digest', '=', digest)
      .executeTakeFirst();
    return row !== undefined;
  }
}
