// Interoperability with Sigstore's JavaScript verifier (@sigstore/verify, the package sigstore-js
// uses to check Rekor entries). Its RFC 6962 inclusion check and its checkpoint (signed-note)
// check live in dist/tlog and are not re-exported, so they are imported by path. @sigstore/core
// has no Merkle code at all, and sigstore-js verifies no consistency proofs: those are checked by
// Go's tlog.CheckTree in go-tlog.test.ts.
import { createPublicKey } from 'node:crypto';
import type { TLogEntryWithInclusionProof } from '@sigstore/bundle';
import { verifyCheckpoint } from '@sigstore/verify/dist/tlog/checkpoint.js';
import { verifyMerkleInclusion } from '@sigstore/verify/dist/tlog/merkle.js';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, ed25519NoteVerifier, type InclusionProofJson } from '@convene/protocol';
import { readVectorFile } from '../vectors.js';

const entries = readVectorFile<{ entries: { entry: string }[] }>('tlog-entries.json').entries;
const proofs = readVectorFile<{ roots: string[]; inclusion: InclusionProofJson[] }>(
  'tlog-proofs.json',
);
const checkpoints = readVectorFile<{
  log: { name: string; publicKey: string; verifierKey: string };
  checkpoints: { size: number; note: string }[];
  tampered: { name: string; checkpoint?: { note: string; cosignerKeys?: string[] } }[];
}>('tlog-checkpoints.json');

const buffer = (b64: string) => Buffer.from(base64ToBytes(b64)!);

/** A Rekor-shaped entry carrying our entry, proof and (optionally) a checkpoint note. */
function rekorEntry(
  entry: string,
  proof: { logIndex: number; treeSize: number; hashes: Buffer[]; rootHash: Buffer },
  envelope = '',
): TLogEntryWithInclusionProof {
  return {
    logIndex: String(proof.logIndex),
    canonicalizedBody: Buffer.from(entry, 'utf8'),
    inclusionProof: {
      logIndex: String(proof.logIndex),
      treeSize: String(proof.treeSize),
      rootHash: proof.rootHash,
      hashes: proof.hashes,
      checkpoint: { envelope },
    },
  } as unknown as TLogEntryWithInclusionProof;
}

function checkInclusion(entry: string, p: InclusionProofJson, root: Buffer, hashes?: Buffer[]) {
  const proof = {
    logIndex: p.logIndex,
    treeSize: p.treeSize,
    hashes: hashes ?? p.hashes.map(buffer),
    rootHash: root,
  };
  verifyMerkleInclusion(rekorEntry(entry, proof), {
    origin: checkpoints.log.name,
    logSize: BigInt(p.treeSize),
    logHash: root,
    rest: [],
  });
}

/** Sigstore's trust material for our log: its key, and a log ID whose first 4 bytes are the
 * signed-note key ID (the "key hint" sigstore matches signature lines by). */
function trustedLog() {
  const keyId = ed25519NoteVerifier(checkpoints.log.verifierKey).keyId;
  const logID = Buffer.alloc(32);
  logID.writeUInt32BE(keyId, 0);
  const x = Buffer.from(base64ToBytes(checkpoints.log.publicKey)!).toString('base64url');
  return {
    logID,
    baseURL: `https://${checkpoints.log.name}`,
    publicKey: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' }),
    validFor: { start: new Date(0), end: new Date(8.64e15) },
  };
}

describe('@sigstore/verify accepts our log', () => {
  it('verifyMerkleInclusion accepts every inclusion proof of the vector log', () => {
    for (const p of proofs.inclusion) {
      const root = buffer(proofs.roots[p.treeSize]!);
      expect(() => checkInclusion(entries[p.logIndex]!.entry, p, root)).not.toThrow();
    }
  });

  it('verifyMerkleInclusion refuses a changed entry, proof hash or root', () => {
    let refused = 0;
    for (const p of proofs.inclusion.filter((q) => q.treeSize > 1)) {
      const root = buffer(proofs.roots[p.treeSize]!);
      const entry = entries[p.logIndex]!.entry;
      const hashes = p.hashes.map(buffer);
      const first = hashes[0]!;
      first.writeUInt8(first.readUInt8(p.logIndex % 32) ^ 1, p.logIndex % 32);
      const badRoot = Buffer.from(root);
      badRoot.writeUInt8(badRoot.readUInt8(0) ^ 0x80, 0);
      expect(() => checkInclusion(`${entry} `, p, root)).toThrow(/root hash/);
      expect(() => checkInclusion(entry, p, root, hashes)).toThrow(/root hash/);
      expect(() => checkInclusion(entry, p, badRoot)).toThrow(/root hash/);
      refused += 3;
    }
    expect(refused).toBeGreaterThan(50);
  });

  it('verifyCheckpoint opens our signed checkpoints with our log key', () => {
    const tlog = trustedLog();
    for (const c of checkpoints.checkpoints) {
      const entry = rekorEntry(
        entries[0]!.entry,
        {
          logIndex: 0,
          treeSize: c.size,
          hashes: [],
          rootHash: Buffer.alloc(32),
        },
        c.note,
      );
      const checkpoint = verifyCheckpoint(entry, [tlog] as never);
      expect(checkpoint.origin).toBe(checkpoints.log.name);
      expect(checkpoint.logSize).toBe(BigInt(c.size));
      expect(checkpoint.logHash.toString('base64')).toBe(proofs.roots[c.size]);
    }
  });

  it('verifyCheckpoint refuses checkpoints signed by another key or with a corrupted signature', () => {
    const tlog = trustedLog();
    const names = [
      'checkpoint signed by another key under the log name',
      'checkpoint signature corrupted',
    ];
    const forged = checkpoints.tampered.filter((t) => names.includes(t.name));
    expect(forged).toHaveLength(2);
    for (const t of forged) {
      const entry = rekorEntry(
        entries[0]!.entry,
        {
          logIndex: 0,
          treeSize: 1,
          hashes: [],
          rootHash: Buffer.alloc(32),
        },
        t.checkpoint!.note,
      );
      expect(() => verifyCheckpoint(entry, [tlog] as never), t.name).toThrow(/signature/);
    }
  });
});
