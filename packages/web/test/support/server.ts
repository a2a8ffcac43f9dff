import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  copyOfTemplate,
  demoServerEnv,
  startServerProcess,
  suiteDemoTemplate,
} from '@convene/test-support';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB_INDEX = join(REPO, 'packages/web/dist/index.html');

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
      { ...demoServerEnv(), DATA_DIR: dataDir, ...env },
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
