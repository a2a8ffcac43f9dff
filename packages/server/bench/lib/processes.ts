/** Child processes for the benchmarks: the built server, a bare node:http server, and RSS sampling. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ENTRY = path.resolve(here, '../../dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `args` with node and resolves once the output contains `readyText`. */
async function spawnUntil(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyText: string,
  timeoutMs: number,
): Promise<Child> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail is kept: at info level the server logs every request, millions in a soak.
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 1_000_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(readyText)) {
    if (child.exitCode !== null) throw new Error(`child exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no "${readyText}" within ${timeoutMs} ms:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The built server (`npm run build` first), ready once `readyText` is logged. */
export async function startServer(
  env: Record<string, string>,
  readyText: string,
  timeoutMs = 900_000,
): Promise<Child> {
  return spawnUntil(
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), SERVER_ENTRY],
    env,
    await freePort(),
    readyText,
    timeoutMs,
  );
}

/** A bare node:http server answering captured responses (see bare-server.ts). */
export async function startBareServer(capturedFile: string): Promise<Child> {
  const script = path.join(here, 'bare-server.ts');
  return spawnUntil(
    ['--import', 'tsx', script, capturedFile],
    {},
    await freePort(),
    'bare ready',
    60_000,
  );
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb === undefined ? 0 : Number(kb) * 1024;
}

/** Samples RSS every `everyMs` until stopped; keeps the peak and every sample. */
export class RssSampler {
  peak = 0;
  readonly samples: Array<{ atMs: number; bytes: number }> = [];
  private readonly timer: NodeJS.Timeout;
  private readonly started = Date.now();

  constructor(
    private readonly pid: number,
    everyMs = 250,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.sample();
  }

  sample(): number {
    let bytes = 0;
    try {
      bytes = rssBytes(this.pid);
    } catch {
      return 0; // the process is gone
    }
    this.peak = Math.max(this.peak, bytes);
    this.samples.push({ atMs: Date.now() - this.started, bytes });
    return bytes;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
