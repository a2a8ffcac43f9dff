// C2SP tlog-checkpoint (https://c2sp.org/tlog-checkpoint): the note text of a signed tree head.
import { base64ToBytes, bytesToBase64 } from '../encoding.js';
import { HASH_SIZE, isTreeSize } from './hashing.js';
import { ed25519NoteSigner, signNote, type NoteSigner } from './note.js';

export interface Checkpoint {
  /** The log's identity, e.g. `convene.example.org/log`; also its key name. */
  origin: string;
  /** Number of leaves. */
  size: number;
  /** RFC 6962 root hash of the tree of `size` leaves. */
  rootHash: Uint8Array;
  /** Opaque, non-empty extension lines (not recommended by the spec; Convene writes none). */
  extensions: string[];
}

function validLine(line: string): boolean {
  // eslint-disable-next-line no-control-regex
  return line !== '' && !/[\u0000-\u001f]/.test(line);
}

/** `origin\nsize\nbase64(root)\n[extension lines\n]`: the checkpoint note text. */
export function formatCheckpoint(checkpoint: {
  origin: string;
  size: number;
  rootHash: Uint8Array;
  extensions?: readonly string[];
}): string {
  const { origin, size, rootHash, extensions = [] } = checkpoint;
  if (!validLine(origin)) throw new TypeError('checkpoint origin must be a non-empty line');
  if (!isTreeSize(size))
    throw new RangeError('checkpoint size must be a non-negative safe integer');
  if (rootHash.length !== HASH_SIZE) throw new TypeError('root hash must be 32 bytes');
  if (!extensions.every(validLine)) throw new TypeError('extension lines must be non-empty lines');
  return [origin, String(size), bytesToBase64(rootHash), ...extensions]
    .map((l) => `${l}\n`)
    .join('');
}

/**
 * Parses checkpoint note text strictly: at least three non-empty lines each ending in a newline,
 * size in decimal without leading zeros (and below 2^53), root hash strict base64 of 32 bytes.
 * Null otherwise.
 */
export function parseCheckpoint(text: string): Checkpoint | null {
  if (typeof text !== 'string' || !text.endsWith('\n')) return null;
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3 || !lines.every(validLine)) return null;
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string];
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText)) return null;
  const size = Number(sizeText);
  if (!isTreeSize(size)) return null;
  const rootHash = base64ToBytes(rootText);
  if (rootHash === null || rootHash.length !== HASH_SIZE) return null;
  return { origin, size, rootHash, extensions };
}

/**
 * A checkpoint signed as a note by the log key (Ed25519, type 0x01), whose name is the origin:
 * what the server publishes. `key` is the log key's 32-byte seed, or a signer made once from it
 * (`ed25519NoteSigner(origin, seed)`) by a caller that signs often.
 */
export async function signCheckpoint(
  checkpoint: { origin: string; size: number; rootHash: Uint8Array },
  key: string | NoteSigner,
): Promise<string> {
  const signer = typeof key === 'string' ? await ed25519NoteSigner(checkpoint.origin, key) : key;
  return signNote(formatCheckpoint(checkpoint), signer);
}
