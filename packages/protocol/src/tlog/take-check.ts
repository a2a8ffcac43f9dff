// `verified` of a take as served (take receipt, session, member history), the same in the server,
// the CLI and the browser: the member's signature over the exact signed text, the served fields
// agree with that text, and the transparency log holds exactly this take (every field the
// signature does not cover: takeId, sessionId, revision, receivedAt, the key) byte for byte.
import { verify } from '../signing.js';
import type { TakeDraft } from '../take.js';
import { parseCanonicalTake } from '../take-validation.js';
import { bytesToBase64 } from '../encoding.js';
import { logEntryLeafHash, parseLogEntry, takeLogEntry, type TakeLogEntry } from './entries.js';
import { KEY_REASONS, type KeyFailure, type KeyHistories } from './key-history.js';

export const TAKE_REASONS = {
  /** The key the take was filed with is gone. */
  keyMissing: 'key_missing',
  /** The signature does not verify over the signed text with the take's key. */
  badSignature: 'bad_member_signature',
  /** A served field (stance, weights, …) says something other than the signed text. */
  fieldsMismatch: 'fields_mismatch',
  /** The take has no entry in the transparency log (never sequenced, or the entry was removed). */
  notInLog: 'not_in_log',
  /** The log's entry for the take says something other than the take as served. */
  entryMismatch: 'log_entry_mismatch',
  /**
   * The inclusion proof the service assembles from its stored tree does not lead to the root of
   * its latest signed checkpoint: a stored tree node was rewritten (server reads, docs §14.10).
   */
  inclusionInvalid: 'inclusion_proof_invalid',
  /** The take's key is not in its member's logged key history. */
  keyNotLogged: KEY_REASONS.notLogged,
  /** The key is in the member's history but could not file at the take's index. */
  keyNotActive: KEY_REASONS.notActive,
  /** The member's served key history has a hole. */
  keyHistoryGap: KEY_REASONS.gap,
  /** The member's served key history breaks its own rules. */
  keyHistoryInvalid: KEY_REASONS.invalid,
} as const;

export type TakeReasonCode = (typeof TAKE_REASONS)[keyof typeof TAKE_REASONS];

export interface TakeReason {
  code: TakeReasonCode;
  message: string;
}

/** A take as the API serves it (take receipt, session take, member take). */
export interface ServedTake {
  id: string;
  sessionId: string;
  memberId: string;
  revision: number;
  /** ISO 8601 UTC with milliseconds. */
  receivedAt: string;
  /** The key the take was filed with; null when that key is gone. */
  publicKey: string | null;
  canonical: string;
  signature: string;
  nonce: string;
  stance: string;
  confidence: number;
  body: string;
  /** '' or null when the take has none. */
  memoUrl: string | null;
  weights: ReadonlyArray<{ bucket: string; weight: number }> | null;
}

export interface TakeCheck {
  verified: boolean;
  /** Empty when verified. */
  reasons: TakeReason[];
}

const ENTRY_FIELDS = [
  'takeId',
  'sessionId',
  'memberId',
  'revision',
  'receivedAt',
  'publicKey',
  'canonical_submission',
  'signature',
] as const satisfies ReadonlyArray<keyof TakeLogEntry>;

/** The log entry fields of a take as served (a missing key becomes '', which no entry holds). */
export function takeEntryFields(take: ServedTake): Omit<TakeLogEntry, 'kind'> {
  return {
    takeId: take.id,
    sessionId: take.sessionId,
    memberId: take.memberId,
    revision: take.revision,
    receivedAt: take.receivedAt,
    publicKey: take.publicKey ?? '',
    canonical_submission: take.canonical,
    signature: take.signature,
  };
}

/**
 * Checks a take as served against the entry the log holds for it: `logged` is that entry's text,
 * null when the log has none, and `committedLeafHash` (base64), when given, the leaf hash the log
 * committed to at the entry's index: the entry must hash to it. Where the log stores no text for
 * a take (docs/protocol.md §14.10: the text is rebuilt from the take's row), that hash is what
 * catches a row changed after filing. The message names every field that differs when it can.
 */
export function checkTakeLogEntry(
  take: ServedTake,
  logged: string | null,
  committedLeafHash?: string,
): TakeReason | null {
  if (logged === null) {
    return { code: TAKE_REASONS.notInLog, message: 'the take is not in the transparency log' };
  }
  const fields = takeEntryFields(take);
  let expected: string | null = null;
  try {
    expected = takeLogEntry(fields);
  } catch {
    // A take that cannot form an entry differs from whatever the log holds.
  }
  if (expected === logged) {
    if (committedLeafHash === undefined) return null;
    if (bytesToBase64(logEntryLeafHash(logged)) === committedLeafHash) return null;
    return {
      code: TAKE_REASONS.entryMismatch,
      message: 'the take no longer hashes to the leaf the log committed to for it',
    };
  }
  const parsed = parseLogEntry(logged);
  const entry = parsed.ok && parsed.entry.kind === 'convene.log.take.v1' ? parsed.entry : undefined;
  const differing =
    entry === undefined ? [] : ENTRY_FIELDS.filter((field) => entry[field] !== fields[field]);
  return {
    code: TAKE_REASONS.entryMismatch,
    message:
      differing.length > 0
        ? `the log's entry for this take differs in ${differing.join(', ')}`
        : 'the log holds a different entry for this take',
  };
}

/**
 * The fields a take is shown or stored with next to its signed text. A page that shows only some of
 * them passes those; a take as served or stored carries them all.
 */
export interface TakeShownFields {
  memberId: string;
  nonce?: string;
  stance?: string;
  confidence?: number;
  body?: string;
  memoUrl?: string | null;
  /** Compared as JSON (a stored row's column is not typed further). */
  weights?: unknown;
}

/**
 * The fields of `take` that say something other than its signed text (`draft`, parsed from it), in
 * a fixed order; empty when they all agree. A missing body or memo URL reads as ''. The one check
 * the server (before logging a take), the CLI and the browser share.
 */
export function takeFieldsDiffering(draft: TakeDraft, take: TakeShownFields): string[] {
  const checks: Array<[string, boolean]> = [
    ['memberId', draft.memberId === take.memberId],
    ['nonce', take.nonce === undefined || draft.nonce === take.nonce],
    ['stance', take.stance === undefined || draft.stance === take.stance],
    ['confidence', take.confidence === undefined || draft.confidence === take.confidence],
    ['body', take.body === undefined || (draft.body ?? '') === take.body],
    ['memoUrl', take.memoUrl === undefined || (draft.memoUrl ?? '') === (take.memoUrl ?? '')],
    [
      'weights',
      take.weights === undefined ||
        JSON.stringify(draft.weights ?? null) === JSON.stringify(take.weights ?? null),
    ],
  ];
  return checks.filter(([, ok]) => !ok).map(([field]) => field);
}

/** A take as a client holds it: the fields it shows beside the exact text its member signed. */
export interface SignedTakeShown extends TakeShownFields {
  canonical: string;
  signature: string;
  /** The key it was filed under; null when the service serves none. */
  publicKey: string | null;
}

/**
 * A take's own checks, needing nothing but the take: the member's signature over the exact signed
 * text, and the shown fields against that text. What every verifier (server, CLI, MCP, browser)
 * renders in its own words; the log checks come on top.
 */
export interface TakeSelfCheck {
  /** The signature verifies with the take's key; null when the take carries no key. */
  signature: boolean | null;
  /** The signed text parses as a canonical take. */
  canonical: boolean;
  /** The shown fields that say something other than the signed text (empty when unparsable). */
  differing: string[];
  /** Every check above passed. */
  ok: boolean;
}

export async function selfCheckTake(take: SignedTakeShown): Promise<TakeSelfCheck> {
  const signature =
    take.publicKey === null ? null : await verify(take.publicKey, take.canonical, take.signature);
  const draft = parseCanonicalTake(take.canonical);
  const differing = draft === null ? [] : takeFieldsDiffering(draft, take);
  return {
    signature,
    canonical: draft !== null,
    differing,
    ok: signature === true && draft !== null && differing.length === 0,
  };
}

/**
 * Every check of a served take. `logged` is the log's entry text for it (null: none) and
 * `committedLeafHash` the leaf the log committed to for it (see `checkTakeLogEntry`); pass
 * undefined only where no log is kept (a benchmark with the log off): the log check is then skipped.
 */
export async function checkServedTake(
  take: ServedTake,
  logged: string | null | undefined,
  committedLeafHash?: string,
  /**
   * The member's logged key history (folded, or the fold's failure) and the take's log index:
   * the take's key must be the member's active logged key at that index (`checkTakeKey`). Left
   * out only where no log is kept.
   */
  keys?: { histories: KeyHistories | KeyFailure; logIndex: number | null },
): Promise<TakeCheck> {
  const reasons: TakeReason[] = [];
  const self = await selfCheckTake(take);
  if (self.signature === null) {
    reasons.push({
      code: TAKE_REASONS.keyMissing,
      message: 'the key this take was filed with is gone',
    });
  } else if (!self.signature) {
    reasons.push({
      code: TAKE_REASONS.badSignature,
      message: 'the member signature does not verify over the signed text',
    });
  }
  const differing = self.canonical ? self.differing : ['canonical'];
  if (differing.length > 0) {
    reasons.push({
      code: TAKE_REASONS.fieldsMismatch,
      message: `served fields differ from the signed text: ${differing.join(', ')}`,
    });
  }
  if (logged !== undefined) {
    const logReason = checkTakeLogEntry(take, logged, committedLeafHash);
    if (logReason !== null) reasons.push(logReason);
  }
  if (logged !== undefined && logged !== null && keys !== undefined && keys.logIndex !== null) {
    const keyReason = checkTakeKey(take, keys.histories, keys.logIndex);
    if (keyReason !== null) reasons.push(keyReason);
  }
  return { verified: reasons.length === 0, reasons };
}

/**
 * Was the take's key its member's active logged key at `logIndex` (the take's index in the log)?
 * Null when it was; a history that failed to fold gives its own reason.
 */
export function checkTakeKey(
  take: Pick<ServedTake, 'memberId' | 'publicKey'>,
  histories: KeyHistories | KeyFailure,
  logIndex: number,
): TakeReason | null {
  if ('ok' in histories) return { code: histories.code, message: histories.message };
  const failure = histories.checkTake(
    { memberId: take.memberId, publicKey: take.publicKey ?? '' },
    logIndex,
  );
  return failure === null ? null : { code: failure.code, message: failure.message };
}
