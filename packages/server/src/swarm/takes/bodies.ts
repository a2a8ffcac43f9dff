import {
  INVALID_SUBMISSION,
  validateSubmission,
  validateTakeDraft,
  type Submission,
  type TakeDraft,
} from '@convene/protocol';
import { fail } from '../../errors.js';
import { hasUnstorableText } from '../shared/storable.js';

/*
 * The take routes' bodies, one parser each, over the protocol's validators (the same rules the SDK
 * and the CLI check before sending): the route documents the shape for OpenAPI only
 * (`documentOnly`) and the parser answers the spec's §7 messages. Text the database cannot store
 * exactly (U+0000, a lone surrogate) is refused, never altered: the stored text must be the signed one.
 */

/** `POST /api/swarm/signing-payload`: a take draft (submit minus `signature`); any failure is `invalid signing draft`. */
export function parseSigningDraftBody(body: unknown): TakeDraft {
  const result = validateTakeDraft(body);
  if (!result.ok || hasUnstorableText(body)) throw fail('invalidSigningDraft');
  return result.draft;
}

/**
 * `POST /api/swarm/submit`: a signed take. `invalid submission` for a missing or malformed field,
 * the stance message for an otherwise well-formed take whose stance is not one of the five.
 */
export function parseSubmitBody(body: unknown): Submission {
  const validation = validateSubmission(body);
  if (!validation.ok)
    throw validation.error === INVALID_SUBMISSION
      ? fail('invalidSubmission')
      : fail('invalidStance');
  if (hasUnstorableText(body)) throw fail('invalidSubmission');
  return validation.submission;
}
