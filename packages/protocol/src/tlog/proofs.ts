// RFC 9162 §2.1.3.2 and §2.1.4.2, word for word. Sizes and indices are safe integers (< 2^53),
// so halving uses arithmetic, not 32-bit bit operators.
import { emptyRootHash, HASH_SIZE, hashesEqual, isTreeSize, nodeHash } from './hashing.js';

const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}

function wellFormed(hashes: readonly Uint8Array[]): boolean {
  return hashes.every((hash) => hash instanceof Uint8Array && hash.length === HASH_SIZE);
}

/**
 * The root an inclusion proof leads to from `leaf` at `index` in a tree of `size` leaves, or null
 * when the proof has the wrong shape for that index and size.
 */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | null {
  if (!isTreeSize(index) || !isTreeSize(size) || index >= size) return null;
  if (leaf.length !== HASH_SIZE || !wellFormed(proof)) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

/** True when `proof` shows `leaf` is entry `index` of the tree of `size` leaves with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  const computed = rootFromInclusionProof(index, size, leaf, proof);
  return computed !== null && hashesEqual(computed, root);
}

/**
 * True when `proof` shows the tree of `oldSize` leaves with `oldRoot` is a prefix of the tree of
 * `newSize` leaves with `newRoot`. From size 0 the proof is empty and `oldRoot` the empty root;
 * between equal sizes it is empty and the roots are equal.
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  proof: readonly Uint8Array[],
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
): boolean {
  if (!isTreeSize(oldSize) || !isTreeSize(newSize) || oldSize > newSize) return false;
  if (oldRoot.length !== HASH_SIZE || newRoot.length !== HASH_SIZE || !wellFormed(proof)) {
    return false;
  }
  if (oldSize === 0) return proof.length === 0 && hashesEqual(oldRoot, emptyRootHash());
  if (oldSize === newSize) return proof.length === 0 && hashesEqual(oldRoot, newRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : [...proof];
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && hashesEqual(fr, oldRoot) && hashesEqual(sr, newRoot);
}
