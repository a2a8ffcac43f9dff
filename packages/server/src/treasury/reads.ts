import { utcDate } from '@convene/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import * as repository from './repository.js';

/*
 * What other domains read of the treasury's data (swarm/subjects' holdings snapshot, the onchain
 * readers' skip checks), so none of them reads the treasury's repository. Writes go through
 * writes.ts.
 */

/** The wallet holdings recorded now, by wallet and value; `db` may be the caller's transaction. */
export async function walletHoldings(db: Kysely<DB>) {
  return repository.holdings(db);
}

/**
 * The own vault's share price per UTC day from `from` to `to` (inclusive dates): the day's last
 * reading, ascending (swarm/track-record's `own-vault` series).
 */
export async function vaultSharePriceByDay(
  db: Kysely<DB>,
  from: string,
  to: string,
): Promise<Array<{ date: string; value: number }>> {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  const rows = await repository.sharePricesBetween(db, new Date(`${from}T00:00:00Z`), end);
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(utcDate(new Date(row.read_at)), row.share_price);
  return [...byDay].map(([date, value]) => ({ date, value }));
}

/** When the newest vault reading was read, so a live reader skips a block already recorded. */
export async function latestVaultReadAt(database: Database): Promise<Date | undefined> {
  return (await repository.latestVaultReading(database.db))?.reading.read_at;
}

/** When the newest token reading was read. */
export async function latestTokenReadAt(database: Database): Promise<Date | undefined> {
  return (await repository.latestTokenReading(database.db))?.read_at;
}
