import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatVerifierKey, publicKeyFromSeed } from '@convene/protocol';
import type { Config } from '../config.js';

export interface LogKey {
  /** The origin: the checkpoint's first line and the key's name. */
  origin: string;
  seed: string;
  publicKey: string;
  /** `<origin>+<key ID>+base64(0x01 ‖ key)`: what readers pin (§14.4). */
  vkey: string;
}

export const LOG_KEY_FILE = 'log-signing-key';

/**
 * The log's signing key: `LOG_SIGNING_KEY` wins; a demo without one generates a seed once and keeps
 * it in `DATA_DIR/log-signing-key` (mode 0600). Outside demo the config refuses to start without it.
 */
export async function resolveLogKey(
  config: Pick<Config, 'logSigningKey' | 'logOrigin' | 'appEnv' | 'dataDir'>,
): Promise<LogKey> {
  const seed = config.logSigningKey ?? (await demoSeed(config));
  const publicKey = await publicKeyFromSeed(seed);
  return {
    origin: config.logOrigin,
    seed,
    publicKey,
    vkey: formatVerifierKey(config.logOrigin, publicKey),
  };
}

async function demoSeed(config: Pick<Config, 'appEnv' | 'dataDir'>): Promise<string> {
  if (config.appEnv !== 'demo') throw new Error('LOG_SIGNING_KEY is not configured');
  const file = path.join(config.dataDir, LOG_KEY_FILE);
  const stored = await readSeed(file);
  if (stored !== undefined) return stored;
  await mkdir(config.dataDir, { recursive: true });
  // Written whole to a private file, then linked into place: of two processes starting at once, one
  // links and the other (EEXIST) reads the complete seed it linked.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  const written = await readSeed(file);
  if (written === undefined) throw new Error(`${file} does not hold a base64 32-byte seed`);
  return written;
}

async function readSeed(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').then(
    (t) => t.trim(),
    () => undefined,
  );
  return text !== undefined && Buffer.from(text, 'base64').length === 32 ? text : undefined;
}
