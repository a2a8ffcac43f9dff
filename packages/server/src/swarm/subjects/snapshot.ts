import type { Tx } from '../../db/transactor.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { SubjectRow } from './repository.js';
import type { Holding } from '../tables.js';

export type { Holding };

export interface CapturedHoldings {
  holdings: Holding[];
  totalUsd: number | null;
  notable: string[];
}

/** A subject whose `source` is `treasury` is the service's own treasury: its wallets are read live. */
export const TREASURY_SOURCE = 'treasury';

/**
 * The holdings the swarm reasons over, taken when a session convenes: the treasury's tracked wallet
 * holdings for the treasury subject, the declared positions of its wallets for any other subject.
 */
export async function captureHoldings(
  trx: Tx,
  treasury: TreasuryReads,
  subject: SubjectRow,
): Promise<CapturedHoldings> {
  const raw =
    subject.source === TREASURY_SOURCE
      ? await liveTreasury(trx, treasury, subject)
      : declared(subject);
  const known = raw.filter((h) => h.valueUsd !== null);
  const totalUsd = known.length === 0 ? null : known.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
  const holdings = raw.map((h) => ({
    ...h,
    share: totalUsd === null || totalUsd <= 0 || h.valueUsd === null ? null : h.valueUsd / totalUsd,
  }));
  return { holdings, totalUsd, notable: notableFacts(holdings) };
}

type RawHolding = Omit<Holding, 'share'>;

async function liveTreasury(
  trx: Tx,
  treasury: TreasuryReads,
  subject: SubjectRow,
): Promise<RawHolding[]> {
  const addresses = new Set(walletAddresses(subject.wallets).map((a) => a.toLowerCase()));
  const rows = await treasury.walletHoldings(trx);
  return rows
    .filter((row) => addresses.size === 0 || addresses.has(row.wallet_address.toLowerCase()))
    .map((row) => ({
      wallet: row.wallet_address,
      asset: row.asset,
      bucket: row.bucket,
      amount: row.amount,
      valueUsd: row.value_usd,
      provenance: row.provenance,
    }));
}

function declared(subject: SubjectRow): RawHolding[] {
  return subject.wallets.flatMap((wallet) => {
    if (typeof wallet !== 'object' || wallet === null) return [];
    const { address, positions } = wallet as { address?: unknown; positions?: unknown };
    if (!Array.isArray(positions)) return [];
    return positions.flatMap((position: unknown) => {
      const p = position as {
        asset?: unknown;
        bucket?: unknown;
        amount?: unknown;
        valueUsd?: unknown;
      };
      if (typeof p.asset !== 'string') return [];
      return [
        {
          wallet: typeof address === 'string' ? address : '',
          asset: p.asset,
          bucket: typeof p.bucket === 'string' ? p.bucket : null,
          amount: typeof p.amount === 'number' ? p.amount : null,
          valueUsd: typeof p.valueUsd === 'number' ? p.valueUsd : null,
          provenance: 'declared',
        },
      ];
    });
  });
}

function walletAddresses(wallets: unknown[]): string[] {
  return wallets.flatMap((wallet) => {
    if (typeof wallet === 'string') return [wallet];
    const address = (wallet as { address?: unknown } | null)?.address;
    return typeof address === 'string' ? [address] : [];
  });
}

function notableFacts(holdings: Holding[]): string[] {
  const facts: string[] = [];
  const ranked = holdings
    .filter((h) => h.share !== null)
    .sort((a, b) => (b.share ?? 0) - (a.share ?? 0));
  const top = ranked[0];
  if (top?.share != null) {
    facts.push(`${top.asset} is the largest position at ${(top.share * 100).toFixed(1)}% of value`);
  }
  const estimates = holdings.filter((h) => h.provenance !== 'live' && h.provenance !== 'declared');
  if (estimates.length > 0) {
    facts.push(`${estimates.length} of ${holdings.length} holdings are estimates (not live reads)`);
  }
  const unvalued = holdings.filter((h) => h.valueUsd === null);
  if (unvalued.length > 0) facts.push(`${unvalued.length} holdings have no USD value`);
  if (holdings.length === 0) facts.push('no holdings on record');
  return facts;
}
