// Fails CI when the suite passed without the tests that need real infrastructure:
// PostgreSQL-backed tests (named "[postgres]") and browser tests (files under a browser test).
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const report = JSON.parse(readFileSync(file, 'utf8'));
const tests = report.testResults.flatMap((suite) =>
  suite.assertionResults.map((test) => ({ ...test, file: suite.name })),
);
const count = (predicate) =>
  tests.filter((test) => test.status === 'passed' && predicate(test)).length;
const postgres = count((test) => test.fullName.includes('[postgres]'));
const browser = count(
  (test) => /browser|packages\/web\/test\//.test(test.file) || test.fullName.includes('[browser]'),
);
const skipped = tests.filter((test) => test.status !== 'passed' && test.status !== 'failed');

console.log(
  `tests: ${tests.length}, postgres-backed passed: ${postgres}, browser passed: ${browser}, skipped: ${skipped.length}`,
);
const problems = [];
if (report.numFailedTests > 0 || report.success === false) problems.push('the suite failed');
if (postgres === 0) problems.push('no PostgreSQL-backed test ran');
if (process.env.CI_REQUIRE_BROWSER !== '0' && browser === 0) problems.push('no browser test ran');
if (skipped.length > 0)
  problems.push(`skipped tests: ${skipped.map((test) => test.fullName).join('; ')}`);
if (problems.length > 0) {
  console.error(`CI check failed: ${problems.join(', ')}`);
  process.exit(1);
}
