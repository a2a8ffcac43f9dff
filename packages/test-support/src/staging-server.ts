import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process.js';

export interface StagingServer {
  server: ServerProcess;
  dataDir: string;
  /** Ends the server and removes its data directory. */
  stop(): Promise<void>;
}

export interface StagingOptions {
  /** Names the data directory (`convene-<name>-…` under the system's temporary folder). */
  name: string;
  adminToken: string;
  /** Ed25519 seeds (base64) of the receipt and log keys. */
  receiptSeed: string;
  logSeed: string;
  /** A PostgreSQL database; the embedded one in the data directory without it. */
  databaseUrl?: string;
  env?: Record<string, string>;
}

/**
 * The built server as a staging deployment (no demo data, scheduler off) with the given admin
 * token and keys: what the CLI, SDK and outside-in tests drive over HTTP.
 */
export async function startStagingServer(options: StagingOptions): Promise<StagingServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `convene-${options.name}-`));
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      APP_ENV: 'staging',
      ADMIN_TOKEN: options.adminToken,
      RECEIPT_SIGNING_KEY: options.receiptSeed,
      LOG_SIGNING_KEY: options.logSeed,
      SCHEDULER_ENABLED: 'false',
      ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
      ...options.env,
    });
    return {
      server,
      dataDir,
      async stop() {
        server.child.kill('SIGTERM');
        await server.exited;
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
