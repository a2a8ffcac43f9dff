#!/usr/bin/env node
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, parseConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seedDemoData } from './demo/seed.js';
import { releaseSeedingMemory } from './demo/release-memory.js';
import { DEMO_SEEDERS } from './demo/seeders.js';
import { ensureAdminToken } from './secrets.js';

/** The thin entry: parse config, open and migrate the database, listen, close gracefully. */
async function main(): Promise<void> {
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

  const admin = await ensureAdminToken(config);
  config = admin.config;
  const database = await openDatabase(config);
  const demo = config.appEnv === 'demo';
  // In demo the scheduler waits for the demo data, so jobs never race the seeders.
  const app = await buildApp({ config, database, clock: systemClock, startScheduler: !demo });
  if (admin.generatedAt !== undefined) app.log.info(`demo admin token is in ${admin.generatedAt}`);

  let closing = false;
  const shutdown = (signal: string): void => {
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
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });

  if (demo) {
    // Listening first keeps start-up quick; the first start seeds for a while and says so.
    const context = {
      database,
      clock: systemClock,
      config,
      versions: app.convene.versions,
      log: app.log,
    };
    const started = performance.now();
    seedDemoData(context, DEMO_SEEDERS)
      .then(() => {
        releaseSeedingMemory();
        app.log.info({ ms: Math.round(performance.now() - started) }, 'demo data ready');
        if (config.schedulerEnabled && !closing) app.convene.scheduler.start();
      })
      .catch((error: unknown) => {
        if (!closing) app.log.error({ err: error }, 'demo data could not be seeded');
      });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `convene: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
