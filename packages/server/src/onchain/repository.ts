import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';

export interface BurnInput {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  date: string;
  fromAddress: string;
  amount: number;
}

/** SQL for the onchain indexer's cursor, reorg checkpoints and burns; each method runs in `trx` when given. */
export class OnchainRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** SQL for the indexer's own tables, and the one treasury delete a reorg needs. */

  async cursor(name: string, trx?: Tx) {
    const db = trx ?? this.db;
    return db.selectFrom('onchain_cursor').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async saveCursor(
    row: { name: string; blockNumber: number; blockHash: string; blockTime: Date; at: Date },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    const values = {
      block_number: row.blockNumber,
      block_hash: row.blockHash,
      block_time: row.blockTime,
      updated_at: row.at,
    };
    await db
      .insertInto('onchain_cursor')
      .values({ name: row.name, ...values })
      .onConflict((c) => c.column('name').doUpdateSet(values))
      .execute();
  }

  async deleteCursor(name: string, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db.deleteFrom('onchain_cursor').where('name', '=', name).execute();
  }

  /** Keeps the newest `keep` checkpoints of `name` after adding this one. */
  async addCheckpoint(
    row: { name: string; blockNumber: number; blockHash: string },
    keep: number,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('onchain_checkpoint')
      .values({ name: row.name, block_number: row.blockNumber, block_hash: row.blockHash })
      .onConflict((c) =>
        c.columns(['name', 'block_number']).doUpdateSet({ block_hash: row.blockHash }),
      )
      .execute();
    const cutoff = await db
      .selectFrom('onchain_checkpoint')
      .select('block_number')
      .where('name', '=', row.name)
      .orderBy('block_number', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (cutoff !== undefined)
      await db
        .deleteFrom('onchain_checkpoint')
        .where('name', '=', row.name)
        .where('block_number', '<=', cutoff.block_number)
        .execute();
  }

  /** Newest first: the candidates for the fork point. */
  async checkpoints(name: string, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('onchain_checkpoint')
      .select(['block_number', 'block_hash'])
      .where('name', '=', name)
      .orderBy('block_number', 'desc')
      .execute();
  }

  async insertBurns(rows: readonly BurnInput[], trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    if (rows.length === 0) return;
    await db
      .insertInto('onchain_token_burn')
      .values(
        rows.map((r) => ({
          tx_hash: r.txHash,
          log_index: r.logIndex,
          block_number: r.blockNumber,
          date: r.date,
          from_address: r.fromAddress,
          amount: r.amount,
        })),
      )
      .onConflict((c) => c.columns(['tx_hash', 'log_index']).doNothing())
      .execute();
  }

  async burnTotals(trx?: Tx) {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('onchain_token_burn')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), amount: Number(row.amount) };
  }

  /**
   * Forgets everything indexed above `forkBlock` (null: everything): live buyback rows, burns and
   * checkpoints. Seeded or imported buybacks (other provenance) are not the indexer's to delete.
   */
  async forgetAbove(
    name: string,
    forkBlock: number | null,
    trx?: Tx,
  ): Promise<{ buybacks: number; burns: number }> {
    const db = trx ?? this.db;
    const above = forkBlock ?? -1;
    const buybacks = await db
      .deleteFrom('buyback')
      .where('provenance', '=', 'live')
      .where('block_number', '>', above)
      .executeTakeFirst();
    const burns = await db
      .deleteFrom('onchain_token_burn')
      .where('block_number', '>', above)
      .executeTakeFirst();
    await db
      .deleteFrom('onchain_checkpoint')
      .where('name', '=', name)
      .where('block_number', '>', above)
      .execute();
    return { buybacks: Number(buybacks.numDeletedRows), burns: Number(burns.numDeletedRows) };
  }
}
