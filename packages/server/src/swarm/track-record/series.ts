import type { SeriesPoint } from '@convene/protocol';
import type { AnalyticsReads } from '../../analytics/reads.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { SeriesSource } from './settings.js';

/** The daily series a label follows, read from the domain that holds it (docs/methodology.md §2). */
export type SeriesReader = (
  source: SeriesSource,
  from: string,
  to: string,
) => Promise<SeriesPoint[]>;

export function seriesReader(
  regime: Pick<RegimeAsOf, 'observationsBetween'>,
  treasury: Pick<TreasuryReads, 'vaultSharePriceByDay'>,
  analytics: AnalyticsReads,
): SeriesReader {
  return (source, from, to) => {
    switch (source.kind) {
      case 'regime':
        return regime.observationsBetween(source.key, from, to);
      case 'own-vault':
        return treasury.vaultSharePriceByDay(from, to);
      case 'coin':
        return analytics.coinPrices(source.id, from, to);
      case 'vault':
        return analytics.vaultSharePrices(source.id, from, to);
    }
  };
}
