import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DataVersions } from '../db/data-versions.js';
import { VersionedValue } from '../db/versioned-value.js';
import { round, type BucketWeight, type TreasuryAllocations } from './allocation.js';
import { BUYBACK_INDEXER, FEE_SPLIT, SLEEVE_OF_BUCKET, TREASURY_DATASETS } from './catalog.js';
import type { TreasuryRepository } from './repository.js';
import { walletBalances, walletSleeves } from './wallets.js';
import { receivedField } from './schemas.js';
import { fail } from '../errors.js';

const DAY_MS = 86_400_000;

/** Treasury reads. Clock-dependent `stale` flags are computed per request. */
export class TreasuryService {
  constructor(
    private readonly deps: {
      treasury: TreasuryRepository;
      allocations: TreasuryAllocations;
      clock: Clock;
      versions: DataVersions;
      config: Config;
    },
  ) {}

  /** The newest token reading, read once per token data version (every write bumps it). */
  private readonly latestToken = new VersionedValue(() => this.deps.treasury.latestTokenReading());

  private isStale(asOf: Date | null | undefined): boolean {
    if (asOf === null || asOf === undefined) return true;
    return (
      this.deps.clock.now().getTime() - asOf.getTime() >
      this.deps.config.treasuryRefreshSeconds * 1000
    );
  }

  async vaultEconomics() {
    const { treasury } = this.deps;
    const latest = await treasury.latestVaultReading();
    if (latest === undefined) throw fail('noVaultReading');
    const { reading, adapters } = latest;
    const apy = async (days: number) => {
      const then = await treasury.sharePriceAtOrBefore(
        new Date(reading.read_at.getTime() - days * DAY_MS),
      );
      if (then === undefined || then.share_price <= 0) return null;
      const elapsedDays = (reading.read_at.getTime() - then.read_at.getTime()) / DAY_MS;
      return round((reading.share_price / then.share_price) ** (365 / elapsedDays) - 1);
    };
    const allocated = adapters.reduce((sum, a) => sum + a.balance_usd, 0) + reading.idle_usd;
    return {
      asOf: reading.read_at.toISOString(),
      stale: this.isStale(reading.read_at),
      source: reading.source,
      provenance: reading.provenance,
      vaultAddress: reading.vault_address,
      tvlUsd: reading.tvl_usd,
      sharePrice: reading.share_price,
      totalShares: reading.total_shares,
      depositCapUsd: reading.deposit_cap_usd,
      idleUsd: reading.idle_usd,
      adapters: adapters.map((a) => ({
        name: a.name,
        protocol: a.protocol,
        address: a.address,
        balanceUsd: a.balance_usd,
        share: allocated > 0 ? round(a.balance_usd / allocated) : 0,
        provenance: a.provenance,
      })),
      apy: { apy7d: await apy(7), apy30d: await apy(30), basis: 'annualised share-price growth' },
    };
  }

  async allocation() {
    return this.deps.allocations.allocationFramework();
  }

  /** An admin's new targets (normalised), recorded now; answers the framework they produce. */
  async setAllocation(input: { weights: readonly BucketWeight[]; note?: string | undefined }) {
    await this.deps.allocations.setAdminAllocation({ ...input, at: this.deps.clock.now() });
    return this.allocation();
  }

  /** Moves with every change the allocation answers rest on. */
  readonly allocationVersion = () => this.deps.versions.current(TREASURY_DATASETS.allocation);
  /** Moves with every wallet reading (balances and sleeves). */
  readonly walletsVersion = () => this.deps.versions.current(TREASURY_DATASETS.wallets);

  walletBalances() {
    return walletBalances(this.deps.treasury);
  }

  walletSleeves() {
    return walletSleeves(this.deps.treasury);
  }

  async tokenMetrics() {
    const reading = await this.latestToken.get(this.deps.versions.current(TREASURY_DATASETS.token));
    if (reading === undefined) throw fail('noTokenReading');
    return {
      [this.deps.config.tokenKey]: {
        priceUsd: reading.price_usd,
        totalSupply: reading.total_supply,
        marketCapUsd: reading.market_cap_usd,
        asOf: reading.read_at.toISOString(),
        stale: this.isStale(reading.read_at),
        source: reading.source,
        provenance: reading.provenance,
      },
      feeSplit: FEE_SPLIT,
    };
  }

  async buybacks() {
    const { treasury } = this.deps;
    const [rows, state] = await Promise.all([
      treasury.buybacks(),
      treasury.indexerState(BUYBACK_INDEXER),
    ]);
    const asOf = state?.indexed_through ?? null;
    return {
      asOf: asOf?.toISOString() ?? null,
      source: state?.source ?? null,
      stale: this.isStale(asOf),
      lastError: state?.last_error ?? null,
      rows: rows.map((r) => ({
        date: r.date,
        tx: r.tx_hash,
        wethSpent: r.amount_spent,
        spentAsset: r.spent_asset,
        [receivedField(this.deps.config.tokenKey)]: r.tokens_acquired,
        valueUsd: r.value_usd,
        provenance: r.provenance,
      })),
      totals: {
        count: rows.length,
        tokensAcquired: round(
          rows.reduce((sum, r) => sum + r.tokens_acquired, 0),
          2,
        ),
        valueUsd: round(
          rows.reduce((sum, r) => sum + (r.value_usd ?? 0), 0),
          2,
        ),
      },
    };
  }
}

export function sleeveOf(bucket: string | null) {
  return bucket === null ? undefined : SLEEVE_OF_BUCKET.get(bucket);
}
