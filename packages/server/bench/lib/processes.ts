/** Child processes for the benchmarks: the built server, a bare node:http server, and RSS sampling. */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, startServerProcess } from '@convene/test-support';
import type { ChildProcess } from 'node:child_process';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Child {
  process: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** The JSON log line a demo server writes once seeded (the start banner also mentions the words). */
export const DEMO_READY = '"msg":"demo data ready"';

/** A demo server as `npm start` runs it, for the load benchmarks (scheduler off). */
export function demoServerEnv(adminToken: string): Record<string, string> {
  return {
    APP_ENV: 'demo',
    ADMIN_TOKEN: adminToken,
    SCHEDULER_ENABLED: 'false',
    // The shipped default: every request is logged, as an operator runs it.
    LOG_LEVEL: 'info',
    // As `npm start` runs it (docs/operations.md, memory).
    MALLOC_MMAP_THRESHOLD_: '131072',
  };
}

/** The machine's 1, 5 and 15 minute load averages, printed beside each result. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * The built server (`npm run build` first), ready once `readyText` is logged; `entry` runs another
 * build's `packages/server/dist/main.js` instead of this checkout's.
 */
export async function startServer(
  env: Record<string, string>,
  readyText: string,
  timeoutMs = 900_000,
  entry?: string,
): Promise<Child> {
  const server = await startServerProcess(env, timeoutMs, {
    readyText,
    ...(entry === undefined ? {} : { entry }),
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    keepTail: true, // at info level the server logs every request, millions in a soak
  });
  return {
    process: server.child,
    baseUrl: server.baseUrl,
    output: server.output,
    stop: async () => void (await server.stop()),
  };
}

/** A bare node:http server answering captured responses (see bare-server.ts). */
export async function startBareServer(capturedFile: string): Promise<Child> {
  const port = await freePort();
  const bare = spawnNode(['--import', 'tsx', path.join(here, 'bare-server.ts'), capturedFile], {
    env: { PORT: String(port), HOST: '127.0.0.1' },
  });
  await bare.untilOutput('bare ready', 60_000);
  return {
    process: bare.child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: bare.output,
    stop: async () => void (await bare.stop()),
  };
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
