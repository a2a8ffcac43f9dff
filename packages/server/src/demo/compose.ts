import type { Database } from '../db/database.js';
import { DemoSeedRepository } from './repository.js';

/** The demo domain's part of the composition root: the record of which seeders have run. */
export function composeDemoSeeding(database: Database): DemoSeedRepository {
  return new DemoSeedRepository(database.db);
}
