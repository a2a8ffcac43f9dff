import type { DataVersions } from '../db/data-versions.js';
import type { Transactor, Tx } from '../db/transactor.js';
import { BUYBACK_INDEXER, TREASURY_DATASETS } from './catalog.js';
import type {
  BuybackInput,
  HoldingInput,
  TreasuryRepository,
  VaultReadingInput,
} from './repository.js';
import type { Provenance } from './tables.js';

export type { BuybackInput, HoldingInput, VaultReadingInput } from './repository.js';

/**
 * The treasury's write path, shared by the demo generator (provenance 'seed') and live readers
 * (issue 11: viem reads, provenance 'live', in src/onchain): the one way another domain writes
 * treasury data. Each call is one transaction that bumps its dataset, except recordBuybackScanIn,
 * which joins the caller's transaction (the indexer commits its cursor with the rows).
 */
export class TreasuryWrites {
  private readonly treasury: TreasuryRepository;
  private readonly transactor: Transactor;
  private readonly versions: DataVersions;

  constructor(uses: {
    treasury: TreasuryRepository;
    transactor: Transactor;
    versions: DataVersions;
  }) {
    this.treasury = uses.treasury;
    this.transactor = uses.transactor;
    this.versions = uses.versions;
  }

  async recordVaultReadings(readings: readonly VaultReadingInput[]): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      await this.treasury.insertVaultReadings(readings, trx);
      await this.versions.bump(TREASURY_DATASETS.vault, trx);
    });
  }

  async recordWalletState(input: WalletStateInput): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      for (const wallet of input.wallets) await this.treasury.upsertWallet(wallet, trx);
      for (const [address, holdings] of input.holdings)
        await this.treasury.replaceHoldings(address, holdings, trx);
      await this.treasury.upsertWalletSnapshots(input.snapshots, trx);
      await this.versions.bump(TREASURY_DATASETS.wallets, trx);
    });
  }

  async recordTokenReading(
    reading: Parameters<TreasuryRepository['insertTokenReading']>[0],
  ): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      await this.treasury.insertTokenReading(reading, trx);
      await this.versions.bump(TREASURY_DATASETS.token, trx);
    });
  }

  /**
   * Records an indexer pass over buybacks: the rows found (idempotent by tx hash) and how far it has
   * indexed, so an empty tail reads as a quiet period rather than a stalled indexer.
   */
  async recordBuybackScan(scan: BuybackScan): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      await this.recordBuybackScanIn(trx, scan);
    });
  }

  /** recordBuybackScan inside the caller's transaction `trx`. */
  async recordBuybackScanIn(trx: Tx, scan: BuybackScan): Promise<void> {
    await this.treasury.upsertBuybacks(scan.rows, trx);
    await this.treasury.recordIndexerRun(
      {
        name: BUYBACK_INDEXER,
        source: scan.source,
        attemptAt: scan.attemptAt,
        indexedThrough: scan.indexedThrough,
        error: null,
      },
      trx,
    );
    await this.versions.bump(TREASURY_DATASETS.buybacks, trx);
  }

  /** A failed indexer pass: rows and `indexed_through` stay as they were; the error is kept. */
  async recordBuybackScanFailure(failure: {
    source: string;
    attemptAt: Date;
    error: string;
  }): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      await this.treasury.recordIndexerRun(
        {
          name: BUYBACK_INDEXER,
          source: failure.source,
          attemptAt: failure.attemptAt,
          indexedThrough: null,
          error: failure.error,
        },
        trx,
      );
      await this.versions.bump(TREASURY_DATASETS.buybacks, trx);
    });
  }
}

export interface WalletStateInput {
  readonly wallets: ReadonlyArray<{
    address: string;
    name: string;
    kind: string;
    trackedSince: string;
  }>;
  /** Current holdings per wallet address (replacing what was there). */
  readonly holdings: ReadonlyMap<string, readonly HoldingInput[]>;
  /** Daily totals to persist; days not given stay absent. */
  readonly snapshots: ReadonlyArray<{
    walletAddress: string;
    date: string;
    totalUsd: number;
    provenance: Provenance;
  }>;
}

export interface BuybackScan {
  source: string;
  attemptAt: Date;
  indexedThrough: Date;
  rows: readonly BuybackInput[];
}
