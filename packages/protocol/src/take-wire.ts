import type { Weight } from './take.js';
import type { ServedTake } from './tlog/take-check.js';

/** A filed take as the service stores it: the receipt time a Date, no memo URL as ''. */
export interface StoredTake {
  id: string;
  sessionId: string;
  memberId: string;
  revision: number;
  nonce: string;
  stance: string;
  confidence: number;
  body: string;
  memoUrl: string;
  weights: Weight[] | null;
  canonical: string;
  signature: string;
  /** The key it was filed with; null when that key is gone. */
  publicKey: string | null;
  receivedAt: Date;
}

type Statement = Pick<
  StoredTake,
  'revision' | 'stance' | 'confidence' | 'body' | 'memoUrl' | 'weights'
>;

/**
 * What a take says, as every read and event serves it: its revision and the fields its member
 * signed, a memo URL it has none of as null (stored as '', the signed text's form).
 */
export function takeStatement<T extends Statement>(take: T) {
  return {
    revision: take.revision,
    stance: take.stance,
    confidence: take.confidence,
    body: take.body,
    memoUrl: take.memoUrl === '' ? null : take.memoUrl,
    weights: take.weights,
  };
}

/** A take's statement with its signed text, signature, key and receipt time, as every read serves it. */
export function signedTake(take: Omit<StoredTake, 'id' | 'sessionId' | 'memberId'>) {
  return {
    ...takeStatement(take),
    nonce: take.nonce,
    canonical: take.canonical,
    signature: take.signature,
    publicKey: take.publicKey,
    receivedAt: take.receivedAt.toISOString(),
  };
}

/** A stored take in the form every verifier checks (protocol `checkServedTake`). */
export function servedTake(take: StoredTake): ServedTake {
  return { id: take.id, sessionId: take.sessionId, memberId: take.memberId, ...signedTake(take) };
}
