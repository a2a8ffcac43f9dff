import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import { RegimeRepository } from './repository.js';
import { RegimeService } from './service.js';

/**
 * The regime's repository, built once, and its service over it: for the composition root and the
 * demo seeders, which may not build another domain's repository themselves.
 */
export function composeRegime(
  database: Database,
  versions: DataVersions,
): { repository: RegimeRepository; service: RegimeService } {
  const repository = new RegimeRepository(database.db);
  return { repository, service: new RegimeService({ repository, versions }) };
}
