import type { Config } from './config.js';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { openDatabase } from './db/open.js';
import { pendingDemoSeeders, seedDemoData } from './demo/seed.js';
import { DEMO_SEEDERS } from './demo/seeders.js';
import { Readiness } from './readiness.js';
import { collectGarbage } from './memory.js';
import { FIRST_SUBJECT_HINT, startBanner } from './start-banner.js';
import { ensureAdminToken } from './secrets.js';

/**
 * The server, once main.ts holds the data directory: open and migrate the database, build the app,
 * listen, seed the demo on a first demo start, close gracefully on SIGTERM/SIGINT. `tightened`: how
 * many DATA_DIR entries main.ts made owner-only (reported once the log is up).
 */
export async function serve(parsed: Config, tightened: number): Promise<void> {
  let config = parsed;
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
