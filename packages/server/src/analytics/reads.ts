import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AnalyticsRepository } from './repository.js';

/*
 * What other domains read of the analytics dataset (swarm/track-record's `coin:` and `vault:`
 * series), so none of them reads the analytics repository.
 */

/** One coin's daily prices from `from` to `to` (inclusive dates), ascending. */
export function coinPrices(
  db: Kysely<DB>,
  id: string,
  from: string,
  to: string,
): Promise<Array<{ date: string; value: number }>> {
  return new AnalyticsRepository(db).coinPricesBetween(id, from, to);
}

/** One vault's daily share prices from `from` to `to` (inclusive dates), ascending. */
export function vaultSharePrices(
  db: Kysely<DB>,
  id: string,
  from: string,
  to: string,
): Promise<Array<{ date: string; value: number }>> {
  return new AnalyticsRepository(db).vaultSharePricesBetween(id, from, to);
}
