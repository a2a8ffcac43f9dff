import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnNode, type NodeProcess } from './node-process.js';
import { freePort } from './ports.js';

/** The built server's entry point (`npm run build` first). */
export const SERVER_ENTRY = path.resolve(
  fileURLToPath(import.meta.url),
  '../../../server/dist/main.js',
);

export interface ServerProcess extends NodeProcess {
  baseUrl: string;
}

export interface ServerProcessOptions {
  /** Resolve once this is printed (default: Fastify's "Server listening"). */
  readyText?: string;
  /**
   * Resolve once `GET /health` answers 200 instead (a demo server listens while it seeds and is
   * healthy only after; this also works with LOG_LEVEL=warn, which prints no "Server listening").
   */
  untilHealthy?: boolean;
  cwd?: string;
  /** Node options before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: readonly string[];
  keepTail?: boolean;
  /** Another build's entry point (a benchmark's "before"); this checkout's SERVER_ENTRY by default. */
  entry?: string;
}

/**
 * Starts the built server on 127.0.0.1 (a free port unless `env.PORT` is set) with exactly `env`
 * (plus PATH, HOST, LOG_LEVEL=info) and resolves once it is ready.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const entry = options.entry ?? SERVER_ENTRY;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const port = env.PORT ?? String(await freePort());
  const server = spawnNode([...(options.nodeArgs ?? []), entry], {
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: port },
    ...(options.keepTail === undefined ? {} : { keepTail: options.keepTail }),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    if (options.untilHealthy === true) await untilHealthy(baseUrl, server, timeoutMs);
    else await server.untilOutput(options.readyText ?? 'Server listening', timeoutMs);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return { ...server, baseUrl };
}

/** Polls `GET /health` until it answers 200; rejects when the process exits or time runs out. */
async function untilHealthy(
  baseUrl: string,
  server: NodeProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with code ${server.child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output().slice(-4000)}`);
}

/** Runs the built server to completion (for start-up failures). */
export async function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = spawnNode([SERVER_ENTRY], { env });
  // 'close' comes after the exit and the last of its output.
  const closed = new Promise((resolve) => server.child.once('close', resolve));
  const code = await server.exited;
  await closed;
  return { code, output: server.output() };
}
