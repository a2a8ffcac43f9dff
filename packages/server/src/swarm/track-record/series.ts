import type { SeriesPoint } from '@convene/protocol';
import type { Kysely } from 'kysely';
import { coinPrices, vaultSharePrices } from '../../analytics/reads.js';
import type { DB } from '../../db/schema.js';
import type { RegimeAsOf } from '../../regime/service.js';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { SeriesSource } from './settings.js';

/** The daily series a label follows, read from the domain that holds it (docs/methodology.md §2). */
export type SeriesReader = (
  source: SeriesSource,
  from: string,
  to: string,
) => Promise<SeriesPoint[]>;

/**
 * The reader over the domains that hold the series. It keeps the database because the analytics
 * reads it calls are still functions of it (issue #35: they become repositories).
 */
export function seriesReader(
  regime: Pick<RegimeAsOf, 'observationsBetween'>,
  treasury: Pick<TreasuryReads, 'vaultSharePriceByDay'>,
  db: Kysely<DB>,
): SeriesReader {
  return (source, from, to) => {
    switch (source.kind) {
      case 'regime':
        return regime.observationsBetween(source.key, from, to);
      case 'own-vault':
        return treasury.vaultSharePriceByDay(from, to);
      case 'coin':
        return coinPrices(db, source.id, from, to);
      case 'vault':
        return vaultSharePrices(db, source.id, from, to);
    }
  };
}
