import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_ENTRY, spawnNode } from '@convene/test-support';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB_INDEX = join(REPO, 'packages/web/dist/index.html');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Milliseconds from spawn to the first healthy answer (mostly demo seeding). */
  startupMs: number;
  logs: () => string;
  stop: () => Promise<void>;
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

/**
 * Starts the real built server with demo data in a fresh data directory on a free port, on its own
 * embedded database unless `env` names one (`DATABASE_URL`).
 */
export async function startServer(
  timeoutMs = 280_000,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
    throw new Error(
      'build first: npm run build (needs packages/server/dist and packages/web/dist)',
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'convene-web-test-'));
  const port = await freePort();
  const started = Date.now();
  const server = spawnNode([SERVER_ENTRY], {
    cwd: REPO,
    env: {
      ...envWithoutDatabase(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'demo',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const { child } = server;
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${server.output().slice(-4000)}`);
  }
  return {
    baseUrl,
    dataDir,
    startupMs: Date.now() - started,
    logs: server.output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The child always uses its own embedded database, even when the suite runs with DATABASE_URL set. */
function envWithoutDatabase(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && name !== 'DATABASE_URL' && name !== 'ADMIN_TOKEN') env[name] = value;
  return env;
}
