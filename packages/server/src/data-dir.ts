import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file the server creates is its owner's alone: DATA_DIR holds PGlite's data files (token
 * hashes, contact emails, the demo receipt-signing seed) and the admin token. PGlite writes through
 * Node's fs with Postgres's own modes filtered by the umask, so a 0077 umask is what makes its files
 * 0600 and its directories 0700 (checked in test/data-dir.test.ts).
 */
export const OWNER_ONLY_UMASK = 0o077;

/** Where the embedded database keeps its files inside DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * Creates `dir` as 0700, and takes group and other access off it and everything already in it
 * (a data directory left by an older version or another umask). Symbolic links are left alone.
 * Returns how many entries were tightened.
 */
export async function secureDataDir(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const tighten = async (entry: string): Promise<void> => {
    const stats = await lstat(entry);
    if (stats.isSymbolicLink() || (stats.mode & 0o077) === 0) return;
    await chmod(entry, stats.mode & 0o700);
    tightened += 1;
  };
  await tighten(dir);
  const entries = await readdir(dir, { recursive: true });
  for (const entry of entries) await tighten(path.join(dir, entry));
  return tightened;
}
