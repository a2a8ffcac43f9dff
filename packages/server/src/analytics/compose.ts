import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DataVersions } from '../db/data-versions.js';
import { kyselyTransactor } from '../db/transactor.js';
import { AnalyticsImporter } from './import/importer.js';
import { ImportRepository } from './import/repository.js';
import { AnalyticsReads } from './reads.js';
import { AnalyticsRepository } from './repository.js';
import { AnalyticsService } from './service.js';

/**
 * The analytics domain's part of the composition root: the dataset's reads for its routes, the
 * price series other domains may follow (`reads`), and the importer.
 */
export function composeAnalytics(
  database: Database,
  versions: DataVersions,
  clock: Clock,
): { service: AnalyticsService; reads: AnalyticsReads; importer: AnalyticsImporter } {
  const repository = new AnalyticsRepository(database.db);
  return {
    service: new AnalyticsService({ repository, versions, clock }),
    reads: new AnalyticsReads(repository),
    importer: composeImporter(database, versions, clock),
  };
}

/** The importer alone, for the import CLI, the demo seeder, tests and benchmarks. */
export function composeImporter(
  database: Database,
  versions: DataVersions,
  clock: Clock,
  options?: { batchSize?: number; maxErrors?: number },
): AnalyticsImporter {
  return new AnalyticsImporter({
    imports: new ImportRepository(database.db),
    transactor: kyselyTransactor(database.db),
    versions,
    clock,
    ...(options === undefined ? {} : { options }),
  });
}

/** The dataset's price series alone, for the demo seeders that follow them. */
export function composeAnalyticsReads(database: Database): AnalyticsReads {
  return new AnalyticsReads(new AnalyticsRepository(database.db));
}
