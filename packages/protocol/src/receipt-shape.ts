import { RECEIPT_KIND } from './constants.js';
import { isPlainObject } from './strings.js';

/** The parts of an untrusted receipt the verifier relies on, with their types checked. */
export interface ReceiptEnvelope {
  sessionId: string;
  payload: Record<string, unknown> & {
    sessionId: string;
    subjectId: string;
    date: string;
    submissions: unknown[];
    previousReceiptDigest: string | null;
    log?: unknown;
  };
  canonicalBytes: string;
  digest: string;
  signature: { keyId: string; publicKey: string; signature: string };
}

export interface SubmissionEntry {
  memberId: string;
  takeId: string;
  revision: number;
  publicKey: string;
  canonical_submission: string;
  signature: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** The envelope, or a sentence saying what is wrong with it. */
export function readEnvelope(receipt: unknown): ReceiptEnvelope | string {
  if (!isPlainObject(receipt)) return 'receipt is not an object';
  const { sessionId, payload, canonicalBytes, digest, signature } = receipt;
  if (!isString(sessionId) || !isString(canonicalBytes) || !isString(digest)) {
    return 'sessionId, canonicalBytes and digest must be strings';
  }
  if (
    !isPlainObject(signature) ||
    !isString(signature.keyId) ||
    !isString(signature.publicKey) ||
    !isString(signature.signature)
  ) {
    return 'signature must be {keyId, publicKey, signature} strings';
  }
  if (!isPlainObject(payload)) return 'payload is not an object';
  if (payload.kind !== RECEIPT_KIND) return `payload.kind is not "${RECEIPT_KIND}"`;
  const strings = ['sessionId', 'subjectId', 'date', 'convenedAt', 'aggregatedAt'] as const;
  for (const field of strings) {
    if (!isString(payload[field])) return `payload.${field} must be a string`;
  }
  if (!isNullableString(payload.windowClosesAt))
    return 'payload.windowClosesAt must be a string or null';
  if (!isNullableString(payload.previousReceiptDigest)) {
    return 'payload.previousReceiptDigest must be a string or null';
  }
  if (!Array.isArray(payload.submissions)) return 'payload.submissions must be an array';
  return {
    sessionId,
    payload: payload as ReceiptEnvelope['payload'],
    canonicalBytes,
    digest,
    signature: {
      keyId: signature.keyId,
      publicKey: signature.publicKey,
      signature: signature.signature,
    },
  };
}

export function isSubmissionEntry(value: unknown): value is SubmissionEntry {
  return (
    isPlainObject(value) &&
    isString(value.memberId) &&
    isString(value.takeId) &&
    Number.isSafeInteger(value.revision) &&
    (value.revision as number) >= 1 &&
    isString(value.publicKey) &&
    isString(value.canonical_submission) &&
    isString(value.signature)
  );
}

/** `absent` as a string array and `required` as a non-negative integer, or null. */
export function readQuorumClaims(quorum: unknown): { absent: string[]; required: number } | null {
  if (!isPlainObject(quorum)) return null;
  const { absent, required } = quorum;
  if (!Array.isArray(absent) || !absent.every(isString)) return null;
  if (typeof required !== 'number' || !Number.isSafeInteger(required) || required < 0) return null;
  return { absent, required };
}
