import { utcDate } from '@convene/protocol';
import type { Tx } from '../db/transactor.js';
import type { TreasuryRepository } from './repository.js';

/**
 * What other domains read of the treasury's data (swarm/subjects' holdings snapshot, the onchain
 * readers' skip checks), so none of them reads the treasury's repository. Writes go through
 * writes.ts.
 */
export class TreasuryReads {
  constructor(private readonly treasury: TreasuryRepository) {}

  /** The wallet holdings recorded now, by wallet and value; in the caller's transaction when given. */
  async walletHoldings(trx?: Tx) {
    return this.treasury.holdings(trx);
  }

  /**
   * The own vault's share price per UTC day from `from` to `to` (inclusive dates): the day's last
   * reading, ascending (swarm/track-record's `own-vault` series).
   */
  async vaultSharePriceByDay(
    from: string,
    to: string,
  ): Promise<Array<{ date: string; value: number }>> {
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
    const rows = await this.treasury.sharePricesBetween(new Date(`${from}T00:00:00Z`), end);
    const byDay = new Map<string, number>();
    for (const row of rows) byDay.set(utcDate(new Date(row.read_at)), row.share_price);
    return [...byDay].map(([date, value]) => ({ date, value }));
  }

  /** When the newest vault reading was read, so a live reader skips a block already recorded. */
  async latestVaultReadAt(): Promise<Date | undefined> {
    return (await this.treasury.latestVaultReading())?.reading.read_at;
  }

  /** When the newest token reading was read. */
  async latestTokenReadAt(): Promise<Date | undefined> {
    return (await this.treasury.latestTokenReading())?.read_at;
  }
}
