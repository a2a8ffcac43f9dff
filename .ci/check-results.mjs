// Reads a Vitest run's JSON report and the file timings beside it (scripts/test-timings-reporter.mjs):
// prints the slowest files, then fails CI when the suite passed without what it must cover.
//
//   node .ci/check-results.mjs <results.json> [<file-timings.json>] [--pass=full|runtime]
//
// full (the default): PostgreSQL-backed tests (named "[postgres]") and browser tests must have run,
// and nothing may be skipped. runtime (the second Node version's subset, PGlite only, no browser):
// only tests named "[postgres]" may be skipped, and something must have run.
import { existsSync, readFileSync } from 'node:fs';

const SLOWEST = 20;
const args = process.argv.slice(2);
const pass = (args.find((arg) => arg.startsWith('--pass=')) ?? '--pass=full').slice(7);
const [resultsFile, timingsFile] = args.filter((arg) => !arg.startsWith('--'));
if (resultsFile === undefined || !['full', 'runtime'].includes(pass)) {
  console.error(
    'usage: check-results.mjs <results.json> [<file-timings.json>] [--pass=full|runtime]',
  );
  process.exit(2);
}

printSlowest(timingsFile ?? resultsFile.replace(/\.json$/, '-timings.json'));

const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
const tests = report.testResults.flatMap((suite) =>
  suite.assertionResults.map((test) => ({ ...test, file: suite.name })),
);
const count = (predicate) =>
  tests.filter((test) => test.status === 'passed' && predicate(test)).length;
const isPostgres = (test) => test.fullName.includes('[postgres]');
const postgres = count(isPostgres);
const browser = count(
  (test) => /browser|packages\/web\/test\//.test(test.file) || test.fullName.includes('[browser]'),
);
const skipped = tests.filter((test) => test.status !== 'passed' && test.status !== 'failed');
const passed = count(() => true);

console.log(
  `${pass} pass: tests: ${tests.length}, passed: ${passed}, postgres-backed passed: ${postgres}, browser passed: ${browser}, skipped: ${skipped.length}`,
);
const problems = [];
if (report.numFailedTests > 0 || report.success === false) problems.push('the suite failed');
if (passed === 0) problems.push('no test ran');
if (pass === 'full') {
  if (postgres === 0) problems.push('no PostgreSQL-backed test ran');
  if (browser === 0) problems.push('no browser test ran');
}
const unexpectedSkips = skipped.filter((test) => pass === 'full' || !isPostgres(test));
if (unexpectedSkips.length > 0)
  problems.push(`skipped tests: ${unexpectedSkips.map((test) => test.fullName).join('; ')}`);
if (problems.length > 0) {
  console.error(`CI check failed: ${problems.join(', ')}`);
  process.exit(1);
}

/** The slowest files by wall time (imports and hooks included), and the run's totals. */
function printSlowest(file) {
  if (!existsSync(file)) {
    console.log(`(no file timings at ${file})`);
    return;
  }
  const { wallMs, files } = JSON.parse(readFileSync(file, 'utf8'));
  const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
  const workerMs = files.reduce((sum, entry) => sum + entry.wallMs, 0);
  console.log(
    `slowest ${SLOWEST} of ${files.length} test files (wall s, of it importing s, tests):`,
  );
  for (const entry of files.slice(0, SLOWEST))
    console.log(
      `${seconds(entry.wallMs)} ${seconds(entry.importMs)} ${String(entry.tests).padStart(5)}  ${entry.file}${entry.project === 'suite' ? '' : ` [${entry.project}]`}`,
    );
  console.log(
    `total: ${(wallMs / 1000).toFixed(0)} s wall for the run; ${(workerMs / 1000).toFixed(0)} s in test files, summed over workers`,
  );
}
