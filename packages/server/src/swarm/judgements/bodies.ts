import { RELEASE_SAFETY, UNDISCLOSED, type Judgement, type ReleaseSafety } from '@convene/protocol';
import { fail } from '../../errors.js';
import { bodyFields } from '../shared/body-fields.js';
import { isUuid } from '../shared/ids.js';

/*
 * The judgement route's body: the route documents it for OpenAPI only (`documentOnly`) and
 * `JudgementService.file` calls this parser once, after the bearer token is known (an unknown token
 * answers 401 before the body is read).
 */

/** A judgement as filed: the signed fields, the signature, its mode and what it was formed under. */
export interface JudgementInput {
  judgement: Judgement;
  signature: string;
  mode: 'enforce' | 'shadow';
  model: string;
  promptHash: string;
  inputsDigest: string;
}

/**
 * `POST /api/swarm/judgements`: any missing or malformed field is `invalid judgement`; `mode`
 * defaults to enforce, and `model`, `promptHash` and `inputsDigest` to undisclosed.
 */
export function parseJudgementBody(body: unknown): JudgementInput {
  const input = bodyFields(body);
  const text = (value: unknown, max: number, min = 1): value is string =>
    typeof value === 'string' && value.length >= min && value.length <= max;
  const optional = (value: unknown): string | undefined =>
    value === undefined || value === null ? undefined : text(value, 200) ? value : invalid();
  const { sessionId, memberId, releaseSafety, rationale, disagreements, signature, mode } = input;
  if (
    !text(sessionId, 100) ||
    !isUuid(sessionId) ||
    !text(memberId, 100) ||
    !(RELEASE_SAFETY as readonly unknown[]).includes(releaseSafety) ||
    !text(rationale, 10_000) ||
    !Array.isArray(disagreements) ||
    disagreements.length > 50 ||
    !disagreements.every((d) => text(d, 1000)) ||
    !text(signature, 2000) ||
    (mode !== undefined && mode !== 'enforce' && mode !== 'shadow')
  ) {
    invalid();
  }
  return {
    judgement: {
      sessionId: sessionId,
      memberId: memberId,
      releaseSafety: releaseSafety as ReleaseSafety,
      rationale: rationale,
      disagreements: disagreements,
    },
    signature: signature,
    mode: mode ?? 'enforce',
    model: optional(input.model) ?? UNDISCLOSED,
    promptHash: optional(input.promptHash) ?? UNDISCLOSED,
    inputsDigest: optional(input.inputsDigest) ?? UNDISCLOSED,
  };
}

function invalid(): never {
  throw fail('invalidJudgement');
}
