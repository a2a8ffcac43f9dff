import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from './config.js';

const WILDCARD_OR_LOOPBACK = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The origin a person on this machine (or PUBLIC_BASE_URL's audience) opens. */
export function siteOrigin(
  config: Pick<Config, 'publicBaseUrl' | 'host' | 'port'>,
  address: AddressInfo | string | null,
): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl.replace(/\/+$/, '');
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = WILDCARD_OR_LOOPBACK.has(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/**
 * The line that says where everything is: the site, the API docs, the admin token (its file, never
 * its value) and the data. `fields` carries the same for JSON log readers.
 */
export function startBanner(
  config: Config,
  address: AddressInfo | string | null,
  adminTokenFile: string | undefined,
  loading: boolean,
): { message: string; fields: Record<string, string> } {
  const origin = siteOrigin(config, address);
  const database =
    config.databaseUrl === undefined
      ? `PGlite in ${path.join(config.dataDir, 'pglite')}`
      : `PostgreSQL at ${redactedDatabaseUrl(config.databaseUrl)}`;
  const fields: Record<string, string> = {
    site: `${origin}/`,
    apiDocs: `${origin}/docs`,
    openapi: `${origin}/openapi.json`,
    adminToken: adminTokenFile ?? 'from ADMIN_TOKEN',
    ...(config.databaseUrl === undefined ? { dataDir: config.dataDir } : {}),
    database,
    env: config.appEnv,
  };
  const message =
    `convene (${config.appEnv}) is up: site ${fields.site} · API docs ${fields.apiDocs} · ` +
    `admin token ${adminTokenFile === undefined ? 'from ADMIN_TOKEN' : `in ${adminTokenFile}`} · ` +
    // On PostgreSQL the data is in the database; DATA_DIR holds nothing a reader needs to know of.
    (config.databaseUrl === undefined ? `data in ${config.dataDir} · ` : '') +
    `database ${database}` +
    (loading ? ' · loading the demo data (the API answers 503 until "demo data ready")' : '');
  return { message, fields };
}

/** The line an empty deployment (no subject yet) logs after the banner: its next two steps. */
export const FIRST_SUBJECT_HINT =
  'no subject yet: create one (npx convene admin subject <id> --name "…" --type bucket_weights ' +
  '--schedule "0 0 * * *" --enable), then open its first session now (npx convene admin session ' +
  'open <id>) or let the schedule convene it; docs/operations.md, "First subject and session"';

/** The database URL without its password. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
