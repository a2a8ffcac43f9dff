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

/** A witness's newest cosignature here: the checkpoint size, when it signed, when it was stored. */
export interface LatestCosignature {
  size: number;
  signedAt: number;
  storedAt: Date;
}

/**
 * Signed checkpoints (`tlog_checkpoint`), witnesses' cosignatures of them (`tlog_cosignature`) and
 * the last failure of a push to each witness (`tlog_witness_failure`).
 */
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

  /** Stores a cosignature (received at `storedAt`); false when this witness key already cosigned this checkpoint. */
  async insertCosignature(row: CosignatureRow, storedAt: Date): Promise<boolean> {
    const inserted = await this.db
      .insertInto('tlog_cosignature')
      .values({
        checkpoint_size: row.checkpointSize,
        key_name: row.keyName,
        key_id: row.keyId,
        vkey: row.vkey,
        signed_at: row.signedAt,
        line: row.line,
        created_at: storedAt,
      })
      .onConflict((conflict) => conflict.columns(['checkpoint_size', 'vkey']).doNothing())
      .returning('checkpoint_size')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Each of these witness keys' cosignature of the largest checkpoint; a key with none is absent. */
  async latestCosignatures(vkeys: readonly string[]): Promise<Map<string, LatestCosignature>> {
    if (vkeys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tlog_cosignature')
      .distinctOn('vkey')
      .select(['vkey', 'checkpoint_size', 'signed_at', 'created_at'])
      .where('vkey', 'in', [...vkeys])
      .orderBy('vkey')
      .orderBy('checkpoint_size', 'desc')
      .execute();
    return new Map(
      rows.map((row) => [
        row.vkey,
        {
          size: Number(row.checkpoint_size),
          signedAt: Number(row.signed_at),
          storedAt: new Date(row.created_at),
        },
      ]),
    );
  }

  /** The last failure of a push to each of these witness keys; a key with none is absent. */
  async witnessFailures(
    vkeys: readonly string[],
  ): Promise<Map<string, { message: string; failedAt: Date }>> {
    if (vkeys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tlog_witness_failure')
      .select(['vkey', 'message', 'failed_at'])
      .where('vkey', 'in', [...vkeys])
      .execute();
    return new Map(
      rows.map((row) => [row.vkey, { message: row.message, failedAt: new Date(row.failed_at) }]),
    );
  }

  /** Records a push to this witness failing (replacing its earlier failure). */
  async recordWitnessFailure(vkey: string, message: string, failedAt: Date): Promise<void> {
    await this.db
      .insertInto('tlog_witness_failure')
      .values({ vkey, message, failed_at: failedAt })
      .onConflict((conflict) =>
        conflict.column('vkey').doUpdateSet({ message, failed_at: failedAt }),
      )
      .execute();
  }

  /**
   * The witness cosigned `size`: its failure no longer describes it, unless it has cosigned a larger
   * checkpoint already (a late cosignature of an older one says nothing about it now).
   */
  async clearWitnessFailure(vkey: string, size: number): Promise<void> {
    await this.db
      .deleteFrom('tlog_witness_failure')
      .where('vkey', '=', vkey)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tlog_cosignature')
              .select('checkpoint_size')
              .where('vkey', '=', vkey)
              .where('checkpoint_size', '>', size),
          ),
        ),
      )
      .execute();
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
