import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import type { Transactor } from '../db/transactor.js';
import { TreasuryAllocations } from './allocation.js';
import { TreasuryReads } from './reads.js';
import { TreasuryRepository } from './repository.js';
import { TreasuryWrites } from './writes.js';

/** What other domains (the swarm, the onchain readers, the demo seeders) use of the treasury. */
export interface TreasuryParts {
  repository: TreasuryRepository;
  reads: TreasuryReads;
  writes: TreasuryWrites;
  allocations: TreasuryAllocations;
}

/**
 * The treasury's repository, built once, and the reads, writes and allocations over it: for the
 * composition root and the demo seeders, which may not build another domain's repository.
 */
export function composeTreasury(
  database: Database,
  versions: DataVersions,
  transactor: Transactor,
): TreasuryParts {
  const repository = new TreasuryRepository(database.db);
  const uses = { treasury: repository, transactor, versions };
  return {
    repository,
    reads: new TreasuryReads(repository),
    writes: new TreasuryWrites(uses),
    allocations: new TreasuryAllocations(uses),
  };
}
