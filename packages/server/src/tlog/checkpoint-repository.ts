import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { bytes, param } from './bytea.js';

export interface CheckpointRow {
  size: number;
  rootHash: Uint8Array;
  note: string;
  createdAt: Date;
}

export interface CosignatureRow {
  checkpointSize: number;
  keyName: string;
  keyId: string;
  vkey: string;
  signedAt: number;
  line: string;
}

/** Signed checkpoints (`tlog_checkpoint`) and witnesses' cosignatures of them (`tlog_cosignature`). */
export class CheckpointRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async checkpointOfSize(size: number): Promise<CheckpointRow | undefined> {
    const row = await this.checkpoints().where('size', '=', size).executeTakeFirst();
    return row === undefined ? undefined : toCheckpoint(row);
  }

  private checkpoints() {
    return this.db
      .selectFrom('tlog_checkpoint')
      .select(['size', 'root_hash', 'note', 'created_at']);
  }

  /**
   * Checkpoint rows of a size at most the head's, below `below` (all when null), newest first: the
   * candidates for the latest checkpoint served, a page at a time (a forged row is skipped).
   */
  async checkpointsWithinTree(below: number | null, limit: number): Promise<CheckpointRow[]> {
    let query = this.checkpoints().where('size', '<=', (eb) =>
      eb.selectFrom('tlog_head').select('size').where('id', '=', 1),
    );
    if (below !== null) query = query.where('size', '<', below);
    const rows = await query.orderBy('size', 'desc').limit(limit).execute();
    return rows.map(toCheckpoint);
  }

  /** Checkpoint rows larger than `size`, smallest first (at most `limit`). */
  async checkpointsAbove(size: number, limit: number): Promise<CheckpointRow[]> {
    const rows = await this.checkpoints()
      .where('size', '>', size)
      .orderBy('size')
      .limit(limit)
      .execute();
    return rows.map(toCheckpoint);
  }

  /** The largest checkpoint size this witness key cosigned (0 when none). */
  async latestCosignedSize(vkey: string): Promise<number> {
    const row = await this.db
      .selectFrom('tlog_cosignature')
      .select((eb) => eb.fn.max('checkpoint_size').as('size'))
      .where('vkey', '=', vkey)
      .executeTakeFirst();
    return Number(row?.size ?? 0);
  }

  /** Stores a checkpoint signed at `createdAt`; false when one of that size already exists. */
  async insertCheckpoint(row: {
    size: number;
    rootHash: Uint8Array;
    note: string;
    createdAt: Date;
  }) {
    const inserted = await this.db
      .insertInto('tlog_checkpoint')
      .values({
        size: row.size,
        root_hash: param(row.rootHash),
        note: row.note,
        created_at: row.createdAt,
      })
      .onConflict((conflict) => conflict.column('size').doNothing())
      .returning('size')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async cosignatures(checkpointSize: number): Promise<CosignatureRow[]> {
    const rows = await this.db
      .selectFrom('tlog_cosignature')
      .select(['checkpoint_size', 'key_name', 'key_id', 'vkey', 'signed_at', 'line'])
      .where('checkpoint_size', '=', checkpointSize)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      checkpointSize: Number(row.checkpoint_size),
      keyName: row.key_name,
      keyId: row.key_id,
      vkey: row.vkey,
      signedAt: Number(row.signed_at),
      line: row.line,
    }));
  }

  /** Stores a cosignature; false when this witness key already cosigned this checkpoint. */
  async insertCosignature(row: CosignatureRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('tlog_cosignature')
      .values({
        checkpoint_size: row.checkpointSize,
        key_name: row.keyName,
        key_id: row.keyId,
        vkey: row.vkey,
        signed_at: row.signedAt,
        line: row.line,
      })
      .onConflict((conflict) => conflict.columns(['checkpoint_size', 'vkey']).doNothing())
      .returning('checkpoint_size')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}

function toCheckpoint(row: {
  size: number;
  root_hash: Uint8Array;
  note: string;
  created_at: Date;
}): CheckpointRow {
  return {
    size: Number(row.size),
    rootHash: bytes(row.root_hash),
    note: row.note,
    createdAt: new Date(row.created_at),
  };
}
