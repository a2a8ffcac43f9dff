import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleProof,
  bytesToHex,
  consistencyProofPlan,
  emptyRootHash,
  hexToBytes,
  inclusionProofPlan,
  leafHash,
  MemoryMerkleTree,
  MerkleFrontier,
  nodeHash,
  nodesCompletedBy,
  planNodes,
  rootFromInclusionProof,
  splitPoint,
  treeRootPlan,
  verifyConsistency,
  verifyInclusion,
  type NodeId,
} from '@convene/protocol';

const hex = bytesToHex;
const unhex = (text: string) => hexToBytes(text)!;

// RFC 6962 reference data (the Certificate Transparency test tree of 8 leaves).
const CT_ENTRIES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(unhex);
const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_INCLUSION = [
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const CT_CONSISTENCY = [
  {
    oldSize: 1,
    newSize: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    oldSize: 6,
    newSize: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    oldSize: 2,
    newSize: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

/** RFC 6962 §2.1 MTH, PATH and PROOF written straight from their recursive definitions. */
const naive = {
  root(leaves: Uint8Array[]): Uint8Array {
    if (leaves.length === 0) return emptyRootHash();
    if (leaves.length === 1) return leaves[0]!;
    const k = splitPoint(leaves.length);
    return nodeHash(naive.root(leaves.slice(0, k)), naive.root(leaves.slice(k)));
  },
  path(m: number, leaves: Uint8Array[]): Uint8Array[] {
    if (leaves.length <= 1) return [];
    const k = splitPoint(leaves.length);
    return m < k
      ? [...naive.path(m, leaves.slice(0, k)), naive.root(leaves.slice(k))]
      : [...naive.path(m - k, leaves.slice(k)), naive.root(leaves.slice(0, k))];
  },
  subproof(m: number, leaves: Uint8Array[], complete: boolean): Uint8Array[] {
    if (m === leaves.length) return complete ? [] : [naive.root(leaves)];
    const k = splitPoint(leaves.length);
    return m <= k
      ? [...naive.subproof(m, leaves.slice(0, k), complete), naive.root(leaves.slice(k))]
      : [...naive.subproof(m - k, leaves.slice(k), false), naive.root(leaves.slice(0, k))];
  },
};

const MAX = 40;
const leaves = Array.from({ length: MAX }, (_, i) => leafHash(Uint8Array.of(i, i * 7, 0x5a)));
const tree = new MemoryMerkleTree();
for (const leaf of leaves) tree.appendLeafHash(leaf);

function flipped(hashes: Uint8Array[], which: number, byte: number, mask: number): Uint8Array[] {
  return hashes.map((hash, i) => {
    if (i !== which) return hash;
    const copy = hash.slice();
    copy[byte] = copy[byte]! ^ mask;
    return copy;
  });
}

function flip(hash: Uint8Array, byte: number, mask = 1): Uint8Array {
  return flipped([hash], 0, byte, mask)[0]!;
}

describe('RFC 6962 hashing', () => {
  it('matches the Certificate Transparency reference roots for sizes 0…8', () => {
    const ct = new MemoryMerkleTree();
    expect(hex(ct.root())).toBe(CT_ROOTS[0]);
    for (const [i, entry] of CT_ENTRIES.entries()) {
      ct.appendEntry(entry);
      expect(hex(ct.root()), `size ${i + 1}`).toBe(CT_ROOTS[i + 1]);
    }
    for (const v of CT_INCLUSION)
      expect(ct.inclusionProof(v.index, v.size).map(hex)).toEqual(v.proof);
    for (const v of CT_CONSISTENCY) {
      expect(ct.consistencyProof(v.oldSize, v.newSize).map(hex)).toEqual(v.proof);
      const [oldRoot, newRoot] = [unhex(CT_ROOTS[v.oldSize]!), unhex(CT_ROOTS[v.newSize]!)];
      expect(verifyConsistency(v.oldSize, v.newSize, v.proof.map(unhex), oldRoot, newRoot)).toBe(
        true,
      );
    }
  });

  it('roots and proofs agree with the recursive definitions for every size up to 40', () => {
    for (let size = 0; size <= MAX; size++) {
      const prefix = leaves.slice(0, size);
      expect(hex(tree.root(size))).toBe(hex(naive.root(prefix)));
      for (let index = 0; index < size; index++) {
        expect(tree.inclusionProof(index, size).map(hex)).toEqual(
          naive.path(index, prefix).map(hex),
        );
      }
      for (let old = 1; old < size; old++) {
        expect(tree.consistencyProof(old, size).map(hex)).toEqual(
          naive.subproof(old, prefix, true).map(hex),
        );
      }
    }
  });

  it('roots agree with the recursive definition on random trees (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 8 }), { maxLength: 300 }), (entries) => {
        const t = new MemoryMerkleTree();
        const hashes = entries.map((entry) => leafHash(entry));
        hashes.forEach((hash) => t.appendLeafHash(hash));
        expect(hex(t.root())).toBe(hex(naive.root(hashes)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('inclusion proofs', () => {
  it('verify for every (index, size) up to 40 and fail when any byte changes', () => {
    for (let size = 1; size <= MAX; size++) {
      const root = tree.root(size);
      for (let index = 0; index < size; index++) {
        const proof = tree.inclusionProof(index, size);
        const leaf = leaves[index]!;
        expect(verifyInclusion(index, size, leaf, proof, root), `${index}/${size}`).toBe(true);
        for (let h = 0; h < proof.length; h++) {
          for (let byte = 0; byte < 32; byte += size <= 12 ? 1 : 11) {
            expect(verifyInclusion(index, size, leaf, flipped(proof, h, byte, 0x80), root)).toBe(
              false,
            );
          }
        }
        expect(verifyInclusion(index, size, flip(leaf, index % 32), proof, root)).toBe(false);
        expect(verifyInclusion(index, size, leaf, proof, flip(root, size % 32))).toBe(false);
        expect(verifyInclusion(index, size, leaf, [...proof, root], root)).toBe(false);
        if (size > 1) {
          expect(verifyInclusion(index, size, leaf, proof.slice(1), root)).toBe(false);
          expect(verifyInclusion((index + 1) % size, size, leaf, proof, root)).toBe(false);
        }
        if (size < MAX) {
          expect(verifyInclusion(index, size + 1, leaf, proof, tree.root(size + 1))).toBe(false);
        }
      }
    }
  });

  it('fail for any changed byte of any proof (property)', () => {
    const arbitrary = fc.integer({ min: 2, max: MAX }).chain((size) =>
      fc.record({
        size: fc.constant(size),
        index: fc.integer({ min: 0, max: size - 1 }),
        which: fc.nat(),
        byte: fc.integer({ min: 0, max: 31 }),
        mask: fc.integer({ min: 1, max: 255 }),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ size, index, which, byte, mask }) => {
        const proof = tree.inclusionProof(index, size);
        const tampered = flipped(proof, which % proof.length, byte, mask);
        expect(verifyInclusion(index, size, leaves[index]!, tampered, tree.root(size))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects impossible indices and sizes', () => {
    expect(rootFromInclusionProof(3, 3, leaves[0]!, [])).toBeNull();
    expect(rootFromInclusionProof(-1, 3, leaves[0]!, [])).toBeNull();
    expect(rootFromInclusionProof(0, 2 ** 53, leaves[0]!, [])).toBeNull();
    expect(rootFromInclusionProof(0, 1, leaves[0]!.slice(1), [])).toBeNull();
    expect(() => inclusionProofPlan(5, 5)).toThrow(RangeError);
  });
});

describe('consistency proofs', () => {
  it('verify between every pair of sizes up to 40 and fail on tampering', () => {
    for (let newSize = 0; newSize <= MAX; newSize++) {
      const newRoot = tree.root(newSize);
      for (let oldSize = 0; oldSize <= newSize; oldSize++) {
        const oldRoot = tree.root(oldSize);
        const proof = tree.consistencyProof(oldSize, newSize);
        const label = `${oldSize}→${newSize}`;
        expect(verifyConsistency(oldSize, newSize, proof, oldRoot, newRoot), label).toBe(true);
        for (let h = 0; h < proof.length; h++) {
          for (let byte = 0; byte < 32; byte += 7) {
            expect(
              verifyConsistency(oldSize, newSize, flipped(proof, h, byte, 1), oldRoot, newRoot),
              `${label} hash ${h} byte ${byte}`,
            ).toBe(false);
          }
        }
        expect(verifyConsistency(oldSize, newSize, proof, flip(oldRoot, 3), newRoot)).toBe(false);
        if (oldSize > 0) {
          expect(verifyConsistency(oldSize, newSize, proof, oldRoot, flip(newRoot, 9))).toBe(false);
        }
        if (oldSize > 0 && oldSize < newSize) {
          expect(verifyConsistency(oldSize, newSize, proof.slice(0, -1), oldRoot, newRoot)).toBe(
            false,
          );
          expect(verifyConsistency(oldSize, newSize, [...proof, newRoot], oldRoot, newRoot)).toBe(
            false,
          );
          // A forked history: same sizes, a different last leaf.
          const fork = new MemoryMerkleTree();
          leaves.slice(0, newSize - 1).forEach((leaf) => fork.appendLeafHash(leaf));
          fork.appendLeafHash(leafHash(Uint8Array.of(0xff)));
          expect(verifyConsistency(oldSize, newSize, proof, oldRoot, fork.root())).toBe(false);
        }
      }
    }
    expect(verifyConsistency(5, 4, [], tree.root(5), tree.root(4))).toBe(false);
  });

  it('fail for any changed byte of any proof (property)', () => {
    const arbitrary = fc.integer({ min: 3, max: MAX }).chain((newSize) =>
      fc.record({
        newSize: fc.constant(newSize),
        oldSize: fc.integer({ min: 1, max: newSize - 1 }),
        which: fc.nat(),
        byte: fc.integer({ min: 0, max: 31 }),
        mask: fc.integer({ min: 1, max: 255 }),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ newSize, oldSize, which, byte, mask }) => {
        const proof = tree.consistencyProof(oldSize, newSize);
        const tampered = flipped(proof, which % proof.length, byte, mask);
        expect(
          verifyConsistency(oldSize, newSize, tampered, tree.root(oldSize), tree.root(newSize)),
        ).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('proof plans (what a server reads)', () => {
  const log2 = (n: number) => Math.ceil(Math.log2(Math.max(n, 2)));

  it('read O(log n) stored nodes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (size, fraction) => {
          const index = Math.min(size - 1, Math.floor(fraction * size));
          expect(planNodes(inclusionProofPlan(index, size)).length).toBeLessThanOrEqual(
            2 * log2(size),
          );
          const old = Math.max(1, index);
          expect(planNodes(consistencyProofPlan(old, size)).length).toBeLessThanOrEqual(
            2 * log2(size) + 1,
          );
          expect(treeRootPlan(size).length).toBeLessThanOrEqual(log2(size) + 1);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('work beyond 32-bit indices (a virtual tree of identical leaves)', () => {
    // Every node at level l of a tree of identical leaves has the same hash, so any size can be
    // "stored" as one hash per level.
    const perLevel = [leafHash(Uint8Array.of(7))];
    for (let l = 1; l < 53; l++) perLevel.push(nodeHash(perLevel[l - 1]!, perLevel[l - 1]!));
    const read = (node: NodeId) => perLevel[node.level]!;
    const rootOf = (size: number) => assembleProof([treeRootPlan(size)], read)[0]!;
    const size = 2 ** 45 + 12_345;
    for (const index of [0, 2 ** 33 + 1, 2 ** 44 + 7, size - 1]) {
      const proof = assembleProof(inclusionProofPlan(index, size), read);
      expect(verifyInclusion(index, size, perLevel[0]!, proof, rootOf(size))).toBe(true);
      expect(verifyInclusion(index, size, perLevel[0]!, proof, rootOf(size - 1))).toBe(false);
    }
    const old = 2 ** 33 + 5;
    const proof = assembleProof(consistencyProofPlan(old, size), read);
    expect(verifyConsistency(old, size, proof, rootOf(old), rootOf(size))).toBe(true);
    expect(verifyConsistency(old + 1, size, proof, rootOf(old + 1), rootOf(size))).toBe(false);
  });

  it('the nodes a leaf completes are exactly those the frontier emits', () => {
    const frontier = new MerkleFrontier();
    for (let i = 0; i < 300; i++) {
      const emitted = frontier.appendLeafHash(leafHash(Uint8Array.of(i & 0xff, i >> 8)));
      expect(emitted.map(({ level, index }) => ({ level, index }))).toEqual(nodesCompletedBy(i));
    }
  });

  it('a frontier restored from its stored nodes continues the same tree', () => {
    const frontier = new MerkleFrontier();
    leaves.slice(0, 23).forEach((leaf) => frontier.appendLeafHash(leaf));
    const restored = new MerkleFrontier(23, frontier.nodes);
    leaves.slice(23).forEach((leaf) => restored.appendLeafHash(leaf));
    expect(hex(restored.root())).toBe(hex(tree.root()));
    expect(() => new MerkleFrontier(24, frontier.nodes)).toThrow(RangeError);
  });
});
