import type { SeriesPoint } from '@convene/protocol';
import type { Kysely } from 'kysely';
import { coinPrices, vaultSharePrices } from '../../analytics/reads.js';
import type { DB } from '../../db/schema.js';
import type { RegimeAsOf } from '../../regime/service.js';
import { vaultSharePriceByDay } from '../../treasury/reads.js';
import type { SeriesSource } from './settings.js';

/** The daily series a label follows, read from the domain that holds it (docs/methodology.md §2). */
export type SeriesReader = (
  source: SeriesSource,
  from: string,
  to: string,
  db: Kysely<DB>,
) => Promise<SeriesPoint[]>;

export function seriesReader(regime: Pick<RegimeAsOf, 'observationsBetween'>): SeriesReader {
  return (source, from, to, db) => {
    switch (source.kind) {
      case 'regime':
        return regime.observationsBetween(source.key, from, to, db);
      case 'own-vault':
        return vaultSharePriceByDay(db, from, to);
      case 'coin':
        return coinPrices(db, source.id, from, to);
      case 'vault':
        return vaultSharePrices(db, source.id, from, to);
    }
  };
}
