#!/usr/bin/env node
import { ConfigError, parseConfig } from './config.js';
import { embeddedDatabaseDir, OWNER_ONLY_UMASK, secureDataDir } from './data-dir.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { usesDataDir } from './secrets.js';

/**
 * The thin entry: parse config, take the embedded database's data directory, then load and run the
 * server (serve.ts). The server's modules take about a second to load; the lock comes before them,
 * so a second start on a live directory refuses at once, naming the owner.
 */
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
  // Held until the process exits (opening the database takes it again, in this process).
  if (config.databaseUrl === undefined) lockDataDir(embeddedDatabaseDir(config.dataDir));
  const { serve } = await import('./serve.js');
  await serve(config, tightened);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `convene: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
