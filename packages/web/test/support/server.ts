import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '@convene/test-support';
import { copyOfTemplate, demoTemplate } from './demo-template.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB_INDEX = join(REPO, 'packages/web/dist/index.html');
const SERVER_DIST = join(REPO, 'packages/server/dist');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Milliseconds from the call to the first healthy answer (seeding or copying the demo data). */
  startupMs: number;
  logs: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real built server (test-support's launcher) with demo data in a fresh data directory on
 * a free port, on its own embedded database unless `env` names one (`DATABASE_URL`); ready once
 * `/health` answers 200, i.e. after demo seeding. On the embedded database the data directory starts
 * as a copy of the suite's one seeded demo (see demo-template.ts).
 */
export async function startServer(
  timeoutMs = 280_000,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  if (!existsSync(WEB_INDEX))
    throw new Error(
      'build first: npm run build (needs packages/server/dist and packages/web/dist)',
    );
  const dataDir = await mkdtemp(join(tmpdir(), 'convene-web-test-'));
  const started = Date.now();
  try {
    if (env.DATABASE_URL === undefined) await copyOfTemplate(await suiteDemoTemplate(), dataDir);
    const server = await startServerProcess(
      { ...demoEnv(), DATA_DIR: dataDir, ...env },
      timeoutMs,
      {
        untilHealthy: true,
        cwd: REPO,
      },
    );
    return {
      baseUrl: server.baseUrl,
      dataDir,
      startupMs: Date.now() - started,
      logs: server.output,
      stop: async () => {
        await server.stop(5000);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The suite's seeded demo data directory (demo-template.ts), built by this build's server once per
 * day. vitest.config.ts starts building it as a run that has browser tests begins
 * (warm-demo-template.ts), so usually it is ready before the first browser test asks.
 */
export function suiteDemoTemplate(): Promise<string> {
  return demoTemplate(SERVER_DIST, demoEnv(), REPO);
}

function demoEnv(): Record<string, string> {
  return { ...envWithoutDatabase(), APP_ENV: 'demo', LOG_LEVEL: 'warn' };
}

/** Set for the child by the launcher, never inherited: its database, admin token, port and host. */
const OWN = new Set(['DATABASE_URL', 'ADMIN_TOKEN', 'PORT', 'HOST']);

/** The child always uses its own embedded database, even when the suite runs with DATABASE_URL set. */
function envWithoutDatabase(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !OWN.has(name)) env[name] = value;
  return env;
}
