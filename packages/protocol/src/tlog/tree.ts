import { emptyRootHash, leafHash, nodeHash } from './hashing.js';
import {
  assembleProof,
  consistencyProofPlan,
  foldHashes,
  inclusionProofPlan,
  treeRootPlan,
  type NodeId,
} from './nodes.js';

/** A full subtree's hash, as a log stores it. */
export interface StoredNode extends NodeId {
  hash: Uint8Array;
}

/**
 * The right edge of a growing tree (RFC 9162's "compact range"): one hash per full subtree of the
 * binary decomposition of its size, popcount(size) hashes. Enough to append leaves, emit every
 * node they complete and compute the root, without reading anything else: what a log keeps in
 * memory (or one row) while it integrates new entries.
 */
export class MerkleFrontier {
  readonly #nodes: StoredNode[];
  #size: number;

  /** `nodes` = the stored hashes of `treeRootPlan(size)`, left to right (empty for a new log). */
  constructor(size = 0, nodes: readonly StoredNode[] = []) {
    const plan = treeRootPlan(size);
    if (plan.length !== nodes.length) throw new RangeError('frontier does not match the size');
    plan.forEach((node, i) => {
      if (node.level !== nodes[i]!.level || node.index !== nodes[i]!.index) {
        throw new RangeError('frontier does not match the size');
      }
    });
    this.#size = size;
    this.#nodes = nodes.map((node) => ({ ...node }));
  }

  get size(): number {
    return this.#size;
  }

  /** The frontier's nodes, left to right (to persist it). */
  get nodes(): StoredNode[] {
    return this.#nodes.map((node) => ({ ...node }));
  }

  /** Appends one leaf hash; returns every node it completes, bottom-up (the leaf first). */
  appendLeafHash(hash: Uint8Array): StoredNode[] {
    let node: StoredNode = { level: 0, index: this.#size, hash };
    const completed = [node];
    while (this.#nodes.length > 0 && this.#nodes[this.#nodes.length - 1]!.level === node.level) {
      const left = this.#nodes.pop()!;
      node = { level: node.level + 1, index: left.index / 2, hash: nodeHash(left.hash, node.hash) };
      completed.push(node);
    }
    this.#nodes.push(node);
    this.#size += 1;
    return completed;
  }

  /** Appends an entry (its leaf hash is SHA-256(0x00 ‖ entry)). */
  appendEntry(entry: Uint8Array): StoredNode[] {
    return this.appendLeafHash(leafHash(entry));
  }

  root(): Uint8Array {
    return this.#nodes.length === 0 ? emptyRootHash() : foldHashes(this.#nodes.map((n) => n.hash));
  }
}

/**
 * A whole tree in memory, stored the way a log stores it (every full subtree's hash), answering
 * roots and proofs for any earlier size through the same plans a server uses. For tests, tools
 * and monitors that hold a log; a server reads the planned nodes from its database instead.
 */
export class MemoryMerkleTree {
  readonly #levels: Uint8Array[][] = [];
  readonly #frontier = new MerkleFrontier();

  get size(): number {
    return this.#frontier.size;
  }

  appendLeafHash(hash: Uint8Array): number {
    const index = this.size;
    for (const node of this.#frontier.appendLeafHash(hash)) {
      (this.#levels[node.level] ??= [])[node.index] = node.hash;
    }
    return index;
  }

  appendEntry(entry: Uint8Array): number {
    return this.appendLeafHash(leafHash(entry));
  }

  /** A stored full-subtree hash; throws for a node that is not complete yet. */
  node(node: NodeId): Uint8Array {
    const hash = this.#levels[node.level]?.[node.index];
    if (hash === undefined) throw new RangeError(`node ${node.level}/${node.index} is not stored`);
    return hash;
  }

  leafHash(index: number): Uint8Array {
    return this.node({ level: 0, index });
  }

  /** Root of the tree of the first `size` leaves (default: all of them). */
  root(size = this.size): Uint8Array {
    this.#checkSize(size);
    if (size === 0) return emptyRootHash();
    return foldHashes(treeRootPlan(size).map((node) => this.node(node)));
  }

  inclusionProof(index: number, size = this.size): Uint8Array[] {
    this.#checkSize(size);
    return assembleProof(inclusionProofPlan(index, size), (node) => this.node(node));
  }

  consistencyProof(oldSize: number, newSize = this.size): Uint8Array[] {
    this.#checkSize(newSize);
    return assembleProof(consistencyProofPlan(oldSize, newSize), (node) => this.node(node));
  }

  #checkSize(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size) {
      throw new RangeError(`tree size ${size} is outside 0…${this.size}`);
    }
  }
}
