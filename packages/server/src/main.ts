#!/usr/bin/env node
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, parseConfig } from './config.js';
import { OWNER_ONLY_UMASK, secureDataDir } from './data-dir.js';
import { openDatabase } from './db/open.js';
import { pendingDemoSeeders, seedDemoData } from './demo/seed.js';
import { DEMO_SEEDERS } from './demo/seeders.js';
import { Readiness } from './http/readiness.js';
import { collectGarbage } from './memory.js';
import { FIRST_SUBJECT_HINT, startBanner } from './start-banner.js';
import { ensureAdminToken, usesDataDir } from './secrets.js';

/** The thin entry: parse config, open and migrate the database, listen, close gracefully. */
async function main(): Promise<void> {
  // Before anything creates a file: DATA_DIR and everything in it (PGlite's files too) owner-only.
  process.umask(OWNER_ONLY_UMASK);
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`convene: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const tightened = usesDataDir(config) ? await secureDataDir(config.dataDir) : 0;
  const admin = await ensureAdminToken(config);
  config = admin.config;
  let migrated: readonly string[] = [];
  const database = await openDatabase(config, (applied) => (migrated = applied));
  const demo = config.appEnv === 'demo';
  // In demo the API answers 503 and /health says "loading" until the demo data is complete, and the
  // scheduler waits for it too, so jobs never race the seeders.
  const readiness = new Readiness(
    demo && (await pendingDemoSeeders(database, DEMO_SEEDERS)).length > 0,
  );
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    startScheduler: !demo,
    readiness,
  });
  if (migrated.length > 0) app.log.info({ migrations: migrated }, 'applied migrations');
  if (tightened > 0)
    app.log.warn({ dataDir: config.dataDir, entries: tightened }, 'made DATA_DIR owner-only');

  let closing = false;
  const shutdown = (signal: string, exitCode = 0): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const forced = setTimeout(() => {
      app.log.error('graceful shutdown timed out after 10s');
      process.exit(1);
    }, 10_000);
    forced.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => {
        app.log.info('closed');
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const banner = startBanner(config, app.server.address(), admin.generatedAt, readiness.isLoading);
  app.log.info({ banner: banner.fields }, banner.message);
  if (!demo && !(await app.services.swarm.subjects.anySubject())) app.log.info(FIRST_SUBJECT_HINT);

  if (demo) {
    // Listening first keeps start-up quick; the first start seeds for a while and says so.
    const context = {
      database,
      clock: systemClock,
      config,
      versions: app.convene.versions,
      tlog: app.convene.tlog,
      log: app.log,
    };
    const started = performance.now();
    // Each seeder leaves garbage V8 would keep until memory pressure (the analytics dataset's records
    // and their JSON text, the swarm's replayed requests): collected after each, the next one starts
    // from the steady size and the server sits at it once ready.
    seedDemoData(context, DEMO_SEEDERS, { afterEach: () => collectGarbage('young') })
      .then(() => {
        readiness.markReady();
        app.log.info({ ms: Math.round(performance.now() - started) }, 'demo data ready');
        if (config.schedulerEnabled && !closing) app.convene.scheduler.start();
      })
      .catch((error: unknown) => {
        if (closing) return;
        // Half-built data must not be served as current: stop, so a restart resumes the seeding.
        app.log.fatal({ err: error }, 'demo data could not be seeded; stopping');
        shutdown('seeding failed', 1);
      });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `convene: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
