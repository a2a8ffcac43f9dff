import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'];
/** Files that measure latency against wall time: they run after the rest, one at a time. */
const TIMED = ['packages/server/test/first-start-answers.test.ts'];

// Tests run from TypeScript sources: the "source" export condition points workspace packages at src/.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: INCLUDE, exclude: TIMED, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
