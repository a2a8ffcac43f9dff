import { ed25519 } from '#ed25519';

/** Size in bytes of every Merkle tree hash (SHA-256). */
export const HASH_SIZE = 32;

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

/** RFC 6962 §2.1 leaf hash: SHA-256(0x00 ‖ entry). */
export function leafHash(entry: Uint8Array): Uint8Array {
  const input = new Uint8Array(entry.length + 1);
  input[0] = LEAF_PREFIX;
  input.set(entry, 1);
  return ed25519.sha256(input);
}

/** RFC 6962 §2.1 interior node hash: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return ed25519.sha256(input);
}

/** Root of the empty tree: SHA-256 of no bytes (RFC 6962 §2.1). */
export function emptyRootHash(): Uint8Array {
  return ed25519.sha256(new Uint8Array(0));
}

export function hashesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** True for a non-negative safe integer: tree sizes and indices stay below 2^53. */
export function isTreeSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
