// Log entries: RFC 8785 (JCS) text binding what a signature alone does not. The entry bytes are
// the UTF-8 of that text; the leaf hash is SHA-256(0x00 ‖ bytes). Documented byte for byte in
// docs/protocol.md §14.
import { base64ToBytes, utf8Encode } from '../encoding.js';
import { keyFingerprint, sha256Hex } from '../hash.js';
import { jcs } from '../jcs.js';
import type { ConsensusReceipt, ServiceSignature } from '../receipt-types.js';
import { verifyReceipt } from '../receipt-verify.js';
import { isUsablePublicKey, verify } from '../signing.js';
import { isPlainObject } from '../strings.js';
import { parseCanonicalTake } from '../take-validation.js';
import { outcomeRecordProblems } from '../track-record/record-check.js';
import { leafHash } from './hashing.js';
import {
  KEY_ENTRY_KIND,
  keyEntryProblem,
  KEYS_BEGIN_KIND,
  keysBeginProblem,
  type KeyLogEntry,
  type KeysBeginLogEntry,
} from './key-entry.js';

export const LOG_ENTRY_KIND = {
  take: 'convene.log.take.v1',
  receipt: 'convene.log.receipt.v1',
  outcome: 'convene.log.outcome.v1',
  key: KEY_ENTRY_KIND,
  keysBegin: KEYS_BEGIN_KIND,
} as const;

export type LogEntryKind = (typeof LOG_ENTRY_KIND)[keyof typeof LOG_ENTRY_KIND];

/** An accepted take: the member's signed text and signature plus what the server decided. */
export interface TakeLogEntry {
  kind: typeof LOG_ENTRY_KIND.take;
  takeId: string;
  sessionId: string;
  memberId: string;
  /** 1 for the first take, up to 5 with amendments. */
  revision: number;
  /** When the server accepted it: ISO 8601 UTC with milliseconds, as the API's `receivedAt`. */
  receivedAt: string;
  /** The member's key the signature was checked against (base64, 32 bytes). */
  publicKey: string;
  /** The exact signed text (named as in the receipt's submissions). */
  canonical_submission: string;
  /** Base64 Ed25519 signature over the UTF-8 of `canonical_submission`. */
  signature: string;
}

/** A published consensus receipt: its signed canonical text, digest and service signature. */
export interface ReceiptLogEntry {
  kind: typeof LOG_ENTRY_KIND.receipt;
  sessionId: string;
  digest: string;
  canonicalBytes: string;
  signature: ServiceSignature;
}

/**
 * A session's published outcome over one horizon (docs/methodology.md §6): the JCS text of the
 * outcome record and its SHA-256, so an outcome, once logged, cannot change.
 */
export interface OutcomeLogEntry {
  kind: typeof LOG_ENTRY_KIND.outcome;
  sessionId: string;
  horizonDays: number;
  /** Lowercase hex SHA-256 of the UTF-8 of `record`. */
  digest: string;
  /** The RFC 8785 text of the outcome record. */
  record: string;
}

export type LogEntry =
  TakeLogEntry | ReceiptLogEntry | OutcomeLogEntry | KeyLogEntry | KeysBeginLogEntry;

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HEX_DIGEST = /^[0-9a-f]{64}$/;

const TAKE_FIELDS = [
  'canonical_submission',
  'kind',
  'memberId',
  'publicKey',
  'receivedAt',
  'revision',
  'sessionId',
  'signature',
  'takeId',
] as const;
const RECEIPT_FIELDS = ['canonicalBytes', 'digest', 'kind', 'sessionId', 'signature'] as const;
const SIGNATURE_FIELDS = ['keyId', 'publicKey', 'signature'] as const;
const OUTCOME_FIELDS = ['digest', 'horizonDays', 'kind', 'record', 'sessionId'] as const;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isSignature = (value: unknown): value is string =>
  typeof value === 'string' && base64ToBytes(value)?.length === 64;

function hasExactly(value: Record<string, unknown>, fields: readonly string[]): boolean {
  const keys = Object.keys(value).sort();
  return keys.length === fields.length && keys.every((key, i) => key === fields[i]);
}

/** The first problem with a take entry's fields, or null when well-formed. */
function takeEntryProblem(value: Record<string, unknown>): string | null {
  if (!hasExactly(value, TAKE_FIELDS)) return `fields must be exactly ${TAKE_FIELDS.join(', ')}`;
  if (!nonEmpty(value.takeId)) return 'takeId must be a non-empty string';
  if (!nonEmpty(value.sessionId)) return 'sessionId must be a non-empty string';
  if (!nonEmpty(value.memberId)) return 'memberId must be a non-empty string';
  const revision = value.revision;
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 1) {
    return 'revision must be a positive integer';
  }
  if (typeof value.receivedAt !== 'string' || !ISO_MILLIS.test(value.receivedAt)) {
    return 'receivedAt must be ISO 8601 UTC with milliseconds';
  }
  if (Number.isNaN(Date.parse(value.receivedAt))) return 'receivedAt is not a real instant';
  if (!isUsablePublicKey(value.publicKey)) return 'publicKey must be a usable Ed25519 key';
  if (!nonEmpty(value.canonical_submission)) return 'canonical_submission must be a string';
  if (!isSignature(value.signature)) return 'signature must be base64 of 64 bytes';
  return null;
}

function receiptEntryProblem(value: Record<string, unknown>): string | null {
  if (!hasExactly(value, RECEIPT_FIELDS)) {
    return `fields must be exactly ${RECEIPT_FIELDS.join(', ')}`;
  }
  if (!nonEmpty(value.sessionId)) return 'sessionId must be a non-empty string';
  if (typeof value.digest !== 'string' || !HEX_DIGEST.test(value.digest)) {
    return 'digest must be 64 lowercase hex digits';
  }
  if (!nonEmpty(value.canonicalBytes)) return 'canonicalBytes must be a non-empty string';
  const signature = value.signature;
  if (!isPlainObject(signature) || !hasExactly(signature, SIGNATURE_FIELDS)) {
    return `signature must have exactly ${SIGNATURE_FIELDS.join(', ')}`;
  }
  if (!isUsablePublicKey(signature.publicKey)) return 'signature.publicKey must be usable';
  if (!nonEmpty(signature.keyId)) return 'signature.keyId must be a string';
  if (!isSignature(signature.signature)) return 'signature.signature must be base64 of 64 bytes';
  return null;
}

function outcomeEntryProblem(value: Record<string, unknown>): string | null {
  if (!hasExactly(value, OUTCOME_FIELDS))
    return `fields must be exactly ${OUTCOME_FIELDS.join(', ')}`;
  if (!nonEmpty(value.sessionId)) return 'sessionId must be a non-empty string';
  const horizon = value.horizonDays;
  if (typeof horizon !== 'number' || !Number.isSafeInteger(horizon) || horizon < 1) {
    return 'horizonDays must be a positive integer';
  }
  if (typeof value.digest !== 'string' || !HEX_DIGEST.test(value.digest)) {
    return 'digest must be 64 lowercase hex digits';
  }
  if (!nonEmpty(value.record)) return 'record must be a non-empty string';
  return null;
}

/** JCS text of a take's log entry. Throws a TypeError naming the first malformed field. */
export function takeLogEntry(take: Omit<TakeLogEntry, 'kind'>): string {
  const entry = { ...take, kind: LOG_ENTRY_KIND.take };
  const problem = takeEntryProblem(entry);
  if (problem !== null) throw new TypeError(`take log entry: ${problem}`);
  return jcs(entry);
}

/** JCS text of a consensus receipt's log entry. Throws a TypeError on a malformed receipt. */
export function receiptLogEntry(
  receipt: Pick<ConsensusReceipt, 'sessionId' | 'digest' | 'canonicalBytes' | 'signature'>,
): string {
  const { keyId, publicKey, signature } = receipt.signature;
  const entry = {
    kind: LOG_ENTRY_KIND.receipt,
    sessionId: receipt.sessionId,
    digest: receipt.digest,
    canonicalBytes: receipt.canonicalBytes,
    signature: { keyId, publicKey, signature },
  };
  const problem = receiptEntryProblem(entry);
  if (problem !== null) throw new TypeError(`receipt log entry: ${problem}`);
  return jcs(entry);
}

/** JCS text of an outcome's log entry (the record's JCS text and digest). */
export function outcomeLogEntry(record: { sessionId: string; horizonDays: number }): string {
  const text = jcs(record);
  const entry = {
    kind: LOG_ENTRY_KIND.outcome,
    sessionId: record.sessionId,
    horizonDays: record.horizonDays,
    digest: sha256Hex(text),
    record: text,
  };
  const problem = outcomeEntryProblem(entry);
  if (problem !== null) throw new TypeError(`outcome log entry: ${problem}`);
  return jcs(entry);
}

const PROBLEMS: Readonly<Record<LogEntryKind, (value: Record<string, unknown>) => string | null>> =
  {
    [LOG_ENTRY_KIND.take]: takeEntryProblem,
    [LOG_ENTRY_KIND.receipt]: receiptEntryProblem,
    [LOG_ENTRY_KIND.outcome]: outcomeEntryProblem,
    [LOG_ENTRY_KIND.key]: keyEntryProblem,
    [LOG_ENTRY_KIND.keysBegin]: keysBeginProblem,
  };

function entryProblem(value: Record<string, unknown>): string {
  const check = Object.hasOwn(PROBLEMS, value.kind as string)
    ? PROBLEMS[value.kind as LogEntryKind]
    : undefined;
  return check === undefined ? 'unknown entry kind' : (check(value) ?? '');
}

export type ParsedLogEntry = { ok: true; entry: LogEntry } | { ok: false; error: string };

/** Parses entry text: it must be JSON, already in JCS form, of a known kind with exact fields. */
export function parseLogEntry(text: string): ParsedLogEntry {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'entry is not JSON' };
  }
  if (!isPlainObject(value)) return { ok: false, error: 'entry is not a JSON object' };
  let canonical: string;
  try {
    canonical = jcs(value);
  } catch {
    return { ok: false, error: 'entry has no canonical form' };
  }
  if (canonical !== text) return { ok: false, error: 'entry is not in RFC 8785 canonical form' };
  const problem = entryProblem(value);
  if (problem !== '') return { ok: false, error: problem };
  return { ok: true, entry: value as unknown as LogEntry };
}

/** The entry's leaf hash: SHA-256(0x00 ‖ UTF-8 of the entry text). */
export function logEntryLeafHash(text: string): Uint8Array {
  return leafHash(utf8Encode(text));
}

export interface LogEntryCheck {
  ok: boolean;
  kind: LogEntryKind | null;
  /** One sentence per failed check; empty when ok. */
  problems: string[];
}

async function takeProblems(entry: TakeLogEntry): Promise<string[]> {
  const problems: string[] = [];
  if (!(await verify(entry.publicKey, entry.canonical_submission, entry.signature))) {
    problems.push('the member signature does not verify over canonical_submission');
  }
  const draft = parseCanonicalTake(entry.canonical_submission);
  if (draft === null) problems.push('canonical_submission is not a canonical take');
  else if (draft.memberId !== entry.memberId) {
    problems.push('canonical_submission names another member');
  }
  return problems;
}

async function receiptProblems(entry: ReceiptLogEntry): Promise<string[]> {
  const problems: string[] = [];
  if (sha256Hex(entry.canonicalBytes) !== entry.digest) {
    problems.push('digest is not the SHA-256 of canonicalBytes');
  }
  if (keyFingerprint(entry.signature.publicKey) !== entry.signature.keyId) {
    problems.push('signature.keyId is not the fingerprint of signature.publicKey');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(entry.canonicalBytes);
  } catch {
    return [...problems, 'canonicalBytes is not JSON'];
  }
  if (!isPlainObject(payload) || payload.sessionId !== entry.sessionId) {
    problems.push('canonicalBytes is for another session');
  }
  const { sessionId, digest, canonicalBytes, signature } = entry;
  const result = await verifyReceipt({ sessionId, payload, canonicalBytes, digest, signature });
  for (const reason of result.unverifiedReasons) problems.push(`${reason.code}: ${reason.message}`);
  return problems;
}

function outcomeProblems(entry: OutcomeLogEntry): string[] {
  if (sha256Hex(entry.record) !== entry.digest) return ['digest is not the SHA-256 of record'];
  let record: unknown;
  try {
    record = JSON.parse(entry.record);
  } catch {
    return ['record is not JSON'];
  }
  if (!isPlainObject(record)) return ['record is not a JSON object'];
  let canonical: string;
  try {
    canonical = jcs(record);
  } catch {
    return ['record has no canonical form'];
  }
  const problems: string[] = [];
  if (canonical !== entry.record) problems.push('record is not in RFC 8785 canonical form');
  if (record.sessionId !== entry.sessionId) problems.push('record is for another session');
  if (record.horizonDays !== entry.horizonDays) problems.push('record is for another horizon');
  return [...problems, ...outcomeRecordProblems(record)];
}

/**
 * Re-verifies an entry on its own, as a monitor does for each new entry: a take's member
 * signature and that its signed text names its member; a receipt's digest, key ID and the full
 * receipt verification (signatures and recomputed aggregation) of `verifyReceipt`; an outcome's
 * digest and its record's arithmetic (`outcomeRecordProblems`); a key entry's
 * and the key marker's exact shape.
 */
export async function verifyLogEntry(text: string): Promise<LogEntryCheck> {
  const parsed = parseLogEntry(text);
  if (!parsed.ok) return { ok: false, kind: null, problems: [parsed.error] };
  const { entry } = parsed;
  // A key entry carries no text to re-verify (its application is logged as a digest, §14.1); its
  // place in the member's history is checked by the key fold (key-history.ts).
  const problems =
    entry.kind === LOG_ENTRY_KIND.take
      ? await takeProblems(entry)
      : entry.kind === LOG_ENTRY_KIND.receipt
        ? await receiptProblems(entry)
        : entry.kind === LOG_ENTRY_KIND.outcome
          ? outcomeProblems(entry)
          : [];
  return { ok: problems.length === 0, kind: entry.kind, problems };
}
