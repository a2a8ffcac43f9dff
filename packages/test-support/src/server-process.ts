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
  /** Node options before the entry point, e.g. `--cpu-prof`. */
  nodeArgs?: readonly string[];
  keepTail?: boolean;
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
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first`);
  const port = env.PORT ?? String(await freePort());
  const server = spawnNode([...(options.nodeArgs ?? []), SERVER_ENTRY], {
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: port },
    ...(options.keepTail === undefined ? {} : { keepTail: options.keepTail }),
  });
  try {
    await server.untilOutput(options.readyText ?? 'Server listening', timeoutMs);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return { ...server, baseUrl: `http://127.0.0.1:${port}` };
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
