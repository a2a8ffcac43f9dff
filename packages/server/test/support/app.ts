import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/clock.js';
import type { Readiness } from '../../src/readiness.js';
import { parseConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig(
    {
      APP_ENV: 'demo',
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      SCHEDULER_ENABLED: 'false',
      LOG_LOOPS_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/convene-test-unused',
      ...overrides,
    },
    process.cwd(),
  );
}

export interface TestContext {
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** A real app on a fresh database of `kind`, driven in-process with `app.inject`. */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    clock?: ManualClock;
    /** Whether the app starts loading (a first demo start); default ready. */
    readiness?: Readiness;
    /** Fastify logger options (default: no logging). */
    logger?: FastifyServerOptions['logger'];
    /** Extra routes or hooks a test needs, added before the app is sealed. */
    extend?: (app: FastifyInstance) => void;
    /**
     * On PostgreSQL, configure DATABASE_URL as a deployment does, so the app LISTENs for other
     * replicas' notifications (default: no listener, the data versions' poll only).
     */
    listen?: boolean;
  } = {},
): Promise<TestContext> {
  const testDb = await createTestDatabase(kind);
  const clock = options.clock ?? new ManualClock('2026-06-01T12:00:00Z');
  const config = testConfig({
    ...options.env,
    ...(options.listen === true && testDb.url !== undefined ? { DATABASE_URL: testDb.url } : {}),
  });
  const app = await buildApp({
    config,
    database: testDb.database,
    clock,
    logger: options.logger ?? false,
    ...(options.readiness === undefined ? {} : { readiness: options.readiness }),
    health: { dbPingTtlMs: 0, guardProbeTtlMs: 0 },
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    clock,
    config,
    testDb,
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}
