// C2SP tlog-tiles (https://c2sp.org/tlog-tiles) paths and contents. A tile at level L, index N is
// the hashes of full subtrees at tree level 8·L with indices N·256 … N·256+W−1, which a log that
// stores every full subtree (see nodes.ts) reads directly.
import type { NodeId } from './nodes.js';

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;

/** `x001/x234/067` for 1234067: zero-padded 3-digit elements, all but the last prefixed `x`. */
export function tileIndexPath(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError('tile index must be ≥ 0');
  const groups: string[] = [];
  let rest = index;
  do {
    groups.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((group, i) => (i < groups.length - 1 ? `x${group}` : group)).join('/');
}

function widthSuffix(width: number): string {
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) {
    throw new RangeError('tile width must be 1…256');
  }
  return width === TILE_WIDTH ? '' : `.p/${width}`;
}

/** `tile/<L>/<N>[.p/<W>]`, relative to the log's prefix. */
export function tilePath(level: number, index: number, width: number = TILE_WIDTH): string {
  if (!Number.isInteger(level) || level < 0 || level > 63) throw new RangeError('level 0…63');
  return `tile/${level}/${tileIndexPath(index)}${widthSuffix(width)}`;
}

/** `tile/entries/<N>[.p/<W>]`, relative to the log's prefix. */
export function entryBundlePath(index: number, width: number = TILE_WIDTH): string {
  return `tile/entries/${tileIndexPath(index)}${widthSuffix(width)}`;
}

export interface TileRef {
  level: number;
  index: number;
  width: number;
}

/** Every tile (full and partial) a tree of `size` leaves is served as, lowest level first. */
export function tilesForSize(size: number): TileRef[] {
  const tiles: TileRef[] = [];
  let span = 1;
  for (let level = 0; size >= span; level++) {
    const hashes = Math.floor(size / span);
    const full = Math.floor(hashes / TILE_WIDTH);
    for (let index = 0; index < full; index++) tiles.push({ level, index, width: TILE_WIDTH });
    const partial = hashes % TILE_WIDTH;
    if (partial > 0) tiles.push({ level, index: full, width: partial });
    span *= TILE_WIDTH;
    if (hashes < TILE_WIDTH) break;
  }
  return tiles;
}

/** The stored nodes whose hashes, concatenated in order, are the tile's bytes. */
export function tileNodes(tile: TileRef): NodeId[] {
  const level = tile.level * TILE_HEIGHT;
  return Array.from({ length: tile.width }, (_, i) => ({
    level,
    index: tile.index * TILE_WIDTH + i,
  }));
}

/** Concatenates hashes into tile bytes. */
export function tileBytes(hashes: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(hashes.length * 32);
  hashes.forEach((hash, i) => bytes.set(hash, i * 32));
  return bytes;
}

/** An entry bundle: each entry as a big-endian uint16 length then its bytes (≤ 65,535 each). */
export function entryBundle(entries: readonly Uint8Array[]): Uint8Array {
  const total = entries.reduce((sum, entry) => sum + 2 + entry.length, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const entry of entries) {
    if (entry.length > 0xffff) throw new RangeError('an entry bundle holds entries ≤ 65,535 bytes');
    bytes[offset] = entry.length >> 8;
    bytes[offset + 1] = entry.length & 0xff;
    bytes.set(entry, offset + 2);
    offset += 2 + entry.length;
  }
  return bytes;
}

/** Splits an entry bundle back into entries; null when the lengths do not add up. */
export function parseEntryBundle(bytes: Uint8Array): Uint8Array[] | null {
  const entries: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 2 > bytes.length) return null;
    const length = (bytes[offset]! << 8) | bytes[offset + 1]!;
    if (offset + 2 + length > bytes.length) return null;
    entries.push(bytes.slice(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  return entries;
}
