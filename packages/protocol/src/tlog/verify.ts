// What a member, the CLI, a monitor and the browser check, in one place: a checkpoint signed by
// the log key, an entry's inclusion under it, and the consistency of two checkpoints. Proof
// hashes travel as base64 (the encoding of the checkpoint's root line).
import { base64ToBytes, bytesToBase64 } from '../encoding.js';
import { parseCheckpoint, type Checkpoint } from './checkpoint.js';
import { cosignatureTimestamp, cosignatureVerifier } from './cosignature.js';
import { HASH_SIZE, hashesEqual, isTreeSize } from './hashing.js';
import { logEntryLeafHash } from './entries.js';
import { ed25519NoteVerifier, keyIdHex, openNote, type NoteVerifier } from './note.js';
import { verifyConsistency, verifyInclusion } from './proofs.js';

/** An inclusion proof as the API serves it. */
export interface InclusionProofJson {
  logIndex: number;
  treeSize: number;
  /** Base64 of SHA-256(0x00 ‖ entry). */
  leafHash: string;
  /** Base64 hashes, bottom-up (RFC 9162 §2.1.3.1). */
  hashes: string[];
}

/** A consistency proof as the API serves it. */
export interface ConsistencyProofJson {
  oldSize: number;
  newSize: number;
  hashes: string[];
}

export const TLOG_REASONS = {
  checkpointMalformed: 'checkpoint_malformed',
  checkpointSignature: 'checkpoint_signature_invalid',
  checkpointOrigin: 'checkpoint_origin_mismatch',
  proofMalformed: 'proof_malformed',
  leafMismatch: 'leaf_hash_mismatch',
  sizeMismatch: 'tree_size_mismatch',
  notIncluded: 'inclusion_proof_invalid',
  inconsistent: 'consistency_proof_invalid',
  entryInvalid: 'log_entry_invalid',
} as const;

export type TlogReasonCode = (typeof TLOG_REASONS)[keyof typeof TLOG_REASONS];

export type TlogFailure = { ok: false; code: TlogReasonCode; message: string };

export interface VerifiedCheckpoint {
  ok: true;
  checkpoint: Checkpoint;
  /** The checkpoint note text (without signatures). */
  text: string;
  /** Cosigners (by vkey name) whose cosignatures verified, with their timestamps. */
  cosignatures: { name: string; keyId: string; timestamp: number }[];
}

const fail = (code: TlogReasonCode, message: string): TlogFailure => ({ ok: false, code, message });

export function hashesToBase64(hashes: readonly Uint8Array[]): string[] {
  return hashes.map(bytesToBase64);
}

/** Base64 hashes to bytes; null when any is not strict base64 of 32 bytes. */
export function hashesFromBase64(hashes: unknown): Uint8Array[] | null {
  if (!Array.isArray(hashes)) return null;
  const bytes: Uint8Array[] = [];
  for (const text of hashes) {
    const hash = typeof text === 'string' ? base64ToBytes(text) : null;
    if (hash === null || hash.length !== HASH_SIZE) return null;
    bytes.push(hash);
  }
  return bytes;
}

export interface CheckpointKeys {
  /** The log's vkey (`<origin>+<key ID>+base64(0x01 ‖ key)`). */
  logKey: string;
  /** Witness vkeys (type 0x04) whose cosignatures to check and report. */
  cosignerKeys?: readonly string[];
}

/**
 * Opens a checkpoint note: it must carry a valid signature by the log key whose name is the
 * checkpoint's origin, and be a well-formed checkpoint. A cosignature by a listed witness that
 * fails to verify rejects the note (signed-note rules); unknown signatures are ignored.
 */
export async function verifyCheckpointNote(
  note: string,
  keys: CheckpointKeys,
): Promise<VerifiedCheckpoint | TlogFailure> {
  let log: NoteVerifier;
  let cosigners: NoteVerifier[];
  try {
    log = ed25519NoteVerifier(keys.logKey);
    cosigners = (keys.cosignerKeys ?? []).map(cosignatureVerifier);
  } catch (error) {
    return fail(TLOG_REASONS.checkpointSignature, `bad verifier key: ${(error as Error).message}`);
  }
  const opened = await openNote(note, [log, ...cosigners]);
  if (!opened.ok) {
    return opened.reason === 'malformed'
      ? fail(TLOG_REASONS.checkpointMalformed, opened.detail)
      : fail(TLOG_REASONS.checkpointSignature, opened.detail);
  }
  if (!opened.verified.some((s) => s.name === log.name && s.keyId === log.keyId)) {
    return fail(TLOG_REASONS.checkpointSignature, 'the checkpoint is not signed by the log key');
  }
  const checkpoint = parseCheckpoint(opened.text);
  if (checkpoint === null) return fail(TLOG_REASONS.checkpointMalformed, 'malformed checkpoint');
  if (checkpoint.origin !== log.name) {
    return fail(TLOG_REASONS.checkpointOrigin, `checkpoint origin is not ${log.name}`);
  }
  const cosignatures = opened.verified
    .filter((s) => !(s.name === log.name && s.keyId === log.keyId))
    .map((s) => ({
      name: s.name,
      keyId: keyIdHex(s.keyId),
      timestamp: cosignatureTimestamp(s.signature) ?? 0,
    }));
  return { ok: true, checkpoint, text: opened.text, cosignatures };
}

/** Checks a proof against an already verified checkpoint (no signature work). */
export function checkInclusion(
  entry: string,
  proof: InclusionProofJson,
  checkpoint: Checkpoint,
): { ok: true } | TlogFailure {
  const hashes = hashesFromBase64(proof?.hashes);
  const claimedLeaf = typeof proof?.leafHash === 'string' ? base64ToBytes(proof.leafHash) : null;
  if (hashes === null || claimedLeaf === null || !isTreeSize(proof.logIndex)) {
    return fail(TLOG_REASONS.proofMalformed, 'malformed inclusion proof');
  }
  const leaf = logEntryLeafHash(entry);
  if (!hashesEqual(leaf, claimedLeaf)) {
    return fail(TLOG_REASONS.leafMismatch, 'the entry does not hash to the proof’s leaf hash');
  }
  if (proof.treeSize !== checkpoint.size) {
    return fail(
      TLOG_REASONS.sizeMismatch,
      `proof is for size ${proof.treeSize}, checkpoint has ${checkpoint.size}`,
    );
  }
  if (!verifyInclusion(proof.logIndex, proof.treeSize, leaf, hashes, checkpoint.rootHash)) {
    return fail(
      TLOG_REASONS.notIncluded,
      `entry ${proof.logIndex} is not in the checkpoint's tree`,
    );
  }
  return { ok: true };
}

/** Entry text + inclusion proof + signed checkpoint + log key: is the entry in the log? */
export async function verifyEntryInclusion(input: {
  entry: string;
  proof: InclusionProofJson;
  checkpoint: string;
  logKey: string;
}): Promise<VerifiedCheckpoint | TlogFailure> {
  const opened = await verifyCheckpointNote(input.checkpoint, { logKey: input.logKey });
  if (!opened.ok) return opened;
  const included = checkInclusion(input.entry, input.proof, opened.checkpoint);
  return included.ok ? opened : included;
}

/** Consistency of two already verified checkpoints (same origin, old size ≤ new size). */
export function checkConsistency(
  older: Checkpoint,
  newer: Checkpoint,
  proof: readonly string[],
): { ok: true } | TlogFailure {
  const hashes = hashesFromBase64(proof);
  if (hashes === null) return fail(TLOG_REASONS.proofMalformed, 'malformed consistency proof');
  if (older.origin !== newer.origin) {
    return fail(TLOG_REASONS.checkpointOrigin, 'the checkpoints are of different logs');
  }
  if (older.size > newer.size) {
    return fail(TLOG_REASONS.inconsistent, `the tree shrank from ${older.size} to ${newer.size}`);
  }
  if (!verifyConsistency(older.size, newer.size, hashes, older.rootHash, newer.rootHash)) {
    return fail(
      TLOG_REASONS.inconsistent,
      `size ${newer.size} does not extend size ${older.size}: a fork or a rewrite`,
    );
  }
  return { ok: true };
}

/** Two signed checkpoints and a consistency proof: does the newer one extend the older one? */
export async function verifyCheckpointConsistency(input: {
  older: string;
  newer: string;
  proof: readonly string[];
  logKey: string;
}): Promise<{ ok: true; older: Checkpoint; newer: Checkpoint } | TlogFailure> {
  const older = await verifyCheckpointNote(input.older, { logKey: input.logKey });
  if (!older.ok) return older;
  const newer = await verifyCheckpointNote(input.newer, { logKey: input.logKey });
  if (!newer.ok) return newer;
  const consistent = checkConsistency(older.checkpoint, newer.checkpoint, input.proof);
  return consistent.ok
    ? { ok: true, older: older.checkpoint, newer: newer.checkpoint }
    : consistent;
}
