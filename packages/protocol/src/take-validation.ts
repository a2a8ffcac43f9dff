import {
  DATE_RE,
  INVALID_SUBMISSION,
  LIMITS,
  STANCE_ERROR,
  STANCES,
  type Stance,
} from './constants.js';
import { isBoundedString, isPlainObject } from './strings.js';
import { canonicalTake, type Submission, type TakeDraft, type Weight } from './take.js';

export type TakeValidationError = typeof INVALID_SUBMISSION | typeof STANCE_ERROR;

export type TakeDraftValidation =
  { ok: true; draft: TakeDraft } | { ok: false; error: TakeValidationError };

export type SubmissionValidation =
  { ok: true; submission: Submission } | { ok: false; error: TakeValidationError };

const INVALID = { ok: false, error: INVALID_SUBMISSION } as const;

export function isStance(value: unknown): value is Stance {
  return typeof value === 'string' && (STANCES as readonly string[]).includes(value);
}

function isUnitInterval(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
}

/** `undefined` = absent; `null` = invalid; otherwise the weights re-created as {bucket, weight}. */
function readWeights(value: unknown): Weight[] | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.WEIGHTS_MAX) return null;
  const weights: Weight[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const element of value as unknown[]) {
    if (!isPlainObject(element)) return null;
    const { bucket, weight } = element;
    if (!isBoundedString(bucket, LIMITS.BUCKET_MAX) || seen.has(bucket)) return null;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) return null;
    seen.add(bucket);
    total += weight;
    weights.push({ bucket, weight: weight === 0 ? 0 : weight });
  }
  // The total must be usable as a divisor when the take is normalised.
  return total > 0 && Number.isFinite(total) ? weights : null;
}

function readOptionalText(value: unknown, max: number): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  return isBoundedString(value, max, true) ? value : null;
}

/**
 * Validates a take draft (the submit body minus `signature`; the signing-payload body). Only the
 * known fields are read, unknown keys are ignored, and `null` optional fields count as absent.
 * Any structural failure answers `invalid submission`; only a well-formed draft whose stance is
 * outside the vocabulary answers the stance message.
 */
export function validateTakeDraft(input: unknown): TakeDraftValidation {
  if (!isPlainObject(input)) return INVALID;
  const { memberId, date, subjectId, nonce, stance, confidence } = input;
  const body = readOptionalText(input.body, LIMITS.BODY_MAX);
  const memoUrl = readOptionalText(input.memoUrl, LIMITS.MEMO_URL_MAX);
  const weights = readWeights(input.weights);
  if (
    !isBoundedString(memberId, LIMITS.MEMBER_ID_MAX) ||
    !isBoundedString(date, 10) ||
    !DATE_RE.test(date) ||
    !isBoundedString(subjectId, LIMITS.SUBJECT_ID_MAX) ||
    !isBoundedString(nonce, LIMITS.NONCE_MAX) ||
    !isBoundedString(stance, LIMITS.STANCE_MAX) ||
    !isUnitInterval(confidence) ||
    body === null ||
    memoUrl === null ||
    weights === null
  ) {
    return INVALID;
  }
  if (!isStance(stance)) return { ok: false, error: STANCE_ERROR };
  const draft: TakeDraft = {
    memberId,
    date,
    subjectId,
    nonce,
    stance,
    confidence: confidence === 0 ? 0 : confidence,
  };
  if (body !== undefined) draft.body = body;
  if (memoUrl !== undefined) draft.memoUrl = memoUrl;
  if (weights !== undefined) draft.weights = weights;
  return { ok: true, draft };
}

/** Validates a submit body: a take draft plus `signature` (a string of at most 2000 chars). */
export function validateSubmission(input: unknown): SubmissionValidation {
  const result = validateTakeDraft(input);
  const signature = isPlainObject(input) ? input.signature : undefined;
  if (!isBoundedString(signature, LIMITS.SIGNATURE_MAX)) return INVALID;
  if (!result.ok) return result;
  return { ok: true, submission: { ...result.draft, signature } };
}

/**
 * Reads the exact signed text of a take (a receipt's `canonical_submission`): it must parse, pass
 * `validateTakeDraft` and be byte-for-byte what `canonicalTake` produces for it. Null otherwise.
 */
export function parseCanonicalTake(text: unknown): TakeDraft | null {
  if (typeof text !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = validateTakeDraft(parsed);
  if (!result.ok || canonicalTake(result.draft) !== text) return null;
  return result.draft;
}
