#!/usr/bin/env node
import { systemClock } from '../clock.js';
import { ConfigError, parseConfig } from '../config.js';
import { DataVersions } from '../db/data-versions.js';
import { openDatabase } from '../db/open.js';
import path from 'node:path';
import { planImport } from './import/files.js';
import { composeImporter } from './compose.js';
import { formatIssue } from './import/importer.js';
import { IMPORT_KINDS, type ImportKindName } from './import/kinds.js';
import { progressReporter } from './import/progress.js';
import { fileRecords } from './import/sources.js';

const USAGE = `usage: npm run import -- [--check] [--kind <kind>] <directory|file>

Loads the third-party analytics dataset into the configured database (DATABASE_URL, else the
embedded database under DATA_DIR), the same one the server uses. A directory is read file by file
(agents.ndjson, coins.ndjson, …; see docs/analytics-import.md); re-importing updates, never duplicates.
  --check        validate only, write nothing
  --kind <kind>  the kind of a single file whose name does not say it (${IMPORT_KINDS.join(', ')})
Exit status: 0 all records imported, 1 some records rejected, 2 usage or I/O error, 78 bad config.`;

/** `npm run import`: validate and upsert dataset files, with progress and per-line errors on stderr. */
async function main(argv: readonly string[]): Promise<number> {
  const args = [...argv];
  const dryRun = takeFlag(args, '--check');
  const kindIndex = args.indexOf('--kind');
  let kind: ImportKindName | undefined;
  if (kindIndex >= 0) {
    const value = args.splice(kindIndex, 2)[1];
    if (!(IMPORT_KINDS as readonly string[]).includes(value ?? ''))
      return usage(`unknown kind ${value ?? ''}`);
    kind = value as ImportKindName;
  }
  if (args.length !== 1 || args[0]?.startsWith('-') === true) return usage();
  const plan = await planImport(args[0] ?? '', kind);
  for (const name of plan.ignored)
    process.stderr.write(`ignoring ${name} (not named after a kind)\n`);
  if (plan.files.length === 0) return usage('no importable files found');

  const config = parseConfig();
  const database = await openDatabase(config);
  try {
    const versions = new DataVersions({ database: database });
    const importer = composeImporter(database, versions, systemClock);
    let rejected = 0;
    const started = performance.now();
    const reports = [];
    for (const file of plan.files) {
      const reporter = progressReporter(process.stderr, file.bytes);
      const label = path.basename(file.path);
      reports.push(
        await importer.importRecords(file.kind, label, fileRecords(file.path), {
          dryRun,
          onProgress: reporter.onProgress,
        }),
      );
      reporter.done();
    }
    for (const report of reports) {
      rejected += report.rejected;
      for (const issue of report.errors) process.stderr.write(`${formatIssue(issue)}\n`);
      if (report.rejected > report.errors.length) {
        process.stderr.write(
          `${report.file}: ${report.rejected - report.errors.length} more rejected records not shown\n`,
        );
      }
      process.stdout.write(
        `${report.file} (${report.kind}): ${report.received} read, ${report.imported} ${dryRun ? 'valid' : 'imported'}, ${report.rejected} rejected\n`,
      );
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `done in ${seconds.toFixed(1)} s${dryRun ? ' (check only, nothing written)' : ''}\n`,
    );
    return rejected > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

function takeFlag(args: string[], flag: string): boolean {
  const index = args.indexOf(flag);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
}

function usage(problem?: string): number {
  if (problem !== undefined) process.stderr.write(`import: ${problem}\n`);
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`import: ${error.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`import: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
