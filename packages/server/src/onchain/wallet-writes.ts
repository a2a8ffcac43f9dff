import type { Address } from 'viem';
import type { TreasuryReads } from '../treasury/reads.js';
import type { HoldingInput, TreasuryWrites } from '../treasury/writes.js';
import type { WalletRead } from './wallet-reader.js';

import { utcDate as isoDate } from '@convene/protocol';

/**
 * Records a successful read: the wallets, their live holdings, and the day's total (upserted, so
 * the last read of a UTC day stands) for each wallet whose every holding has a price; a wallet
 * with an unpriced holding gets no total that day rather than an understated one.
 */
export async function recordLiveWallets(
  treasury: { writes: TreasuryWrites },
  wallets: ReadonlyArray<{ name: string; address: Address; kind: string }>,
  read: WalletRead,
): Promise<void> {
  const date = isoDate(read.block.time);
  await treasury.writes.recordWalletState({
    wallets: wallets.map((w) => ({
      address: w.address.toLowerCase(),
      name: w.name,
      kind: w.kind,
      trackedSince: date,
    })),
    holdings: read.holdings,
    snapshots: [...read.holdings.entries()]
      .filter(([address]) => read.fullyPriced.has(address))
      .map(([walletAddress, rows]) => ({
        walletAddress,
        date,
        totalUsd: rows.reduce((sum, row) => sum + (row.valueUsd ?? 0), 0),
        provenance: 'live' as const,
      })),
  });
}

/**
 * A failed read: the last good holdings stay, relabelled `stale` with their original as-of time;
 * no daily total is written for the failed read.
 */
export async function markWalletsStale(
  treasury: { reads: TreasuryReads; writes: TreasuryWrites },
  wallets: readonly Address[],
): Promise<void> {
  const tracked = new Set(wallets.map((w) => w.toLowerCase()));
  const rows = (await treasury.reads.walletHoldings()).filter((h) => tracked.has(h.wallet_address));
  if (rows.every((row) => row.provenance === 'stale')) return;
  const holdings = new Map<string, HoldingInput[]>();
  for (const row of rows) {
    const list = holdings.get(row.wallet_address) ?? [];
    list.push({
      walletAddress: row.wallet_address,
      asset: row.asset,
      assetAddress: row.asset_address,
      bucket: row.bucket,
      amount: row.amount,
      priceUsd: row.price_usd,
      valueUsd: row.value_usd,
      provenance: 'stale',
      asOf: row.as_of,
    });
    holdings.set(row.wallet_address, list);
  }
  await treasury.writes.recordWalletState({ wallets: [], holdings, snapshots: [] });
}
