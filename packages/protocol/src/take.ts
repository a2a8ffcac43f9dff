import type { Stance } from './constants.js';
import { sign, verify } from './signing.js';

/** One bucket of a take's allocation weights. */
export interface Weight {
  bucket: string;
  weight: number;
}

/** A validated take before signing (the signing-payload body). */
export interface TakeDraft {
  memberId: string;
  date: string;
  subjectId: string;
  nonce: string;
  stance: Stance;
  confidence: number;
  body?: string;
  memoUrl?: string;
  weights?: Weight[];
}

/** A validated take as submitted: the draft plus its base64 Ed25519 signature. */
export interface Submission extends TakeDraft {
  signature: string;
}

/** What `canonicalTake` accepts: absent, undefined and null optional fields are all "omitted". */
export interface TakeDraftInput {
  memberId: string;
  date: string;
  subjectId: string;
  nonce: string;
  stance: string;
  confidence: number;
  body?: string | null | undefined;
  memoUrl?: string | null | undefined;
  weights?: readonly Weight[] | null | undefined;
}

/**
 * The exact text a member signs (spec §5.2): JSON without whitespace, keys in the order memberId,
 * date, subjectId, nonce, stance, confidence, body ("" when omitted), memoUrl ("" when omitted),
 * then `weights` only when present and not null, each element re-created as {bucket, weight} in
 * submitted order. Numbers use ECMAScript number-to-string. Formatting only: validate first.
 *
 * @example
 * canonicalTake({ memberId: 'm', date: '2026-01-02', subjectId: 's', nonce: 'n',
 *   stance: 'neutral', confidence: 0.5 })
 * // '{"memberId":"m","date":"2026-01-02","subjectId":"s","nonce":"n","stance":"neutral",
 * //   "confidence":0.5,"body":"","memoUrl":""}'
 */
export function canonicalTake(draft: TakeDraftInput): string {
  const ordered: Record<string, unknown> = {
    memberId: draft.memberId,
    date: draft.date,
    subjectId: draft.subjectId,
    nonce: draft.nonce,
    stance: draft.stance,
    confidence: draft.confidence,
    body: draft.body ?? '',
    memoUrl: draft.memoUrl ?? '',
  };
  if (draft.weights !== undefined && draft.weights !== null) {
    ordered.weights = draft.weights.map(({ bucket, weight }) => ({ bucket, weight }));
  }
  return JSON.stringify(ordered);
}

/** Base64 Ed25519 signature over the UTF-8 of `canonicalTake(draft)`. */
export function signTake(draft: TakeDraftInput, seedB64: string): Promise<string> {
  return sign(seedB64, canonicalTake(draft));
}

/** Never throws; false for any malformed key or signature. */
export function verifyTake(
  draft: TakeDraftInput,
  signatureB64: string,
  publicKeyB64: string,
): Promise<boolean> {
  let canonical: string;
  try {
    canonical = canonicalTake(draft);
  } catch {
    return Promise.resolve(false);
  }
  return verify(publicKeyB64, canonical, signatureB64);
}
