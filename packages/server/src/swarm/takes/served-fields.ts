import { signedTake, type StoredTake } from '@convene/protocol';
import { unverifiedReasons, type TakeVerdict } from './verification.js';

/**
 * A take's signed fields as every read serves them (`SignedTakeFields` in shared/schemas.ts): what it
 * says, its signed text, signature and key, and the verdict of the read being answered.
 */
export function signedTakeFields(take: StoredTake, verdict: TakeVerdict) {
  return {
    ...signedTake(take),
    verified: verdict.verified,
    ...unverifiedReasons(verdict),
    logIndex: verdict.logIndex,
    leafHash: verdict.leafHash,
  };
}
