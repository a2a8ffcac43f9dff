import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStagingServer as startStaging, type StagingServer } from '@convene/test-support';

export type { StagingServer };

export const CLI_ENTRY = path.resolve(fileURLToPath(import.meta.url), '../../dist/cli/bin.js');
export const ADMIN_TOKEN = 'cli-test-admin-token-0123456789';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `convene` CLI as a subprocess (`npm run build` first). */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

export async function tempHome(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'convene-cli-'));
}

/**
 * The built server in staging on a fresh PGlite data directory, scheduler off, with the test admin
 * token and receipt and log keys made of `keyByte`.
 */
export function startStagingServer(name: string, keyByte: number): Promise<StagingServer> {
  return startStaging({
    name,
    adminToken: ADMIN_TOKEN,
    receiptSeed: Buffer.alloc(32, keyByte).toString('base64'),
    logSeed: Buffer.alloc(32, 42).toString('base64'),
  });
}
