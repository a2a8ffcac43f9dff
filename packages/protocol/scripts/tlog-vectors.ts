// The transparency-log vectors: entries, every proof of a small log, signed checkpoints, a
// cosignature, and tampered inputs with the reason each must be refused for.
import {
  addNoteSignatures,
  bytesToBase64,
  consistencyProofPlan,
  cosignatureSigner,
  ed25519NoteSigner,
  formatAddCheckpoint,
  formatCheckpoint,
  formatCosignerKey,
  formatSignerKey,
  formatVerifierKey,
  hashesToBase64,
  logEntryLeafHash,
  MemoryMerkleTree,
  publicKeyFromSeed,
  receiptLogEntry,
  signNote,
  takeLogEntry,
  TLOG_REASONS,
  witnessAddCheckpoint,
  type ConsensusReceipt,
  type InclusionProofJson,
  type ReceiptSubmission,
  type TlogReasonCode,
} from '../src/index.js';
import { PREVIOUS_SESSION_ID, seedOf, SESSION_ID } from './fixtures.js';
import { previousReceipt, sessionReceipt } from './receipt-fixtures.js';

export const LOG_NAME = 'log.convene.example/swarm';
export const LOG_SEED = seedOf(0x4c);
export const OTHER_LOG_SEED = seedOf(0x4d);
export const WITNESS_NAME = 'witness.example/w1';
export const WITNESS_SEED = seedOf(0x57);
export const WITNESS_TIME = 1_784_000_000;

interface EntryVector {
  name: string;
  entry: string;
  leafHash: string;
}

function takeEntry(sessionId: string, take: ReceiptSubmission, minute: number): string {
  return takeLogEntry({
    takeId: take.takeId,
    sessionId,
    memberId: take.memberId,
    revision: take.revision,
    receivedAt: `2026-07-14T09:${String(minute).padStart(2, '0')}:00.123Z`,
    publicKey: take.publicKey,
    canonical_submission: take.canonical_submission,
    signature: take.signature,
  });
}

/** The log: a subject's first session (2 takes, its receipt), then the main session's. */
async function logEntries(): Promise<EntryVector[]> {
  const previous = await previousReceipt();
  const session = await sessionReceipt(previous.digest);
  const entries: EntryVector[] = [];
  const add = (name: string, entry: string) =>
    entries.push({ name, entry, leafHash: bytesToBase64(logEntryLeafHash(entry)) });
  const takesOf = (receipt: ConsensusReceipt) => receipt.payload.submissions;
  takesOf(previous).forEach((take, i) =>
    add(`take ${take.takeId}`, takeEntry(PREVIOUS_SESSION_ID, take, i)),
  );
  add('receipt of the first session', receiptLogEntry(previous));
  takesOf(session).forEach((take, i) =>
    add(`take ${take.takeId}`, takeEntry(SESSION_ID, take, 10 + i)),
  );
  add('receipt of the main session', receiptLogEntry(session));
  return entries;
}

function treeOf(entries: readonly string[]): MemoryMerkleTree {
  const tree = new MemoryMerkleTree();
  for (const entry of entries) tree.appendLeafHash(logEntryLeafHash(entry));
  return tree;
}

async function checkpointNote(
  tree: MemoryMerkleTree,
  size: number,
  seed = LOG_SEED,
  origin = LOG_NAME,
): Promise<string> {
  const text = formatCheckpoint({ origin, size, rootHash: tree.root(size) });
  return signNote(text, await ed25519NoteSigner(LOG_NAME, seed));
}

function inclusion(tree: MemoryMerkleTree, index: number, size: number): InclusionProofJson {
  return {
    logIndex: index,
    treeSize: size,
    leafHash: bytesToBase64(tree.leafHash(index)),
    hashes: hashesToBase64(tree.inclusionProof(index, size)),
  };
}

interface Tampered {
  name: string;
  expected: TlogReasonCode;
  inclusion?: { entry: string; proof: InclusionProofJson; checkpoint: string };
  consistency?: { older: string; newer: string; proof: string[] };
  checkpoint?: { note: string; cosignerKeys?: string[] };
}

export async function buildTlogVectors(): Promise<Record<string, unknown>> {
  const entries = await logEntries();
  const texts = entries.map((e) => e.entry);
  const tree = treeOf(texts);
  const size = tree.size;
  const logPublicKey = await publicKeyFromSeed(LOG_SEED);
  const logKey = formatVerifierKey(LOG_NAME, logPublicKey);
  const witnessPublicKey = await publicKeyFromSeed(WITNESS_SEED);
  const witnessKey = formatCosignerKey(WITNESS_NAME, witnessPublicKey);

  const roots = Array.from({ length: size + 1 }, (_, n) => bytesToBase64(tree.root(n)));
  const inclusionProofs = [];
  const consistencyProofs = [];
  for (let n = 1; n <= size; n++) {
    for (let i = 0; i < n; i++) inclusionProofs.push(inclusion(tree, i, n));
    for (let m = 0; m <= n; m++) {
      consistencyProofs.push({
        oldSize: m,
        newSize: n,
        hashes: hashesToBase64(tree.consistencyProof(m, n)),
        nodes: consistencyProofPlan(m, n),
      });
    }
  }

  const sizes = [0, 1, 3, 7, size];
  const checkpoints = [];
  for (const n of sizes) {
    const note = await checkpointNote(tree, n);
    checkpoints.push({
      size: n,
      text: formatCheckpoint({ origin: LOG_NAME, size: n, rootHash: tree.root(n) }),
      note,
    });
  }
  const latest = checkpoints[checkpoints.length - 1]!.note;
  const cosigned = await addNoteSignatures(
    latest,
    await cosignatureSigner(WITNESS_NAME, WITNESS_SEED, WITNESS_TIME),
  );
  const at7 = checkpoints.find((c) => c.size === 7)!.note;
  const addCheckpoint = await witnessVectors(tree, checkpoints, latest, logKey);

  // Tampering: each input is refused, for the reason given.
  const rewritten = (index: number, change: (value: Record<string, unknown>) => void) => {
    const value = JSON.parse(texts[index]!) as Record<string, unknown>;
    change(value);
    return takeLogEntry(value as never);
  };
  const movedSession = rewritten(4, (v) => (v.sessionId = PREVIOUS_SESSION_ID));
  const otherTime = rewritten(4, (v) => (v.receivedAt = '2026-07-14T08:00:00.000Z'));
  const otherRevision = rewritten(5, (v) => (v.revision = 3));
  const dropped = treeOf(texts.filter((_, i) => i !== 4));
  const reordered = treeOf([...texts.slice(0, 3), texts[4]!, texts[3]!, ...texts.slice(5)]);
  const badSignature = latest.replace(/ (\S)(\S+)\n$/, (_m, first: string, rest: string) => {
    return ` ${first === 'A' ? 'B' : 'A'}${rest}\n`;
  });
  const badCosignature = cosigned.replace(/(\S{8})\n$/, 'AAAAAAA=\n');
  const withProof = (entry: string, index: number, n = size) => ({
    entry,
    proof: { ...inclusion(tree, index, n), leafHash: bytesToBase64(logEntryLeafHash(entry)) },
    checkpoint: latest,
  });

  const tampered: Tampered[] = [
    {
      name: 'take moved to another session (proof of the original entry)',
      expected: TLOG_REASONS.leafMismatch,
      inclusion: { entry: movedSession, proof: inclusion(tree, 4, size), checkpoint: latest },
    },
    {
      name: 'take given another receivedAt, leaf hash recomputed',
      expected: TLOG_REASONS.notIncluded,
      inclusion: withProof(otherTime, 4),
    },
    {
      name: 'take given another revision, leaf hash recomputed',
      expected: TLOG_REASONS.notIncluded,
      inclusion: withProof(otherRevision, 5),
    },
    {
      name: 'entry claimed at another index',
      expected: TLOG_REASONS.notIncluded,
      inclusion: {
        entry: texts[4]!,
        proof: { ...inclusion(tree, 4, size), logIndex: 5 },
        checkpoint: latest,
      },
    },
    {
      name: 'proof for another tree size than the checkpoint',
      expected: TLOG_REASONS.sizeMismatch,
      inclusion: { entry: texts[2]!, proof: inclusion(tree, 2, 7), checkpoint: latest },
    },
    {
      name: 'checkpoint signed by another key under the log name',
      expected: TLOG_REASONS.checkpointSignature,
      checkpoint: { note: await checkpointNote(tree, size, OTHER_LOG_SEED) },
    },
    {
      name: 'checkpoint signature corrupted',
      expected: TLOG_REASONS.checkpointSignature,
      checkpoint: { note: badSignature },
    },
    {
      name: 'checkpoint of another origin signed by the log key',
      expected: TLOG_REASONS.checkpointOrigin,
      checkpoint: { note: await checkpointNote(tree, size, LOG_SEED, 'other.example/log') },
    },
    {
      name: 'checkpoint size with a leading zero',
      expected: TLOG_REASONS.checkpointMalformed,
      checkpoint: {
        note: await signNote(
          `${LOG_NAME}\n0${size}\n${roots[size]}\n`,
          await ed25519NoteSigner(LOG_NAME, LOG_SEED),
        ),
      },
    },
    {
      name: 'cosignature corrupted (the witness key is trusted)',
      expected: TLOG_REASONS.checkpointSignature,
      checkpoint: { note: badCosignature, cosignerKeys: [witnessKey] },
    },
    {
      name: 'entry dropped: a re-signed smaller log does not extend the old checkpoint',
      expected: TLOG_REASONS.inconsistent,
      consistency: {
        older: at7,
        newer: await checkpointNote(dropped, dropped.size),
        proof: hashesToBase64(dropped.consistencyProof(7, dropped.size)),
      },
    },
    {
      name: 'entries reordered: a forked checkpoint of the same size',
      expected: TLOG_REASONS.inconsistent,
      consistency: {
        older: at7,
        newer: await checkpointNote(reordered, size),
        proof: hashesToBase64(reordered.consistencyProof(7, size)),
      },
    },
    {
      name: 'honest consistency proof presented for a forked checkpoint',
      expected: TLOG_REASONS.inconsistent,
      consistency: {
        older: at7,
        newer: await checkpointNote(reordered, size),
        proof: hashesToBase64(tree.consistencyProof(7, size)),
      },
    },
    {
      name: 'newer checkpoint smaller than the older',
      expected: TLOG_REASONS.inconsistent,
      consistency: { older: latest, newer: at7, proof: [] },
    },
  ];

  return {
    'tlog-entries.json': {
      description:
        'log entries: entry = JCS text, leafHash = base64 SHA-256(0x00 ‖ UTF-8 of entry); in log order',
      entries,
    },
    'tlog-proofs.json': {
      description:
        'RFC 6962 tree of the tlog-entries.json leaves: roots[n] for every size, every inclusion and consistency proof (base64 hashes, bottom-up); nodes = the stored full subtrees each consistency hash folds',
      leaves: entries.map((e) => e.leafHash),
      roots,
      inclusion: inclusionProofs,
      consistency: consistencyProofs,
    },
    'tlog-checkpoints.json': {
      description:
        'C2SP checkpoints signed as notes by the log key (Ed25519, type 0x01), a cosignature/v1 (type 0x04), and tampered inputs with the TLOG_REASONS code each yields',
      log: {
        name: LOG_NAME,
        seed: LOG_SEED,
        publicKey: logPublicKey,
        verifierKey: logKey,
        signerKey: await formatSignerKey(LOG_NAME, LOG_SEED),
      },
      witness: {
        name: WITNESS_NAME,
        seed: WITNESS_SEED,
        publicKey: witnessPublicKey,
        verifierKey: witnessKey,
        timestamp: WITNESS_TIME,
      },
      checkpoints,
      cosigned,
      addCheckpoint,
      valid: {
        inclusion: [0, 4, size - 1].map((i) => ({
          entry: texts[i]!,
          proof: inclusion(tree, i, size),
          checkpoint: latest,
        })),
        consistency: checkpoints.slice(0, -1).map((c) => ({
          older: c.note,
          newer: latest,
          proof: hashesToBase64(tree.consistencyProof(c.size, size)),
        })),
      },
      tampered,
    },
  };
}

/**
 * C2SP tlog-witness `add-checkpoint`: the witness holds the size-3 checkpoint; the log sends `old
 * 3`, the consistency proof 3 → 8 and the size-8 note; the witness answers its cosignature line (at
 * WITNESS_TIME, so the cosigned note is `cosigned`'s bytes). And a conflict: `old 0` to a witness
 * at size 3 answers 409 with `3\n` as text/x.tlog.size.
 */
async function witnessVectors(
  tree: MemoryMerkleTree,
  checkpoints: Array<{ size: number; note: string }>,
  latest: string,
  logKey: string,
) {
  const at3 = checkpoints.find((c) => c.size === 3)!;
  const size = tree.size;
  const request = formatAddCheckpoint({
    oldSize: 3,
    proof: hashesToBase64(tree.consistencyProof(3, size)),
    checkpoint: latest,
  });
  const held = { size: 3, rootHash: bytesToBase64(tree.root(3)), note: at3.note };
  const decide = (body: string) =>
    witnessAddCheckpoint({
      body,
      logs: [{ origin: LOG_NAME, vkey: logKey }],
      recordOf: (origin) => (origin === LOG_NAME ? held : undefined),
      witness: { name: WITNESS_NAME, seed: WITNESS_SEED },
      timestamp: WITNESS_TIME,
    });
  const accepted = await decide(request);
  const conflictRequest = formatAddCheckpoint({ oldSize: 0, proof: [], checkpoint: latest });
  const conflict = await decide(conflictRequest);
  if (accepted.status !== 200 || conflict.status !== 409) {
    throw new Error('the add-checkpoint vectors do not come out as the spec says');
  }
  return {
    description:
      'C2SP tlog-witness add-checkpoint: the witness holds the size-3 checkpoint (witnessSize, witnessRoot); request = `old 3`, the consistency proof 3 → 8, a blank line, the size-8 note; response = the witness cosignature line (cosignature/v1 at witness.timestamp); conflict = `old 0` answered 409 with text/x.tlog.size',
    witnessSize: 3,
    witnessRoot: held.rootHash,
    request,
    response: { status: 200, body: accepted.body },
    conflict: {
      request: conflictRequest,
      response: { status: 409, contentType: 'text/x.tlog.size', body: conflict.body },
    },
  };
}
