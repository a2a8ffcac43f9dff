import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { utcDate } from '@convene/protocol';
import { SERVER_ENTRY, startServerProcess } from './server-process.js';

/**
 * One seeded demo data directory shared by the tests that read a demo server (the browser tests, the
 * docs' blocks on a fresh clone): each test server starts on a copy of it, so a suite seeds the demo once instead of once per file (a first start takes 50–120 s beside
 * the rest of the suite; a copy, about a second). The seeding is the one every first start runs,
 * done by the same built server; what the tests check is the site over that data.
 *
 * The directory is keyed by the built server's bytes and the UTC day (the demo is dated from the
 * day it is seeded), so a rebuild or a new day seeds afresh. Test files run in parallel processes:
 * the first to ask builds it under a lock, the others wait for it.
 */
const ROOT = join(tmpdir(), 'convene-demo-template');
const WAIT_MS = 400_000;
const SERVER_DIST = dirname(SERVER_ENTRY);
const REPO = join(SERVER_DIST, '../../..');

/**
 * The suite's seeded demo data directory, built by this build's server once per day.
 * vitest.config.ts starts building it as a run that has tests needing it begins
 * (warm-demo-template.ts), so usually it is ready before the first of them asks.
 */
export function suiteDemoTemplate(): Promise<string> {
  return demoTemplate(SERVER_DIST, demoServerEnv(), REPO);
}

/** Set for the child by the launcher, never inherited: its database, admin token, port and host. */
const OWN = new Set(['DATABASE_URL', 'ADMIN_TOKEN', 'PORT', 'HOST']);

/**
 * A demo server's environment: this process's, less what the launcher sets (the child always uses
 * its own embedded database, even when the suite runs with DATABASE_URL set).
 */
export function demoServerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !OWN.has(name)) env[name] = value;
  return { ...env, APP_ENV: 'demo', LOG_LEVEL: 'warn' };
}

async function demoTemplate(
  serverDist: string,
  childEnv: Record<string, string>,
  cwd: string,
): Promise<string> {
  await mkdir(ROOT, { recursive: true });
  const key = `${utcDate(new Date())}-${await treeHash(serverDist)}`;
  const ready = join(ROOT, key);
  const lock = join(ROOT, `${key}.lock`);
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`no demo template at ${ready} within ${WAIT_MS} ms`);
    if (await acquire(lock)) {
      try {
        if (!existsSync(ready)) await build(ready, childEnv, cwd);
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return ready;
}

/** A fresh data directory for one server: a copy of the template. */
export async function copyOfTemplate(template: string, dataDir: string): Promise<void> {
  await cp(template, dataDir, { recursive: true });
}

async function build(ready: string, childEnv: Record<string, string>, cwd: string): Promise<void> {
  const building = `${ready}.building-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  await removeOldTemplates();
  const server = await startServerProcess({ ...childEnv, DATA_DIR: building }, WAIT_MS, {
    untilHealthy: true,
    cwd,
  });
  // A clean stop: the embedded database is closed before its files are copied.
  const code = await server.stop(30_000);
  if (code !== 0) throw new Error(`demo template server stopped with ${code}:\n${server.output()}`);
  await rename(building, ready);
}

/** mkdir is atomic: one process wins. A lock left by a process that died is taken over. */
async function acquire(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    await writeFile(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
    if (pid > 0 && !alive(pid)) await rm(lock, { recursive: true, force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function removeOldTemplates(): Promise<void> {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of await readdir(ROOT)) {
    const path = join(ROOT, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Infinity }));
    if (mtimeMs < dayAgo) await rm(path, { recursive: true, force: true });
  }
}

/** A digest of every file under `dir` (paths and bytes). */
async function treeHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash
      .update(relative(dir, file))
      .update('\0')
      .update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}
