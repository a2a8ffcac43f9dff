import type { DemoSeeder } from '../demo/seed.js';
import { generateDemoDataset, type DemoDataset } from './demo/generator.js';
import { composeImporter } from './compose.js';
import { formatIssue, type AnalyticsImporter, type ImportReport } from './import/importer.js';
import { IMPORT_KINDS } from './import/kinds.js';
import type { SourceLine } from './import/sources.js';

/** Records as the NDJSON lines an operator's files would hold. */
function* asNdjson(records: readonly object[]): Generator<SourceLine> {
  let bytesRead = 0;
  for (const [index, record] of records.entries()) {
    const text = JSON.stringify(record);
    bytesRead += text.length + 1;
    yield { line: index + 1, text, bytesRead };
  }
}

/** Loads a dataset through the importer, kind by kind in dependency order; any rejection is a bug. */
export async function importDataset(
  importer: AnalyticsImporter,
  dataset: DemoDataset,
): Promise<ImportReport[]> {
  const reports: ImportReport[] = [];
  for (const kind of IMPORT_KINDS) {
    const records = dataset[kind];
    if (records === undefined || records.length === 0) continue;
    const report = await importer.importRecords(kind, `${kind}.ndjson`, asNdjson(records));
    if (report.rejected > 0) {
      throw new Error(
        `demo ${kind} rejected: ${report.errors.slice(0, 3).map(formatIssue).join('; ')}`,
      );
    }
    reports.push(report);
  }
  return reports;
}

/** The third-party analytics demo dataset, generated from a fixed seed and the clock, loaded through the import path. */
export const analyticsDemoSeeder: DemoSeeder = {
  name: 'analytics',
  async seed({ database, versions, clock, log }) {
    const started = performance.now();
    const dataset = await generateDemoDataset(clock.now());
    const generatedMs = Math.round(performance.now() - started);
    // Batches of 500: on PGlite each batch's statement holds the event loop while it runs.
    const importer = composeImporter(database, versions, clock, { batchSize: 500 });
    const reports = await importDataset(importer, dataset);
    const records = reports.reduce((total, report) => total + report.imported, 0);
    log.info(
      { records, generatedMs, ms: Math.round(performance.now() - started) },
      'analytics demo dataset imported',
    );
  },
};
