import { round } from './allocation.js';
import { SLEEVE_OF_BUCKET, SLEEVES, UNALLOCATED_SLEEVE } from './catalog.js';
import type { TreasuryRepository } from './repository.js';
import type { Provenance } from './tables.js';

/** Least trustworthy last: a day's total is only as good as its weakest wallet reading. */
const TRUST_ORDER: readonly Provenance[] = ['live', 'backfilled', 'seed', 'stub', 'stale'];
const weakest = (a: Provenance, b: Provenance): Provenance =>
  TRUST_ORDER.indexOf(a) >= TRUST_ORDER.indexOf(b) ? a : b;

type HoldingRow = Awaited<ReturnType<TreasuryRepository['holdings']>>[number];

function holdingOf(h: HoldingRow) {
  const sleeve = h.bucket === null ? undefined : SLEEVE_OF_BUCKET.get(h.bucket);
  return {
    asset: h.asset,
    assetAddress: h.asset_address,
    bucket: h.bucket,
    sleeve: sleeve?.key ?? UNALLOCATED_SLEEVE.key,
    amount: h.amount,
    priceUsd: h.price_usd,
    valueUsd: h.value_usd,
    provenance: h.provenance,
    asOf: h.as_of.toISOString(),
  };
}

/**
 * Every wallet and holding, and the daily total since inception: a day is listed only when every
 * wallet tracked by then has a persisted snapshot for it (no interpolation, no partial sums).
 */
export async function walletBalances(treasury: TreasuryRepository) {
  const [walletRows, holdingRows, snapshotRows] = await Promise.all([
    treasury.wallets(),
    treasury.holdings(),
    treasury.walletSnapshots(),
  ]);
  const wallets = walletRows.map((w) => {
    const holdings = holdingRows.filter((h) => h.wallet_address === w.address).map(holdingOf);
    return {
      name: w.name,
      address: w.address,
      type: w.kind,
      trackedSince: w.tracked_since,
      totalUsd: round(
        holdings.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0),
        2,
      ),
      holdings,
    };
  });
  const byDate = new Map<string, { total: number; wallets: number; provenance: Provenance }>();
  for (const s of snapshotRows) {
    const day = byDate.get(s.date);
    if (day === undefined)
      byDate.set(s.date, { total: s.total_usd, wallets: 1, provenance: s.provenance });
    else {
      day.total += s.total_usd;
      day.wallets++;
      day.provenance = weakest(day.provenance, s.provenance);
    }
  }
  const history: Array<{ date: string; totalUsd: number; provenance: Provenance }> = [];
  const historyProvenance: Partial<Record<Provenance, number>> = {};
  for (const [date, day] of byDate) {
    const expected = walletRows.filter((w) => w.tracked_since <= date).length;
    if (day.wallets < expected) continue;
    history.push({ date, totalUsd: round(day.total, 2), provenance: day.provenance });
    historyProvenance[day.provenance] = (historyProvenance[day.provenance] ?? 0) + 1;
  }
  const asOf = holdingRows.reduce<Date | null>(
    (latest, h) => (latest === null || h.as_of > latest ? h.as_of : latest),
    null,
  );
  return {
    asOf: asOf?.toISOString() ?? null,
    totalUsd: round(
      wallets.reduce((sum, w) => sum + w.totalUsd, 0),
      2,
    ),
    wallets,
    history,
    historyProvenance,
  };
}

/** The realised side: each wallet's holdings grouped into the allocation sleeves. */
export async function walletSleeves(treasury: TreasuryRepository) {
  const [walletRows, holdingRows] = await Promise.all([treasury.wallets(), treasury.holdings()]);
  const groups = [...SLEEVES.map((s) => ({ key: s.key, label: s.label })), UNALLOCATED_SLEEVE];
  const group = (holdings: ReturnType<typeof holdingOf>[], total: number) =>
    groups.map((g) => {
      const members = holdings.filter((h) => h.sleeve === g.key);
      const valueUsd = round(
        members.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0),
        2,
      );
      return {
        key: g.key,
        label: g.label,
        valueUsd,
        share: total > 0 ? round(valueUsd / total) : 0,
        holdings: members,
      };
    });
  const all = holdingRows.map(holdingOf);
  const grandTotal = all.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
  return {
    wallets: walletRows.map((w) => {
      const holdings = all.filter((_, i) => holdingRows[i]?.wallet_address === w.address);
      const totalUsd = holdings.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
      return {
        name: w.name,
        address: w.address,
        type: w.kind,
        totalUsd: round(totalUsd, 2),
        sleeves: group(holdings, totalUsd),
      };
    }),
    totals: group(all, grandTotal).map(({ holdings: _holdings, ...rest }) => rest),
  };
}
