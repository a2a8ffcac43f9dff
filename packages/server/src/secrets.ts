import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * Demo deployments need an admin token without any setup: generate one once, keep it in
 * `DATA_DIR/admin-token` (mode 0600) and let the operator read it from there. Never logged.
 */
export async function ensureAdminToken(
  config: Config,
): Promise<{ config: Config; generatedAt?: string }> {
  if (config.adminToken !== undefined) return { config };
  const file = path.join(config.dataDir, 'admin-token');
  let token = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => undefined,
  );
  if (token === undefined || token.length < 16) {
    token = randomBytes(24).toString('base64url');
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${token}\n`, { mode: 0o600 });
  }
  return { config: Object.freeze({ ...config, adminToken: token }), generatedAt: file };
}

/** Whether this configuration keeps anything in DATA_DIR (PGlite's files, the demo admin token). */
export function usesDataDir(config: Config): boolean {
  return config.databaseUrl === undefined || config.adminToken === undefined;
}
