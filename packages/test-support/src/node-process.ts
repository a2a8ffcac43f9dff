import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface NodeProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the process printed on stdout and stderr so far (only the tail with `keepTail`). */
  output: () => string;
  /** Resolves once the output contains `text` (at once if it already does); rejects on exit. */
  untilOutput: (text: string, timeoutMs?: number) => Promise<void>;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM (if still running), then the exit; SIGKILL if it has not exited after `killAfterMs`. */
  stop: (killAfterMs?: number) => Promise<number | null>;
}

export interface SpawnOptions {
  env: Record<string, string>;
  cwd?: string;
  /** Keep only the last 100 kB of output once it passes 1 MB (long soaks log every request). */
  keepTail?: boolean;
}

/** Runs `node ...args` with exactly `env` (plus PATH) and collects what it prints. */
export function spawnNode(args: readonly string[], options: SpawnOptions): NodeProcess {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.keepTail === true && output.length > 1_000_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const untilOutput = (text: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return false;
        done();
        resolve();
        return true;
      };
      const onExit = () => {
        done();
        reject(new Error(`process exited with ${child.exitCode} before "${text}":\n${output}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output.slice(-4000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        child.off('exit', onExit);
      };
      // Added after the collecting listeners, so `output` already holds each new chunk.
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.once('exit', onExit);
      if (!check() && child.exitCode !== null) onExit();
    });

  return {
    child,
    output: () => output,
    untilOutput,
    exited,
    stop: async (killAfterMs) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      if (killAfterMs === undefined) return exited;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), killAfterMs);
      });
      if ((await Promise.race([exited, late])) === 'late') child.kill('SIGKILL');
      clearTimeout(timer);
      return exited;
    },
  };
}
