// Replays the tlog-*.json vectors through a protocol build: the Node test and the headless
// Chromium page both run this, so the log is verified identically in both.
import type * as Protocol from '../src/index.js';

type P = typeof Protocol;

interface EntriesFile {
  entries: { name: string; entry: string; leafHash: string }[];
}
interface ProofsFile {
  leaves: string[];
  roots: string[];
  inclusion: Protocol.InclusionProofJson[];
  consistency: { oldSize: number; newSize: number; hashes: string[] }[];
}
interface CheckpointsFile {
  log: { name: string; seed: string; publicKey: string; verifierKey: string; signerKey: string };
  witness: {
    name: string;
    seed: string;
    publicKey: string;
    verifierKey: string;
    timestamp: number;
  };
  checkpoints: { size: number; text: string; note: string }[];
  cosigned: string;
  valid: {
    inclusion: { entry: string; proof: Protocol.InclusionProofJson; checkpoint: string }[];
    consistency: { older: string; newer: string; proof: string[] }[];
  };
  tampered: {
    name: string;
    expected: string;
    inclusion?: { entry: string; proof: Protocol.InclusionProofJson; checkpoint: string };
    consistency?: { older: string; newer: string; proof: string[] };
    checkpoint?: { note: string; cosignerKeys?: string[] };
  }[];
}

function flipped(hashes: Uint8Array[], which: number, byte: number, mask: number): Uint8Array[] {
  return hashes.map((hash, i) => {
    const copy = hash.slice();
    if (i === which) copy[byte] = copy[byte]! ^ mask;
    return copy;
  });
}

export interface TlogReplayReport {
  entries: number;
  inclusionProofs: number;
  consistencyProofs: number;
  checkpoints: number;
  tampered: number;
  failures: string[];
}

export async function replayTlogVectors(
  P: P,
  load: <T>(name: string) => Promise<T>,
): Promise<TlogReplayReport> {
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  const b64 = (text: string) => P.base64ToBytes(text)!;
  const { entries } = await load<EntriesFile>('tlog-entries.json');
  const proofs = await load<ProofsFile>('tlog-proofs.json');
  const file = await load<CheckpointsFile>('tlog-checkpoints.json');

  // Entries: canonical, hashed as documented, and each verifies on its own.
  const tree = new P.MemoryMerkleTree();
  for (const v of entries) {
    const parsed = P.parseLogEntry(v.entry);
    check(parsed.ok, `entry ${v.name} parses`);
    check(P.bytesToBase64(P.logEntryLeafHash(v.entry)) === v.leafHash, `entry ${v.name} leaf`);
    const verified = await P.verifyLogEntry(v.entry);
    check(verified.ok, `entry ${v.name} verifies: ${verified.problems.join('; ')}`);
    check(!(await P.verifyLogEntry(`${v.entry} `)).ok, `entry ${v.name} with a trailing space`);
    tree.appendEntry(P.utf8Encode(v.entry));
  }
  // The tree: every root and proof, recomputed and verified; a flipped byte always fails.
  proofs.roots.forEach((root, n) => check(P.bytesToBase64(tree.root(n)) === root, `root ${n}`));
  for (const p of proofs.inclusion) {
    const hashes = p.hashes.map(b64);
    const label = `inclusion ${p.logIndex}/${p.treeSize}`;
    check(
      P.hashesToBase64(tree.inclusionProof(p.logIndex, p.treeSize)).join() === p.hashes.join(),
      label,
    );
    const root = b64(proofs.roots[p.treeSize]!);
    check(
      P.verifyInclusion(p.logIndex, p.treeSize, b64(p.leafHash), hashes, root),
      `${label} verifies`,
    );
    if (hashes.length > 0) {
      const bad = flipped(hashes, p.logIndex % hashes.length, p.treeSize % 32, 1);
      check(
        !P.verifyInclusion(p.logIndex, p.treeSize, b64(p.leafHash), bad, root),
        `${label} tampered`,
      );
    }
  }
  for (const p of proofs.consistency) {
    const label = `consistency ${p.oldSize}→${p.newSize}`;
    const hashes = p.hashes.map(b64);
    const [oldRoot, newRoot] = [b64(proofs.roots[p.oldSize]!), b64(proofs.roots[p.newSize]!)];
    check(
      P.hashesToBase64(tree.consistencyProof(p.oldSize, p.newSize)).join() === p.hashes.join(),
      label,
    );
    check(P.verifyConsistency(p.oldSize, p.newSize, hashes, oldRoot, newRoot), `${label} verifies`);
    if (hashes.length > 0) {
      const bad = flipped(hashes, p.newSize % hashes.length, p.oldSize % 32, 0x40);
      check(!P.verifyConsistency(p.oldSize, p.newSize, bad, oldRoot, newRoot), `${label} tampered`);
    }
  }

  // Keys, checkpoints and notes.
  const { log, witness } = file;
  check(P.formatVerifierKey(log.name, log.publicKey) === log.verifierKey, 'log vkey');
  check((await P.formatSignerKey(log.name, log.seed)) === log.signerKey, 'log skey');
  check(
    P.formatCosignerKey(witness.name, witness.publicKey) === witness.verifierKey,
    'witness vkey',
  );
  const signer = await P.ed25519NoteSigner(log.name, log.seed);
  for (const c of file.checkpoints) {
    const label = `checkpoint ${c.size}`;
    check(
      P.formatCheckpoint({ origin: log.name, size: c.size, rootHash: tree.root(c.size) }) ===
        c.text,
      label,
    );
    check((await P.signNote(c.text, signer)) === c.note, `${label} signature is deterministic`);
    const opened = await P.verifyCheckpointNote(c.note, { logKey: log.verifierKey });
    check(opened.ok && opened.checkpoint.size === c.size, `${label} verifies`);
  }
  const cosigner = await P.cosignatureSigner(witness.name, witness.seed, witness.timestamp);
  const latest = file.checkpoints[file.checkpoints.length - 1]!.note;
  check((await P.addNoteSignatures(latest, cosigner)) === file.cosigned, 'cosignature bytes');
  const cosigned = await P.verifyCheckpointNote(file.cosigned, {
    logKey: log.verifierKey,
    cosignerKeys: [witness.verifierKey],
  });
  check(
    cosigned.ok &&
      cosigned.cosignatures.length === 1 &&
      cosigned.cosignatures[0]!.timestamp === witness.timestamp,
    'cosigned checkpoint verifies with its cosignature',
  );
  for (const v of file.valid.inclusion) {
    const result = await P.verifyEntryInclusion({ ...v, logKey: log.verifierKey });
    check(result.ok, `valid inclusion of entry ${v.proof.logIndex}`);
  }
  for (const v of file.valid.consistency) {
    const result = await P.verifyCheckpointConsistency({ ...v, logKey: log.verifierKey });
    check(result.ok, `valid consistency ${result.ok ? result.older.size : '?'}`);
  }
  for (const t of file.tampered) {
    let code: string | undefined;
    if (t.inclusion !== undefined) {
      const result = await P.verifyEntryInclusion({ ...t.inclusion, logKey: log.verifierKey });
      code = result.ok ? 'ok' : result.code;
    } else if (t.consistency !== undefined) {
      const result = await P.verifyCheckpointConsistency({
        ...t.consistency,
        logKey: log.verifierKey,
      });
      code = result.ok ? 'ok' : result.code;
    } else if (t.checkpoint !== undefined) {
      const keys = { logKey: log.verifierKey, cosignerKeys: t.checkpoint.cosignerKeys ?? [] };
      const result = await P.verifyCheckpointNote(t.checkpoint.note, keys);
      code = result.ok ? 'ok' : result.code;
    }
    check(code === t.expected, `tampered "${t.name}": got ${code}, expected ${t.expected}`);
  }
  // A monitor following the log from empty through two checkpoints.
  let state: Protocol.MonitorState = P.EMPTY_MONITOR_STATE;
  let seen = 0;
  for (const c of file.checkpoints.filter((c) => c.size === 3 || c.size === entries.length)) {
    const newEntries = entries.slice(seen, c.size).map((e) => e.entry);
    const step = await P.advanceMonitor(state, c.note, newEntries, { logKey: log.verifierKey });
    check(step.ok, `monitor to size ${c.size}: ${step.ok ? '' : step.message}`);
    if (step.ok) state = step.state;
    seen = c.size;
  }
  check(state.size === entries.length, 'monitor reached the latest checkpoint');
  return {
    entries: entries.length,
    inclusionProofs: proofs.inclusion.length,
    consistencyProofs: proofs.consistency.length,
    checkpoints: file.checkpoints.length,
    tampered: file.tampered.length,
    failures,
  };
}
