import { utcDate } from '@convene/protocol';
import type { Clock } from '../clock.js';
import { kyselyTransactor } from '../db/transactor.js';
import type { DemoSeeder } from '../demo/seed.js';
import { mulberry32 } from '../regime/demo-series.js';
import type { BuybackInput, HoldingInput, VaultReadingInput } from './repository.js';
import type { Provenance } from './tables.js';
import { composeTreasury } from './compose.js';

const DAY_MS = 86_400_000;
const SEED = 0x7ea5_0001;
const VAULT = '0x4f835c9f54bcf17daf9040f60cb72951ccbb49dd';
const SOURCE = 'demo-generator';
const TOKEN_SUPPLY = 100_000_000_000;

const isoDate = (ms: number) => utcDate(new Date(ms));
const hex = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');

/** Daily vault reads for 180 days: share price compounding at ~5% with noise, TVL under the cap. */
export function demoVaultReadings(clock: Clock): VaultReadingInput[] {
  const random = mulberry32(SEED);
  const now = clock.now().getTime();
  const readings: VaultReadingInput[] = [];
  let sharePrice = 1.0;
  let tvl = 38_000;
  for (let daysAgo = 180; daysAgo >= 0; daysAgo--) {
    sharePrice *= 1 + (0.05 + (random() - 0.5) * 0.02) / 365;
    tvl = Math.min(100_000, Math.max(5_000, tvl * (1 + (random() - 0.45) * 0.02)));
    const idle = tvl * 0.02;
    const weights = [0.34 + (random() - 0.5) * 0.02, 0.33, 0];
    weights[2] = 1 - (weights[0] as number) - (weights[1] as number);
    const adapters = [
      ['MorphoAdapter', 'morpho', '0xa6ed7b03d2b2a3f0b9b6c6e1a3a4c1e5f0b217e9'],
      ['AaveV3Adapter', 'aave', '0x218695bd4c0a5cf3a5a5d1f0b1e7c0b2a3d40bea'],
      ['CompoundV3Adapter', 'compound', '0x8247da22b0a1c5e9f2d3b4a5c6e7f8091a2b2652'],
    ] as const;
    readings.push({
      readAt: new Date(now - daysAgo * DAY_MS),
      source: SOURCE,
      provenance: 'seed',
      vaultAddress: VAULT,
      tvlUsd: round2(tvl),
      sharePrice: Number(sharePrice.toFixed(8)),
      totalShares: round2(tvl / sharePrice),
      depositCapUsd: 100_000,
      idleUsd: round2(idle),
      adapters: adapters.map(([name, protocol, address], i) => ({
        name,
        protocol,
        address,
        balanceUsd: round2((tvl - idle) * (weights[i] as number)),
        provenance: 'seed',
      })),
    });
  }
  return readings;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

interface DemoWallet {
  address: string;
  name: string;
  kind: string;
  holdings: Array<
    [
      asset: string,
      bucket: string | null,
      amount: number,
      price: number | null,
      provenance: Provenance,
    ]
  >;
}

const WALLETS: DemoWallet[] = [
  {
    address: '0xfbc2cc30f0674ed0244ee1f0ba7864423230c9d6',
    name: 'Primary treasury',
    kind: 'protocol',
    holdings: [
      ['SERVICE_TOKEN', 'service_token', 41_000_000_000, 0.0000012, 'seed'],
      ['WETH', null, 3.1, 2_900, 'live'],
      ['USDC', null, 1_200, 1, 'live'],
      ['BNKR', null, 250_000, null, 'stub'],
      ['ZYFAI', 'zyfai', 90_000, 0.012, 'seed'],
    ],
  },
  {
    address: '0x422c906083ca40b7e055b811d517f03bbbef8eee',
    name: 'Stablecoin strategy 1',
    kind: 'strategy',
    holdings: [
      ['ZYFAI-SS1', 'morpho', 4_480, 1.021, 'stale'],
      ['USDC', null, 22.5, 1, 'seed'],
    ],
  },
  {
    address: '0x8d0c331e45beca4184b758f3049f8897aabb9442',
    name: 'Stablecoin strategy 2',
    kind: 'strategy',
    holdings: [
      ['GIZA-SS1', 'aave', 4_390, 1.018, 'backfilled'],
      ['USDC', null, 15, 1, 'seed'],
    ],
  },
];

/** Wallets with every provenance value, and daily totals since inception with a few days missing. */
export function demoWalletState(clock: Clock) {
  const random = mulberry32(SEED + 1);
  const now = clock.now();
  const inception = now.getTime() - 400 * DAY_MS;
  const holdings = new Map<string, HoldingInput[]>();
  const snapshots: Array<{
    walletAddress: string;
    date: string;
    totalUsd: number;
    provenance: Provenance;
  }> = [];
  for (const wallet of WALLETS) {
    const rows = wallet.holdings.map(([asset, bucket, amount, price, provenance]) => ({
      walletAddress: wallet.address,
      asset,
      assetAddress: `0x${hex(random, 40)}`,
      bucket,
      amount,
      priceUsd: price,
      valueUsd: price === null ? null : round2(amount * price),
      provenance,
      asOf: now,
    }));
    holdings.set(wallet.address, rows);
    let total = rows.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0) * 0.6;
    for (let daysAgo = 400; daysAgo >= 1; daysAgo--) {
      total *= 1 + (random() - 0.48) * 0.05;
      // Days the reader did not run stay absent: no interpolation fills them.
      if (random() < 0.03) continue;
      snapshots.push({
        walletAddress: wallet.address,
        date: isoDate(now.getTime() - daysAgo * DAY_MS),
        totalUsd: round2(total),
        provenance: daysAgo > 340 ? 'backfilled' : 'seed',
      });
    }
  }
  return {
    wallets: WALLETS.map((w) => ({
      address: w.address,
      name: w.name,
      kind: w.kind,
      trackedSince: isoDate(inception),
    })),
    holdings,
    snapshots,
  };
}

/** ~2 buybacks a month, then a 45-day quiet period the indexer has scanned through (not stale). */
export function demoBuybacks(clock: Clock): BuybackInput[] {
  const random = mulberry32(SEED + 2);
  const now = clock.now().getTime();
  const rows: BuybackInput[] = [];
  for (let daysAgo = 360; daysAgo > 45; daysAgo -= 8 + Math.floor(random() * 14)) {
    const wethSpent = Number((0.02 + random() * 0.08).toFixed(5));
    const wethUsd = 2_400 + random() * 1_200;
    const price = 0.0000008 + random() * 0.0000008;
    rows.push({
      txHash: `0x${hex(random, 64)}`,
      date: isoDate(now - daysAgo * DAY_MS),
      blockNumber: 30_000_000 + (360 - daysAgo) * 43_200,
      spentAsset: 'WETH',
      amountSpent: wethSpent,
      tokensAcquired: Math.round((wethSpent * wethUsd) / price),
      valueUsd: round2(wethSpent * wethUsd),
      provenance: 'seed',
    });
  }
  return rows;
}

export const treasuryDemoSeeder: DemoSeeder = {
  name: 'treasury',
  async seed(context) {
    const now = context.clock.now();
    const { writes } = composeTreasury(
      context.database,
      context.versions,
      kyselyTransactor(context.database.db),
    );
    await writes.recordVaultReadings(demoVaultReadings(context.clock));
    await writes.recordWalletState(demoWalletState(context.clock));
    const price = 0.0000012;
    await writes.recordTokenReading({
      readAt: now,
      source: SOURCE,
      provenance: 'seed',
      priceUsd: price,
      totalSupply: TOKEN_SUPPLY,
      marketCapUsd: round2(price * TOKEN_SUPPLY),
    });
    await writes.recordBuybackScan({
      source: SOURCE,
      attemptAt: now,
      indexedThrough: now,
      rows: demoBuybacks(context.clock),
    });
  },
};
