import { TOKEN_CLAIM_PURPOSE } from './constants.js';
import { sign, verify } from './signing.js';

/** The fields of POST /api/swarm/token-claim minus `signature`, echoed from the challenge. */
export interface TokenClaim {
  memberId: string;
  challenge: string;
  /** As the challenge response gave it (Convene issues an ISO 8601 UTC string). */
  expiresAt: string;
}

/**
 * `JSON.stringify` of {purpose: "swarm-token-claim-v1", memberId, challenge, expiresAt}.
 *
 * @example
 * canonicalTokenClaim({ memberId: 'm', challenge: 'c', expiresAt: '2026-01-01T00:10:00.000Z' })
 * // '{"purpose":"swarm-token-claim-v1","memberId":"m","challenge":"c",
 * //   "expiresAt":"2026-01-01T00:10:00.000Z"}'
 */
export function canonicalTokenClaim(claim: TokenClaim): string {
  return JSON.stringify({
    purpose: TOKEN_CLAIM_PURPOSE,
    memberId: claim.memberId,
    challenge: claim.challenge,
    expiresAt: claim.expiresAt,
  });
}

export function signTokenClaim(claim: TokenClaim, seedB64: string): Promise<string> {
  return sign(seedB64, canonicalTokenClaim(claim));
}

/** Never throws. */
export function verifyTokenClaim(
  claim: TokenClaim,
  signatureB64: string,
  publicKeyB64: string,
): Promise<boolean> {
  let canonical: string;
  try {
    canonical = canonicalTokenClaim(claim);
  } catch {
    return Promise.resolve(false);
  }
  return verify(publicKeyB64, canonical, signatureB64);
}
