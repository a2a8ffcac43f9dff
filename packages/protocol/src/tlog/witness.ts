// C2SP tlog-witness (https://c2sp.org/tlog-witness) `add-checkpoint`: the request body a log sends
// a witness, the witness's answers, and the witness's decision over its stored state. Pure: the
// HTTP server (`convene witness serve`) and the log's push (packages/server) do the I/O.
import { base64ToBytes } from '../encoding.js';
import { emptyRootHash, HASH_SIZE, hashesEqual } from './hashing.js';
import { parseSignedNote, signatureLine, type NoteSignature, type NoteSigner } from './note.js';
import { verifyConsistency } from './proofs.js';
import { hashesFromBase64, verifyCheckpointNote } from './verify.js';
import { cosignatureSigner } from './cosignature.js';
import type { Checkpoint } from './checkpoint.js';

/** Path under the witness's submission prefix. */
export const ADD_CHECKPOINT_PATH = '/add-checkpoint';
/** Content type of a 409 answer: the witness's latest cosigned size, in decimal, and a newline. */
export const TLOG_SIZE_CONTENT_TYPE = 'text/x.tlog.size';
/** A client must not send more consistency proof lines than this. */
export const MAX_CONSISTENCY_PROOF_LINES = 63;

export interface AddCheckpointRequest {
  /** The size of the previous checkpoint the witness cosigned (0 when none). */
  oldSize: number;
  /** base64 RFC 6962 consistency proof from `oldSize` to the checkpoint's size. */
  proof: string[];
  /** The checkpoint, a signed note (it may carry several signatures). */
  checkpoint: string;
}

const DECIMAL = /^(0|[1-9][0-9]*)$/;

function decimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** `old <size>\n`, one proof hash per line, a blank line, then the checkpoint note. */
export function formatAddCheckpoint(request: AddCheckpointRequest): string {
  if (!Number.isSafeInteger(request.oldSize) || request.oldSize < 0) {
    throw new RangeError('old size must be a non-negative safe integer');
  }
  if (request.proof.length > MAX_CONSISTENCY_PROOF_LINES) {
    throw new RangeError(`at most ${MAX_CONSISTENCY_PROOF_LINES} consistency proof lines`);
  }
  if (hashesFromBase64(request.proof) === null) throw new TypeError('malformed proof hash');
  return `old ${request.oldSize}\n${request.proof.map((h) => `${h}\n`).join('')}\n${request.checkpoint}`;
}

/**
 * Parses an `add-checkpoint` body; null when malformed (the witness answers 400): no `old` line,
 * a size with leading zeros, a proof line that is not base64 of 32 bytes, more than 63 of them,
 * or no signed note after the blank line.
 */
export function parseAddCheckpoint(body: string): AddCheckpointRequest | null {
  if (typeof body !== 'string') return null;
  const blank = body.indexOf('\n\n');
  if (blank < 0) return null;
  const header = body.slice(0, blank).split('\n');
  const checkpoint = body.slice(blank + 2);
  const oldLine = header[0]!;
  if (!oldLine.startsWith('old ')) return null;
  const oldSize = decimal(oldLine.slice(4));
  const proof = header.slice(1);
  if (oldSize === null || proof.length > MAX_CONSISTENCY_PROOF_LINES) return null;
  if (!proof.every((line) => base64ToBytes(line)?.length === HASH_SIZE)) return null;
  if (parseSignedNote(checkpoint) === null) return null;
  return { oldSize, proof, checkpoint };
}

/** The body of a 409 answer. */
export function formatTreeSize(size: number): string {
  return `${size}\n`;
}

/** The size a 409 answer carries; null when it is not `<decimal>\n`. */
export function parseTreeSize(body: string): number | null {
  return typeof body === 'string' && body.endsWith('\n') ? decimal(body.slice(0, -1)) : null;
}

/** A 200 answer: one or more signature lines, each `— <name> <base64>\n`; null when malformed. */
export function parseSignatureLines(body: string): NoteSignature[] | null {
  if (typeof body !== 'string' || body === '' || !body.endsWith('\n')) return null;
  const parsed = parseSignedNote(`x\n\n${body}`);
  return parsed === null ? null : parsed.signatures;
}

/** A log the witness watches: its origin and its vkey (type 0x01, named by the origin). */
export interface WitnessedLog {
  origin: string;
  vkey: string;
}

/** What the witness keeps per origin: the latest checkpoint it cosigned. */
export interface WitnessRecord {
  size: number;
  /** base64 root hash. */
  rootHash: string;
  /** The checkpoint note the witness cosigned, with its own cosignature line. */
  note: string;
}

export type AddCheckpointOutcome =
  | { status: 200; body: string; record: WitnessRecord }
  | { status: 409; body: string; contentType: typeof TLOG_SIZE_CONTENT_TYPE }
  | { status: 400 | 403 | 404 | 422; body: string };

/**
 * The witness's side of `add-checkpoint` (tlog-witness §add-checkpoint), in the spec's order:
 * 400 malformed or old size beyond the checkpoint; 404 unknown origin; 403 no valid signature by
 * the log's key (or a bad one); 409 with the stored size when `old` is not it; 422 when a size-0
 * checkpoint has another root than the empty tree's, a proof is sent from size 0, the proof does
 * not verify, or (same size) the roots differ. On success: the new record (the caller persists it
 * atomically with the check, before answering) and the cosignature line, dated `timestamp`.
 */
export async function witnessAddCheckpoint(input: {
  body: string;
  logs: readonly WitnessedLog[];
  /** The stored record for an origin, undefined when this witness never cosigned for it. */
  recordOf: (origin: string) => WitnessRecord | undefined;
  witness: { name: string; seed: string };
  /** POSIX seconds; must not be zero. */
  timestamp: number;
}): Promise<AddCheckpointOutcome> {
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp <= 0) {
    throw new RangeError('a witness timestamp must be positive POSIX seconds');
  }
  const request = parseAddCheckpoint(input.body);
  if (request === null) return { status: 400, body: 'malformed add-checkpoint request\n' };
  const note = parseSignedNote(request.checkpoint)!;
  const origin = note.text.slice(0, note.text.indexOf('\n'));
  const log = input.logs.find((l) => l.origin === origin);
  if (log === undefined) return { status: 404, body: `unknown log origin ${origin}\n` };
  const verified = await verifyCheckpointNote(request.checkpoint, { logKey: log.vkey });
  if (!verified.ok) {
    return verified.code === 'checkpoint_malformed'
      ? { status: 400, body: `${verified.message}\n` }
      : { status: 403, body: `${verified.message}\n` };
  }
  const checkpoint: Checkpoint = verified.checkpoint;
  if (request.oldSize > checkpoint.size) {
    return { status: 400, body: 'old size is beyond the checkpoint size\n' };
  }
  const stored = input.recordOf(origin);
  const storedSize = stored?.size ?? 0;
  if (request.oldSize !== storedSize) {
    return { status: 409, body: formatTreeSize(storedSize), contentType: TLOG_SIZE_CONTENT_TYPE };
  }
  if (checkpoint.size === 0 && !hashesEqual(checkpoint.rootHash, emptyRootHash())) {
    return { status: 422, body: 'a size-0 checkpoint must have the empty tree hash\n' };
  }
  const proof = hashesFromBase64(request.proof)!;
  if (stored === undefined || storedSize === 0) {
    if (proof.length !== 0) return { status: 422, body: 'no proof is sent from size 0\n' };
  } else {
    const oldRoot = base64ToBytes(stored.rootHash)!;
    if (!verifyConsistency(storedSize, checkpoint.size, proof, oldRoot, checkpoint.rootHash)) {
      return {
        status: 422,
        body: `size ${checkpoint.size} does not extend the cosigned size ${storedSize}\n`,
      };
    }
  }
  const signer: NoteSigner = await cosignatureSigner(
    input.witness.name,
    input.witness.seed,
    input.timestamp,
  );
  const line = await signatureLine(verified.text, signer);
  return {
    status: 200,
    body: line,
    record: {
      size: checkpoint.size,
      rootHash: request.checkpoint.split('\n')[2]!,
      note: `${request.checkpoint}${line}`,
    },
  };
}
