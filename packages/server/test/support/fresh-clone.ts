import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';

/** A reader's shell, git and curl on a clone of this repository (fresh-clone*.test.ts). */

const run = promisify(execFile);
export const REPO = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
export const MINUTES = 60_000;
export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

export interface Shell {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command line with bash, as a reader would paste it. */
export async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Shell> {
  try {
    const { stdout, stderr } = await run('bash', ['-c', line], {
      cwd,
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 5 * MINUTES,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** `curl -s` of a URL: status and body, whatever the service answers. */
export async function curl(url: string): Promise<{ status: number; body: string; type: string }> {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '-',
    '-w',
    '\n%{http_code} %{content_type}',
    url,
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '\n000 ' }));
  const cut = stdout.lastIndexOf('\n');
  const [status, type] = stdout.slice(cut + 1).split(' ');
  return { status: Number(status), body: stdout.slice(0, cut), type: type ?? '' };
}

/**
 * A clone of this repository at HEAD in a new temporary folder (`<parent>/convene`), with a home
 * folder for the CLI beside it and an environment whose server would use its own embedded database
 * and demo secrets, whatever the suite runs with.
 */
export async function cloneAtHead(
  port: number,
): Promise<{ clone: string; home: string; env: NodeJS.ProcessEnv }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'convene-clone-'));
  const clone = path.join(parent, 'convene');
  const home = path.join(parent, 'home');
  const head = (await run('git', ['rev-parse', 'HEAD'], { cwd: REPO })).stdout.trim();
  await run('git', ['clone', '--quiet', REPO, clone]);
  await run('git', ['checkout', '--quiet', head], { cwd: clone });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    CONVENE_HOME: home,
    LOG_FORMAT: 'json',
  };
  for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'RECEIPT_SIGNING_KEY', 'APP_ENV', 'DATA_DIR'])
    delete env[name];
  return { clone, home, env };
}

/**
 * The command lines of the first sh block under a heading: continuation lines joined, blank lines
 * dropped, and a comment that shows another role's command (`# operator: …`) kept as that command.
 */
export function shBlock(markdown: string, heading: string): string[] {
  return rawBlock(markdown, heading)
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/^# [a-z]+: /, ''))
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** The sh block under a heading, as written (a heredoc stays whole). */
export function rawBlock(markdown: string, heading: string): string {
  const section = markdown.slice(markdown.indexOf(heading));
  return /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/**
 * Runs a block's lines in order in `cwd`, as one reader's shell session would: the docs' address
 * replaced by `baseUrl`, placeholders filled by `fill`, each line checked to exit 0 and by `check`.
 * A member id printed by `apply` and a take id printed by `take` are remembered for later lines.
 */
export async function runBlock(
  lines: string[],
  where: { cwd: string; baseUrl: string; env: NodeJS.ProcessEnv },
  fill: (line: string, seen: Map<string, string>) => string,
  check: (line: string, result: Shell, seen: Map<string, string>) => void = () => undefined,
): Promise<{ seen: Map<string, string>; environment: NodeJS.ProcessEnv }> {
  const seen = new Map<string, string>();
  let environment = where.env;
  for (const written of lines) {
    const line = fill(written.replaceAll('http://localhost:8080', where.baseUrl), seen);
    expect(line, 'every placeholder is filled').not.toMatch(/<[A-Za-z]+>/);
    if (line.startsWith('export ') || line.startsWith('set -a')) {
      // `export` (or sourcing a settings file) sets the environment of the lines after it, as in
      // the reader's shell.
      const printed = await sh(`${line}\nenv -0`, where.cwd, environment);
      expect(printed.code, line).toBe(0);
      expect(`\0${printed.stdout}`, line).toContain('\0PATH=');
      environment = Object.fromEntries(
        printed.stdout
          .split('\0')
          .filter((pair) => pair.includes('='))
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      continue;
    }
    const result = await sh(line, where.cwd, environment);
    expect(result.code, `${written}\n${result.stdout}\n${result.stderr}`).toBe(0);
    if (/ apply /.test(line)) seen.set('memberId', UUID.exec(result.stdout)?.[0] ?? '');
    const filed = /^take filed: (\S+) \(revision \d+, receipt \d+\)$/m.exec(result.stdout);
    if (filed !== null) seen.set('takeId', filed[1]!);
    check(line, result, seen);
  }
  return { seen, environment };
}

/** Ends a process started `detached` (its own group: npm and the server under it) and waits for it. */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/**
 * The process id of the built server listening on `port` that was started in `cwd` (what an operator
 * reads from `ps` for docs/operations.md's `<pid of replica N>`), read from /proc.
 */
export async function serverPid(cwd: string, port: number): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (!command.includes('packages/server/dist/main.js')) continue;
      const environ = (await readFile(`/proc/${entry}/environ`, 'utf8')).split('\0');
      if (!environ.includes(`PORT=${port}`)) continue;
      if ((await readlink(`/proc/${entry}/cwd`)) === cwd) return Number(entry);
    } catch {
      // The process ended while being read, or is not ours to read.
    }
  }
  return undefined;
}
