import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import type { DB } from '../db/schema.js';
import { BUYBACK_INDEXER, TREASURY_DATASETS } from './catalog.js';
import * as repository from './repository.js';
import type { Provenance } from './tables.js';

export type { BuybackInput, HoldingInput, VaultReadingInput } from './repository.js';

/**
 * The treasury's write path, shared by the demo generator (provenance 'seed') and live readers
 * (issue 11: viem reads, provenance 'live', in src/onchain): the one way another domain writes
 * treasury data. Each call is one transaction that bumps its dataset, except recordBuybackScanIn,
 * which joins the caller's transaction (the indexer commits its cursor with the rows).
 */
export interface TreasuryWriteDeps {
  readonly database: Database;
  readonly versions: DataVersions;
}

export async function recordVaultReadings(
  deps: TreasuryWriteDeps,
  readings: readonly repository.VaultReadingInput[],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    await repository.insertVaultReadings(trx, readings);
    await deps.versions.bump(TREASURY_DATASETS.vault, trx);
  });
}

export interface WalletStateInput {
  readonly wallets: ReadonlyArray<{
    address: string;
    name: string;
    kind: string;
    trackedSince: string;
  }>;
  /** Current holdings per wallet address (replacing what was there). */
  readonly holdings: ReadonlyMap<string, readonly repository.HoldingInput[]>;
  /** Daily totals to persist; days not given stay absent. */
  readonly snapshots: ReadonlyArray<{
    walletAddress: string;
    date: string;
    totalUsd: number;
    provenance: Provenance;
  }>;
}

export async function recordWalletState(
  deps: TreasuryWriteDeps,
  input: WalletStateInput,
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    for (const wallet of input.wallets) await repository.upsertWallet(trx, wallet);
    for (const [address, holdings] of input.holdings)
      await repository.replaceHoldings(trx, address, holdings);
    await repository.upsertWalletSnapshots(trx, input.snapshots);
    await deps.versions.bump(TREASURY_DATASETS.wallets, trx);
  });
}

export async function recordTokenReading(
  deps: TreasuryWriteDeps,
  reading: Parameters<typeof repository.insertTokenReading>[1],
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    await repository.insertTokenReading(trx, reading);
    await deps.versions.bump(TREASURY_DATASETS.token, trx);
  });
}

export interface BuybackScan {
  source: string;
  attemptAt: Date;
  indexedThrough: Date;
  rows: readonly repository.BuybackInput[];
}

/**
 * Records an indexer pass over buybacks: the rows found (idempotent by tx hash) and how far it has
 * indexed, so an empty tail reads as a quiet period rather than a stalled indexer.
 */
export async function recordBuybackScan(deps: TreasuryWriteDeps, scan: BuybackScan): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    await recordBuybackScanIn(trx, deps.versions, scan);
  });
}

/** recordBuybackScan inside the caller's transaction `trx`. */
export async function recordBuybackScanIn(
  trx: Kysely<DB>,
  versions: DataVersions,
  scan: BuybackScan,
): Promise<void> {
  await repository.upsertBuybacks(trx, scan.rows);
  await repository.recordIndexerRun(trx, {
    name: BUYBACK_INDEXER,
    source: scan.source,
    attemptAt: scan.attemptAt,
    indexedThrough: scan.indexedThrough,
    error: null,
  });
  await versions.bump(TREASURY_DATASETS.buybacks, trx);
}

/** A failed indexer pass: rows and `indexed_through` stay as they were; the error is kept. */
export async function recordBuybackScanFailure(
  deps: TreasuryWriteDeps,
  failure: { source: string; attemptAt: Date; error: string },
): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    await repository.recordIndexerRun(trx, {
      name: BUYBACK_INDEXER,
      source: failure.source,
      attemptAt: failure.attemptAt,
      indexedThrough: null,
      error: failure.error,
    });
    await deps.versions.bump(TREASURY_DATASETS.buybacks, trx);
  });
}
