// Transparency-log micro-benchmarks (pure protocol code, no database). Run from the repository root:
//   npx tsx --conditions=source packages/protocol/bench/tlog.bench.ts [leaves]
import {
  consistencyProofPlan,
  formatVerifierKey,
  inclusionProofPlan,
  MemoryMerkleTree,
  planNodes,
  publicKeyFromSeed,
  signCheckpoint,
  utf8Encode,
  verifyCheckpointNote,
  verifyConsistency,
  verifyInclusion,
} from '../src/index.js';
import { seedOf } from '../scripts/fixtures.js';

const size = Number(process.argv[2] ?? 2 ** 17);
const perSecond = (count: number, ms: number) =>
  Math.round((count / ms) * 1000).toLocaleString('en');

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
}

const tree = new MemoryMerkleTree();
const [, appendMs] = time(() => {
  for (let i = 0; i < size; i++) tree.appendEntry(utf8Encode(`{"kind":"bench","i":${i}}`));
});
console.log(
  `append: ${size.toLocaleString('en')} entries in ${appendMs.toFixed(0)} ms (${perSecond(size, appendMs)}/s)`,
);

const samples = 20_000;
const pick = (i: number) => Math.floor((((i * 2654435761) % 4294967296) / 4294967296) * size);
const root = tree.root();
const [proofs, proveMs] = time(() =>
  Array.from({ length: samples }, (_, i) => tree.inclusionProof(pick(i), size)),
);
console.log(`inclusion proofs assembled from stored nodes: ${perSecond(samples, proveMs)}/s`);
const [ok, verifyMs] = time(() =>
  proofs.every((proof, i) => verifyInclusion(pick(i), size, tree.leafHash(pick(i)), proof, root)),
);
console.log(`inclusion proofs verified: ${perSecond(samples, verifyMs)}/s (all ok: ${ok})`);
const [consistency, consistencyMs] = time(() =>
  Array.from({ length: samples }, (_, i) => {
    const old = Math.max(1, pick(i));
    return [old, tree.consistencyProof(old, size)] as const;
  }),
);
console.log(`consistency proofs assembled: ${perSecond(samples, consistencyMs)}/s`);
const [allConsistent, checkMs] = time(() =>
  consistency.every(([old, proof]) => verifyConsistency(old, size, proof, tree.root(old), root)),
);
console.log(
  `consistency proofs verified (with the old root recomputed): ${perSecond(samples, checkMs)}/s (all ok: ${allConsistent})`,
);
const reads = Array.from({ length: 1000 }, (_, i) => [
  planNodes(inclusionProofPlan(pick(i), size)).length,
  planNodes(consistencyProofPlan(Math.max(1, pick(i)), size)).length,
]);
console.log(
  `stored nodes read per proof: inclusion ≤ ${Math.max(...reads.map((r) => r[0]!))}, consistency ≤ ${Math.max(...reads.map((r) => r[1]!))}`,
);

const seed = seedOf(0x4c);
const logKey = formatVerifierKey('bench.example/log', await publicKeyFromSeed(seed));
const checkpoint = { origin: 'bench.example/log', size, rootHash: root };
const signStart = performance.now();
const notes = [];
for (let i = 0; i < 2000; i++) notes.push(await signCheckpoint(checkpoint, seed));
const signMs = performance.now() - signStart;
const openStart = performance.now();
for (const note of notes)
  if (!(await verifyCheckpointNote(note, { logKey })).ok) throw new Error('bad');
const openMs = performance.now() - openStart;
console.log(
  `checkpoints signed: ${perSecond(2000, signMs)}/s; opened and verified: ${perSecond(2000, openMs)}/s`,
);
