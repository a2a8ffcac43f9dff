// Interoperability: the Go checksum database's own packages (golang.org/x/mod/sumdb/note and
// /tlog, Debian golang-golang-x-mod-dev) verify our entries' leaf hashes, roots, inclusion and
// consistency proofs, signed checkpoints (and produce the same signature bytes from our signer
// key), a cosignature, our C2SP tiles, and refuse every tampered input. See tlog-check.go.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  ed25519NoteSigner,
  formatCheckpoint,
  hashesToBase64,
  MemoryMerkleTree,
  signNote,
  tileBytes,
  tileNodes,
  tilePath,
  tilesForSize,
  utf8Encode,
  type InclusionProofJson,
} from '@convene/protocol';
import { readVectorFile } from '../vectors.js';

const GOPATH = '/usr/share/gocode';
const X_MOD = `${GOPATH}/src/golang.org/x/mod/sumdb/note`;
const program = fileURLToPath(new URL('./tlog-check.go', import.meta.url));

function goAvailable(): boolean {
  return spawnSync('go', ['version']).status === 0 && existsSync(X_MOD);
}

interface Checkpoints {
  log: { name: string; seed: string; verifierKey: string; signerKey: string };
  witness: { verifierKey: string; timestamp: number };
  checkpoints: { size: number; text: string; note: string }[];
  cosigned: string;
  addCheckpoint: {
    witnessSize: number;
    witnessRoot: string;
    request: string;
    response: { body: string };
    conflict: { response: { body: string } };
  };
  valid: {
    inclusion: { entry: string; proof: InclusionProofJson; checkpoint: string }[];
    consistency: { older: string; newer: string; proof: string[] }[];
  };
  tampered: {
    name: string;
    inclusion?: { entry: string; proof: InclusionProofJson; checkpoint: string };
    consistency?: { older: string; newer: string; proof: string[] };
    checkpoint?: { note: string; cosignerKeys?: string[] };
  }[];
}

type Case = Record<string, unknown> & { name: string; kind: string };

function asCase(name: string, v: Omit<Checkpoints['tampered'][number], 'name'>): Case {
  if (v.inclusion !== undefined) {
    const { entry, proof, checkpoint } = v.inclusion;
    return { name, kind: 'inclusion', note: checkpoint, entry, proof };
  }
  if (v.consistency !== undefined) {
    const { older, newer, proof } = v.consistency;
    return { name, kind: 'consistency', older, note: newer, hashes: proof };
  }
  return { name, kind: 'checkpoint', ...v.checkpoint };
}

function treeOf(entries: readonly string[]): MemoryMerkleTree {
  const tree = new MemoryMerkleTree();
  for (const entry of entries) tree.appendEntry(utf8Encode(entry));
  return tree;
}

function inclusion(tree: MemoryMerkleTree, index: number, size: number): InclusionProofJson {
  return {
    logIndex: index,
    treeSize: size,
    leafHash: bytesToBase64(tree.leafHash(index)),
    hashes: hashesToBase64(tree.inclusionProof(index, size)),
  };
}

/** A log of the vector entries plus synthetic ones: every proof between every pair of sizes. */
async function buildInput(): Promise<Record<string, unknown>> {
  const vectorEntries = readVectorFile<{ entries: { entry: string }[] }>('tlog-entries.json');
  const file = readVectorFile<Checkpoints>('tlog-checkpoints.json');
  const entries = [
    ...vectorEntries.entries.map((e) => e.entry),
    ...Array.from({ length: 30 }, (_, i) => `{"synthetic":${i},"text":"entry ✓ ${'x'.repeat(i)}"}`),
  ];
  const tree = treeOf(entries);
  const size = tree.size;
  const roots = Array.from({ length: size + 1 }, (_, n) => bytesToBase64(tree.root(n)));
  const inclusionProofs: InclusionProofJson[] = [];
  const consistencyProofs = [];
  for (let n = 1; n <= size; n++) {
    for (let i = 0; i < n; i++) inclusionProofs.push(inclusion(tree, i, n));
    for (let m = 0; m <= n; m++) {
      consistencyProofs.push({
        oldSize: m,
        newSize: n,
        hashes: hashesToBase64(tree.consistencyProof(m, n)),
      });
    }
  }
  const signer = await ed25519NoteSigner(file.log.name, file.log.seed);
  const fullText = formatCheckpoint({ origin: file.log.name, size, rootHash: tree.root() });
  const full = { size, text: fullText, note: await signNote(fullText, signer) };

  // A log large enough for full and partial tiles at three levels.
  const tiledSize = 256 * 256 + 3 * 256 + 17;
  const prefix = 'convene tiled entry ';
  const tiled = treeOf(Array.from({ length: tiledSize }, (_, i) => `${prefix}${i}`));
  const tiles: Record<string, string> = {};
  for (const tile of tilesForSize(tiledSize)) {
    const bytes = tileBytes(tileNodes(tile).map((node) => tiled.node(node)));
    tiles[tilePath(tile.level, tile.index, tile.width)] = bytesToBase64(bytes);
  }
  const indices = [0, 1, 255, 256, 257, 65_535, 65_536, 65_600, tiledSize - 2, tiledSize - 1];
  return {
    entries,
    roots,
    inclusion: inclusionProofs,
    consistency: consistencyProofs,
    logVerifierKey: file.log.verifierKey,
    logSignerKey: file.log.signerKey,
    checkpoints: [...file.checkpoints, full],
    cosigned: file.cosigned,
    witnessVerifierKey: file.witness.verifierKey,
    witnessTimestamp: file.witness.timestamp,
    addCheckpoint: {
      witnessSize: file.addCheckpoint.witnessSize,
      witnessRoot: file.addCheckpoint.witnessRoot,
      request: file.addCheckpoint.request,
      response: file.addCheckpoint.response.body,
      conflict: file.addCheckpoint.conflict.response.body,
    },
    accepted: [
      ...file.valid.inclusion.map((v, i) => asCase(`valid inclusion ${i}`, { inclusion: v })),
      ...file.valid.consistency.map((v, i) => asCase(`valid consistency ${i}`, { consistency: v })),
      asCase('cosigned checkpoint', {
        checkpoint: { note: file.cosigned, cosignerKeys: [file.witness.verifierKey] },
      }),
    ],
    rejected: file.tampered.map((v) => asCase(v.name, v)),
    tiled: {
      size: tiledSize,
      root: bytesToBase64(tiled.root()),
      entryPrefix: prefix,
      tiles,
      inclusion: indices.map((i) => inclusion(tiled, i, tiledSize)),
      consistency: indices.slice(1).map((m) => ({
        oldSize: m,
        newSize: tiledSize,
        hashes: hashesToBase64(tiled.consistencyProof(m, tiledSize)),
      })),
    },
  };
}

const available = goAvailable();

// In CI (CI=1) this never skips: a missing Go toolchain fails the test.
describe.skipIf(!available && !process.env.CI)('Go sumdb note + tlog accept our log', () => {
  it('verifies roots, proofs, checkpoints, cosignatures and tiles; refuses every tampering', async () => {
    expect(
      available,
      'Go and golang.org/x/mod are missing: node scripts/ensure-test-packages.mjs (apt-get install golang-go golang-golang-x-mod-dev)',
    ).toBe(true);
    const input = await buildInput();
    const result = spawnSync('go', ['run', program], {
      input: JSON.stringify(input),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        GO111MODULE: 'off',
        GOPATH,
        GOFLAGS: '',
        GOCACHE: process.env.GOCACHE ?? join(tmpdir(), 'convene-go-build-cache'),
        CGO_ENABLED: '0',
      },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { checks: number; failures: string[] | null };
    expect(report.failures ?? []).toEqual([]);
    const counts = input as { inclusion: unknown[]; consistency: unknown[]; rejected: unknown[] };
    expect(report.checks).toBeGreaterThan(
      2 * counts.inclusion.length + counts.consistency.length + counts.rejected.length,
    );
  }, 240_000);
});
