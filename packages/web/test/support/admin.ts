import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The demo admin token the server generated into its data directory. */
export async function adminToken(dataDir: string): Promise<string> {
  return (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
}

/** Imports one comment through the analytics admin import route (NDJSON). */
export async function importComment(
  baseUrl: string,
  token: string,
  comment: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/admin/analytics/import?kind=comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson', 'x-admin-token': token },
    body: `${JSON.stringify(comment)}\n`,
  });
  const body = (await response.json()) as { imported?: number; errors?: unknown };
  if (!response.ok || body.imported !== 1)
    throw new Error(`comment import failed: ${response.status} ${JSON.stringify(body)}`);
}
