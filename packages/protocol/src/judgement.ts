import { JUDGEMENT_PURPOSE, type ReleaseSafety } from './constants.js';
import { sign, verify } from './signing.js';

/**
 * What the service records for a judgement's `model`, `promptHash` or `inputsDigest` when the
 * judge keeps it to itself.
 */
export const UNDISCLOSED = 'undisclosed';

/** A judge member's opinion on one session, as it signs it. */
export interface Judgement {
  sessionId: string;
  memberId: string;
  releaseSafety: ReleaseSafety;
  rationale: string;
  /** Short statements of where the takes disagree, in the judge's order. */
  disagreements: readonly string[];
}

/**
 * `JSON.stringify` of {purpose: "swarm-judgement-v1", sessionId, memberId, releaseSafety,
 * rationale, disagreements} in that order.
 */
export function canonicalJudgement(judgement: Judgement): string {
  return JSON.stringify({
    purpose: JUDGEMENT_PURPOSE,
    sessionId: judgement.sessionId,
    memberId: judgement.memberId,
    releaseSafety: judgement.releaseSafety,
    rationale: judgement.rationale,
    disagreements: [...judgement.disagreements],
  });
}

export function signJudgement(judgement: Judgement, seedB64: string): Promise<string> {
  return sign(seedB64, canonicalJudgement(judgement));
}

/** Never throws. */
export function verifyJudgement(
  judgement: Judgement,
  signatureB64: string,
  publicKeyB64: string,
): Promise<boolean> {
  let canonical: string;
  try {
    canonical = canonicalJudgement(judgement);
  } catch {
    return Promise.resolve(false);
  }
  return verify(publicKeyB64, canonical, signatureB64);
}
