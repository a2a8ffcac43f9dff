import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import type { Provenance } from './tables.js';

/** SQL for the treasury datasets only. */

export interface VaultReadingInput {
  readAt: Date;
  source: string;
  provenance: Provenance;
  vaultAddress: string;
  tvlUsd: number;
  sharePrice: number;
  totalShares: number;
  depositCapUsd: number | null;
  idleUsd: number;
  adapters: ReadonlyArray<{
    name: string;
    protocol: string;
    address: string;
    balanceUsd: number;
    provenance: Provenance;
  }>;
}

export interface HoldingInput {
  walletAddress: string;
  asset: string;
  assetAddress: string | null;
  bucket: string | null;
  amount: number;
  priceUsd: number | null;
  valueUsd: number | null;
  provenance: Provenance;
  asOf: Date;
}

export interface BuybackInput {
  txHash: string;
  date: string;
  blockNumber: number | null;
  spentAsset: string;
  amountSpent: number;
  tokensAcquired: number;
  valueUsd: number | null;
  provenance: Provenance;
}

/** SQL for the treasury's vault, token, wallet, allocation and buyback data; each method runs in `trx` when given. */
export class TreasuryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertVaultReadings(readings: readonly VaultReadingInput[], trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    for (const reading of readings) {
      const { id } = await db
        .insertInto('vault_reading')
        .values({
          read_at: reading.readAt,
          source: reading.source,
          provenance: reading.provenance,
          vault_address: reading.vaultAddress,
          tvl_usd: reading.tvlUsd,
          share_price: reading.sharePrice,
          total_shares: reading.totalShares,
          deposit_cap_usd: reading.depositCapUsd,
          idle_usd: reading.idleUsd,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('vault_adapter_reading')
        .values(
          reading.adapters.map((adapter, position) => ({
            reading_id: id,
            position,
            name: adapter.name,
            protocol: adapter.protocol,
            address: adapter.address,
            balance_usd: adapter.balanceUsd,
            provenance: adapter.provenance,
          })),
        )
        .execute();
    }
  }

  async latestVaultReading(trx?: Tx) {
    const db = trx ?? this.db;
    const reading = await db
      .selectFrom('vault_reading')
      .selectAll()
      .orderBy('read_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (reading === undefined) return undefined;
    const adapters = await db
      .selectFrom('vault_adapter_reading')
      .selectAll()
      .where('reading_id', '=', reading.id)
      .orderBy('position')
      .execute();
    return { reading, adapters };
  }

  /** The newest share price read at or before `at`, for trailing APYs. */
  async sharePriceAtOrBefore(at: Date, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('vault_reading')
      .select(['read_at', 'share_price'])
      .where('read_at', '<=', at)
      .orderBy('read_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Vault readings' times and share prices from `from` (inclusive) to `to` (exclusive), ascending. */
  async sharePricesBetween(from: Date, to: Date, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('vault_reading')
      .select(['read_at', 'share_price'])
      .where('read_at', '>=', from)
      .where('read_at', '<', to)
      .orderBy('read_at')
      .orderBy('id')
      .execute();
  }

  async insertAllocation(
    row: {
      setAt: Date;
      kind: 'admin' | 'swarm';
      sessionId: string | null;
      note: string | null;
      weights: ReadonlyArray<{ bucket: string; weight: number }>;
    },
    trx?: Tx,
  ) {
    const db = trx ?? this.db;
    return db
      .insertInto('allocation_target')
      .values({
        set_at: row.setAt,
        set_by_kind: row.kind,
        session_id: row.sessionId,
        note: row.note,
        weights: JSON.stringify(row.weights),
      })
      .returning('version')
      .executeTakeFirstOrThrow();
  }

  async allocationHistory(limit: number, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('allocation_target')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(limit)
      .execute();
  }

  async upsertWallet(
    wallet: { address: string; name: string; kind: string; trackedSince: string },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('treasury_wallet')
      .values({
        address: wallet.address,
        name: wallet.name,
        kind: wallet.kind,
        tracked_since: wallet.trackedSince,
      })
      .onConflict((c) => c.column('address').doUpdateSet({ name: wallet.name, kind: wallet.kind }))
      .execute();
  }

  /** Replaces a wallet's current holdings with a fresh read. */
  async replaceHoldings(
    walletAddress: string,
    holdings: readonly HoldingInput[],
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db.deleteFrom('wallet_holding').where('wallet_address', '=', walletAddress).execute();
    if (holdings.length === 0) return;
    await db
      .insertInto('wallet_holding')
      .values(
        holdings.map((h) => ({
          wallet_address: h.walletAddress,
          asset: h.asset,
          asset_address: h.assetAddress,
          bucket: h.bucket,
          amount: h.amount,
          price_usd: h.priceUsd,
          value_usd: h.valueUsd,
          provenance: h.provenance,
          as_of: h.asOf,
        })),
      )
      .execute();
  }

  async upsertWalletSnapshots(
    rows: ReadonlyArray<{
      walletAddress: string;
      date: string;
      totalUsd: number;
      provenance: Provenance;
    }>,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    const chunk = 2000;
    for (let i = 0; i < rows.length; i += chunk) {
      await db
        .insertInto('wallet_value_snapshot')
        .values(
          rows.slice(i, i + chunk).map((r) => ({
            wallet_address: r.walletAddress,
            date: r.date,
            total_usd: r.totalUsd,
            provenance: r.provenance,
          })),
        )
        .onConflict((c) =>
          c.columns(['wallet_address', 'date']).doUpdateSet((eb) => ({
            total_usd: eb.ref('excluded.total_usd'),
            provenance: eb.ref('excluded.provenance'),
          })),
        )
        .execute();
    }
  }

  async wallets(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('treasury_wallet')
      .selectAll()
      .orderBy('tracked_since')
      .orderBy('address')
      .execute();
  }

  async holdings(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('wallet_holding')
      .selectAll()
      .orderBy('wallet_address')
      .orderBy('value_usd', 'desc')
      .execute();
  }

  async walletSnapshots(trx?: Tx) {
    const db = trx ?? this.db;
    return db.selectFrom('wallet_value_snapshot').selectAll().orderBy('date').execute();
  }

  async insertTokenReading(
    row: {
      readAt: Date;
      source: string;
      provenance: Provenance;
      priceUsd: number | null;
      totalSupply: number | null;
      marketCapUsd: number | null;
    },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('token_reading')
      .values({
        read_at: row.readAt,
        source: row.source,
        provenance: row.provenance,
        price_usd: row.priceUsd,
        total_supply: row.totalSupply,
        market_cap_usd: row.marketCapUsd,
      })
      .execute();
  }

  async latestTokenReading(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('token_reading')
      .selectAll()
      .orderBy('read_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async upsertBuybacks(rows: readonly BuybackInput[], trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    if (rows.length === 0) return;
    await db
      .insertInto('buyback')
      .values(
        rows.map((r) => ({
          tx_hash: r.txHash,
          date: r.date,
          block_number: r.blockNumber,
          spent_asset: r.spentAsset,
          amount_spent: r.amountSpent,
          tokens_acquired: r.tokensAcquired,
          value_usd: r.valueUsd,
          provenance: r.provenance,
        })),
      )
      .onConflict((c) => c.column('tx_hash').doNothing())
      .execute();
  }

  async buybacks(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('buyback')
      .selectAll()
      .orderBy('date', 'desc')
      .orderBy('tx_hash')
      .execute();
  }

  async recordIndexerRun(
    run: {
      name: string;
      source: string;
      attemptAt: Date;
      indexedThrough: Date | null;
      error: string | null;
    },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    const success = run.error === null;
    await db
      .insertInto('indexer_state')
      .values({
        name: run.name,
        source: run.source,
        indexed_through: success ? run.indexedThrough : null,
        last_success_at: success ? run.attemptAt : null,
        last_attempt_at: run.attemptAt,
        last_error: run.error,
      })
      .onConflict((c) =>
        c.column('name').doUpdateSet(
          success
            ? {
                source: run.source,
                indexed_through: run.indexedThrough,
                last_success_at: run.attemptAt,
                last_attempt_at: run.attemptAt,
                last_error: null,
              }
            : { last_attempt_at: run.attemptAt, last_error: run.error },
        ),
      )
      .execute();
  }

  async indexerState(name: string, trx?: Tx) {
    const db = trx ?? this.db;
    return db.selectFrom('indexer_state').selectAll().where('name', '=', name).executeTakeFirst();
  }
}
