import { spawn } from 'node:child_process';
import { relative } from 'node:path';
import { minimatch } from 'minimatch';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ALL = ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'];

/** The browser tests: the built site, mostly on demo servers copied from one seeded template. */
const BROWSER = [
  'packages/web/test/{charts,every-route-*,join-key,live-events,log-database-tampering}.test.ts',
  'packages/web/test/{member-page,pages-against-api,site,swarm,track-record}.test.ts',
];

/** The tests whose servers start on copies of the suite's seeded demo data (demo-template.ts). */
const ON_DEMO_TEMPLATE = [...BROWSER, 'packages/server/test/fresh-clone-docs.test.ts'];

/**
 * The tests that drive something from the outside: the built server as a process, a browser, a
 * first start, a fresh clone, another language's program. `quick` leaves them out; the suite starts
 * them first (OutsideFirst).
 */
const OUTSIDE = [
  ...BROWSER,
  'packages/client/test/{log-audit,member-flow,member-reads,monitor-origin,onboarding}.test.ts',
  'packages/client/test/{verify-keys,verify-log,watch,witness-serve}.test.ts',
  'packages/protocol/test/browser.test.ts',
  'packages/protocol/test/interop/**',
  'packages/server/test/{fresh-clone*,first-start-answers,process,http-replay,log-batches}.test.ts',
  'packages/server/test/{reliability,outside-in,agents}/**',
  'packages/server/test/swarm/{demo,python-member}.test.ts',
  'packages/server/test/analytics/demo.test.ts',
];

/**
 * Files that drive something from the outside start first: they are the long ones (a first start, a
 * fresh clone, a browser walk), and begun last one of them would run alone at the end while the
 * other worker idles. Those on the demo template (the browser tests, the docs' blocks) come after
 * the others, while the template is built in the background (warmDemoTemplate), so none of them
 * waits through a first start. Within each
 * group Vitest's own order holds: longest first from the last run's cache, largest file first
 * without one (a clean clone, as in CI).
 */
class OutsideFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const matching = (globs: string[]) => (file: TestSpecification) =>
      globs.some((glob) => minimatch(relative(process.cwd(), file.moduleId), glob));
    const [onTemplate, outside] = [matching(ON_DEMO_TEMPLATE), matching(OUTSIDE)];
    if (sorted.some(onTemplate)) warmDemoTemplate();
    return [
      ...sorted.filter((file) => outside(file) && !onTemplate(file)),
      ...sorted.filter(onTemplate),
      ...sorted.filter((file) => !outside(file)),
    ];
  }
}

let warming = false;

/** Starts building the suite's demo template in a process of its own, once per run. */
function warmDemoTemplate(): void {
  if (warming) return;
  warming = true;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/test-support/src/warm-demo-template.ts'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.once('exit', () => child.kill());
}

/**
 * What depends on the Node version rather than on our logic: the protocol's crypto and bytes, the
 * client and CLI, and the server as a process (start, HTTP, crash and restart, first start).
 */
const RUNTIME = [
  'packages/protocol/test/**/*.test.ts',
  'packages/client/test/*.test.ts',
  'packages/server/test/{process,http,http-compression,http-replay}.test.ts',
  'packages/server/test/first-start*.test.ts',
  'packages/server/test/reliability/*.test.ts',
];

/**
 * A pass names its project (`--project runtime`); without one, `vitest run <file>` runs the file once,
 * as the whole suite does, rather than once per project that holds it.
 */
const PROJECT_NAMED = process.argv.some(
  (arg) => arg === '--project' || arg.startsWith('--project='),
);

/** Every test, on the databases TEST_DATABASES names (both by default): `npm test`. */
const suite = { name: 'suite', include: ALL };
/** The second Node version's pass (CI): PGlite only, no browser. */
const runtime = {
  name: 'runtime',
  include: RUNTIME,
  exclude: ['packages/protocol/test/browser.test.ts'],
  env: { TEST_DATABASES: 'pglite' },
};
/** Feedback while working (`npm run test:quick`): nothing from the outside, PGlite only. */
const quick = { name: 'quick', include: ALL, exclude: OUTSIDE, env: { TEST_DATABASES: 'pglite' } };

// Tests run from TypeScript sources: the "source" export condition points workspace packages at src/.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // Test files share a worker's modules (the server's import graph, the migrated PGlite template)
    // instead of loading them again per file: about a fifth of the suite's time (docs/contributing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { sequencer: OutsideFirst },
    reporters: ['default', './scripts/test-timings-reporter.mjs'],
    projects: (PROJECT_NAMED ? [suite, runtime, quick] : [suite]).map((test) => ({
      extends: true,
      test,
    })),
  },
});
