// Which stored hashes a root or a proof needs. A server keeps the hash of every *full* subtree
// (a "node": level l, index i covers leaves [i·2^l, (i+1)·2^l)), written once when its last leaf
// is appended. Every hash an RFC 6962 proof carries is either such a node or the hash of a range
// along the tree's right edge, which is the right-to-left fold of at most log2(n) nodes. So a
// proof is a *plan* (one list of nodes per proof hash): O(log n) reads, then `assembleProof`.
import { nodeHash } from './hashing.js';

/** A full subtree: `level` 0 is a leaf hash; covers leaves [index·2^level, (index+1)·2^level). */
export interface NodeId {
  level: number;
  index: number;
}

/** Nodes, left to right, whose right-to-left fold is one hash of a proof or root. */
export type HashPlan = NodeId[];

/** Reads one stored node hash. */
export type NodeReader = (node: NodeId) => Uint8Array;

/** Largest power of two strictly below n (n ≥ 2): RFC 6962's split point k. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The largest full subtree starting at `start` that fits in `length` leaves, as [level, size]. */
function largestAlignedSubtree(start: number, length: number): [number, number] {
  let level = 0;
  let size = 1;
  while (size * 2 <= length && start % (size * 2) === 0) {
    level += 1;
    size *= 2;
  }
  return [level, size];
}

/**
 * The full subtrees, left to right, that make up leaves [start, end): greedy from the left, the
 * largest aligned power of two each time. For the ranges RFC 6962 hashes (start a multiple of a
 * power of two ≥ end − start) these have strictly decreasing sizes, and MTH(D[start:end]) is
 * their right-to-left fold.
 */
export function rangeNodes(start: number, end: number): HashPlan {
  const nodes: HashPlan = [];
  let position = start;
  while (position < end) {
    const [level, size] = largestAlignedSubtree(position, end - position);
    nodes.push({ level, index: position / size });
    position += size;
  }
  return nodes;
}

/** The nodes whose fold is the root of the tree of `size` leaves (empty for size 0). */
export function treeRootPlan(size: number): HashPlan {
  return rangeNodes(0, size);
}

/** RFC 9162 §2.1.3.1 PATH(index, D[start:end]), as plans, bottom-up. */
function pathPlans(index: number, start: number, end: number): HashPlan[] {
  const n = end - start;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (index - start < k) {
    return [...pathPlans(index, start, start + k), rangeNodes(start + k, end)];
  }
  return [...pathPlans(index, start + k, end), rangeNodes(start, start + k)];
}

/** Plans of the inclusion proof of leaf `index` in the tree of `size` leaves (0 ≤ index < size). */
export function inclusionProofPlan(index: number, size: number): HashPlan[] {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && 0 <= index && index < size)) {
    throw new RangeError(`no inclusion proof for index ${index} in a tree of size ${size}`);
  }
  return pathPlans(index, 0, size);
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[start:end], b), as plans. */
function subproofPlans(m: number, start: number, end: number, complete: boolean): HashPlan[] {
  const n = end - start;
  if (m === n) return complete ? [] : [rangeNodes(start, end)];
  const k = splitPoint(n);
  if (m <= k) return [...subproofPlans(m, start, start + k, complete), rangeNodes(start + k, end)];
  return [...subproofPlans(m - k, start + k, end, false), rangeNodes(start, start + k)];
}

/**
 * Plans of the consistency proof from the tree of `oldSize` leaves to that of `newSize`
 * (0 ≤ oldSize ≤ newSize). Empty when oldSize is 0 or equals newSize.
 */
export function consistencyProofPlan(oldSize: number, newSize: number): HashPlan[] {
  if (!(Number.isSafeInteger(oldSize) && Number.isSafeInteger(newSize))) {
    throw new RangeError('tree sizes must be safe integers');
  }
  if (oldSize < 0 || oldSize > newSize) {
    throw new RangeError(`no consistency proof from size ${oldSize} to size ${newSize}`);
  }
  if (oldSize === 0 || oldSize === newSize) return [];
  return subproofPlans(oldSize, 0, newSize, true);
}

function nodeKey(node: NodeId): string {
  return `${node.level}/${node.index}`;
}

/** Every distinct node the plans read, in first-use order (what to fetch from storage). */
export function planNodes(plans: readonly HashPlan[]): NodeId[] {
  const seen = new Set<string>();
  const nodes: NodeId[] = [];
  for (const plan of plans) {
    for (const node of plan) {
      const key = nodeKey(node);
      if (!seen.has(key)) {
        seen.add(key);
        nodes.push(node);
      }
    }
  }
  return nodes;
}

/** Right-to-left fold of consecutive full-subtree hashes: the hash of the range they cover. */
export function foldHashes(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length === 0) throw new RangeError('nothing to fold');
  let hash = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) hash = nodeHash(hashes[i]!, hash);
  return hash;
}

/** The proof hashes (or, for a root plan wrapped in an array, the root) from stored node hashes. */
export function assembleProof(plans: readonly HashPlan[], read: NodeReader): Uint8Array[] {
  return plans.map((plan) => foldHashes(plan.map(read)));
}

/**
 * The nodes that become complete when leaf `index` is appended, bottom-up: the leaf itself, then
 * each parent whose right child just completed. A log stores these as it grows.
 */
export function nodesCompletedBy(index: number): NodeId[] {
  const nodes: NodeId[] = [{ level: 0, index }];
  let level = 0;
  let position = index;
  while (position % 2 === 1) {
    level += 1;
    position = (position - 1) / 2;
    nodes.push({ level, index: position });
  }
  return nodes;
}
