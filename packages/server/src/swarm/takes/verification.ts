import { parseCanonicalTake, verify } from '@convene/protocol';

/** What a stored take is checked on: the signed text, its signature, its key and its columns. */
export interface VerifiableTake {
  canonical: string;
  signature: string;
  /** The key the take was filed with; null when that key row is gone. */
  publicKey: string | null;
  memberId: string;
  nonce: string;
  stance: string;
  confidence: number;
  body: string;
  /** '' when the take has none, as stored. */
  memoUrl: string;
  weights: ReadonlyArray<{ bucket: string; weight: number }> | null;
}

/**
 * `verified` of a take wherever it is served (receipt, session, member history): the Ed25519
 * signature over the exact canonical text verifies with the key the take was filed with, and the
 * stored columns say what that signed text says. Recomputed each time a body is built.
 */
export async function takeVerified(take: VerifiableTake): Promise<boolean> {
  const draft = parseCanonicalTake(take.canonical);
  if (draft === null || take.publicKey === null) return false;
  const fieldsMatch =
    draft.memberId === take.memberId &&
    draft.nonce === take.nonce &&
    draft.stance === take.stance &&
    draft.confidence === take.confidence &&
    (draft.body ?? '') === take.body &&
    (draft.memoUrl ?? '') === take.memoUrl &&
    JSON.stringify(draft.weights ?? null) === JSON.stringify(take.weights ?? null);
  return fieldsMatch && (await verify(take.publicKey, take.canonical, take.signature));
}

/** The pointer a superseded revision carries to its member's newest one (one shape everywhere). */
export interface SupersededBy {
  id: string;
  revision: number;
  receivedAt: string;
}

export const supersededBy = (
  newest: { id: string; revision: number; receivedAt: Date } | undefined,
  revision: number,
): SupersededBy | null =>
  newest === undefined || newest.revision <= revision
    ? null
    : { id: newest.id, revision: newest.revision, receivedAt: newest.receivedAt.toISOString() };
