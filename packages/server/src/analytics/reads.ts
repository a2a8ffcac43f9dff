import type { AnalyticsRepository } from './repository.js';

/**
 * What other domains read of the analytics dataset (swarm/track-record's `coin:` and `vault:`
 * series), so none of them reads the analytics repository.
 */
export class AnalyticsReads {
  constructor(private readonly analytics: AnalyticsRepository) {}

  /** One coin's daily prices from `from` to `to` (inclusive dates), ascending. */
  coinPrices(
    id: string,
    from: string,
    to: string,
  ): Promise<Array<{ date: string; value: number }>> {
    return this.analytics.coinPricesBetween(id, from, to);
  }

  /** One vault's daily share prices from `from` to `to` (inclusive dates), ascending. */
  vaultSharePrices(
    id: string,
    from: string,
    to: string,
  ): Promise<Array<{ date: string; value: number }>> {
    return this.analytics.vaultSharePricesBetween(id, from, to);
  }
}
