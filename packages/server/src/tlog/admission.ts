import {
  type KeyFailure,
  type KeyHistories,
  parseCanonicalTake,
  receiptLogEntry,
  takeFieldsDiffering,
  takeLogEntry,
  verifyLogEntry,
} from '@convene/protocol';
import type { PendingReceipt, PendingTake } from './entry-repository.js';

export type Admission = { ok: true; entry: string } | { ok: false; reason: string };

/**
 * Would the service have accepted this take row? Its log entry must verify on its own (member
 * signature over the signed text, which names the member), and the row must say what the signed
 * text says: member, session date and subject, the key belongs to the member, and the content
 * columns. A row inserted behind the service's back fails here and is never logged.
 */
export async function admitTake(take: PendingTake): Promise<Admission> {
  let entry: string;
  try {
    entry = takeLogEntry({
      canonical_submission: take.canonical,
      memberId: take.memberId,
      publicKey: take.publicKey,
      receivedAt: take.receivedAt.toISOString(),
      revision: take.revision,
      sessionId: take.sessionId,
      signature: take.signature,
      takeId: take.id,
    });
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const check = await verifyLogEntry(entry);
  if (!check.ok) return { ok: false, reason: check.problems.join('; ') };
  const draft = parseCanonicalTake(take.canonical);
  if (draft === null) return { ok: false, reason: 'the signed text is not a canonical take' };
  const differing = takeFieldsDiffering(draft, take);
  const disagreements: string[] = [];
  if (differing.includes('memberId')) disagreements.push('the signed text names another member');
  if (take.keyMemberId !== take.memberId) disagreements.push("the key is not the member's");
  if (draft.date !== take.sessionDate) disagreements.push("the signed date is not the session's");
  if (draft.subjectId !== take.sessionSubjectId) {
    disagreements.push("the signed subject is not the session's");
  }
  if (differing.some((field) => field !== 'memberId'))
    disagreements.push('the row does not say what the signed text says');
  if (disagreements.length > 0) return { ok: false, reason: disagreements.join('; ') };
  return { ok: true, entry };
}

/**
 * Was the take's key its member's active key in the log as it stands (the take would land at
 * `index`)? A take whose key the log does not hold for its member is refused with the fold's code
 * (`key_not_logged`, `key_not_active`, or the history's own failure) at the start of the reason.
 */
export function admitTakeKey(
  take: Pick<PendingTake, 'memberId' | 'publicKey'>,
  histories: KeyHistories | KeyFailure,
  index: number,
): { ok: true } | { ok: false; reason: string } {
  const failure = 'ok' in histories ? histories : histories.checkLatest(take, index);
  return failure === null
    ? { ok: true }
    : { ok: false, reason: `${failure.code}: ${failure.message}` };
}

/** A published receipt is logged when its entry verifies on its own (§11 in full). */
export async function admitReceipt(receipt: PendingReceipt): Promise<Admission> {
  let entry: string;
  try {
    entry = receiptLogEntry({
      sessionId: receipt.sessionId,
      digest: receipt.digest,
      canonicalBytes: receipt.canonicalBytes,
      signature: receipt.signature,
    });
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const check = await verifyLogEntry(entry);
  return check.ok ? { ok: true, entry } : { ok: false, reason: check.problems.join('; ') };
}
