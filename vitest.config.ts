import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run from TypeScript sources: the "source" export condition points workspace packages at src/.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
