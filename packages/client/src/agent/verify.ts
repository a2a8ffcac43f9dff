import { readFile } from 'node:fs/promises';
import {
  RECEIPT_REASONS,
  aggregate,
  keyFingerprint,
  parseCanonicalTake,
  receiptLogEntry,
  selfCheckTake,
  takeEntryFields,
  takeLogEntry,
  verifyReceipt,
  type ConsensusReceipt,
  type ReceiptReasonCode,
} from '@convene/protocol';
import { unwrap } from '../sdk/client.js';
import { checked, failed, notChecked, passed, type Check } from './checks.js';
import type { AgentContext } from './context.js';
import { AgentError, EXIT } from './exit-codes.js';
import {
  KEY_LOGGED,
  LOG_INCLUSION,
  LOG_KEY_PINNED,
  RECEIPT_LOG_CHECKS,
  logChecks,
  receiptAnchorChecks,
  takeKeyCheck,
} from './log-checks.js';

/**
 * `verify take`'s checks of a take (UUID or receipt number), also run by the MCP server's
 * verify_take: signature, fields against the signed text, log inclusion and the key's history.
 */
export async function takeChecks(
  ctx: AgentContext,
  id: string,
  logKey: string | undefined,
): Promise<{ data: Record<string, unknown>; checks: Check[] }> {
  const receipt = unwrap(
    await ctx.publicApi().GET('/api/swarm/takes/{id}', { params: { path: { id } } }),
  );
  const self = await selfCheckTake(receipt);
  const checks: Check[] = [
    checked('canonical bytes are a canonical take', self.canonical, 'not a canonical take'),
    checked(
      'fields match the signed text',
      self.canonical && self.differing.length === 0,
      `the served fields differ from the signed text${self.differing.length > 0 ? `: ${self.differing.join(', ')}` : ''}`,
    ),
  ];
  if (receipt.publicKey === null) {
    checks.push(failed('Ed25519 signature verifies with the key on the receipt', 'no key'));
  } else {
    checks.push(
      checked(
        'Ed25519 signature verifies with the key on the receipt',
        self.signature === true,
        `signature does not verify with ${keyFingerprint(receipt.publicKey)}`,
      ),
      checked(
        'signer fingerprint matches that key',
        receipt.signer.publicKeyFingerprint === keyFingerprint(receipt.publicKey),
        'the receipt names another fingerprint',
      ),
    );
  }
  let entry: string | undefined;
  try {
    entry = receipt.publicKey === null ? undefined : takeLogEntry(takeEntryFields(receipt));
  } catch (error) {
    checks.push(
      failed(LOG_INCLUSION, `the take cannot form a log entry: ${(error as Error).message}`),
    );
  }
  let logIndex: number | undefined;
  if (entry !== undefined) {
    const log = await logChecks(ctx, entry, logKey);
    checks.push(...log.checks);
    logIndex = log.logIndex;
    checks.push(await takeKeyCheck(ctx, receipt, log, logKey));
  } else if (receipt.publicKey === null) {
    checks.push(notChecked(LOG_INCLUSION, 'the receipt carries no key to form the log entry'));
    checks.push(notChecked(KEY_LOGGED, 'the receipt carries no key'));
  }
  return { data: { takeId: receipt.id, revision: receipt.revision, logIndex }, checks };
}

/**
 * `verify receipt`'s checks of a consensus receipt (online by session, or offline from a file),
 * also run by the MCP server's verify_receipt.
 */
export async function receiptChecks(
  ctx: AgentContext,
  sessionId: string | undefined,
  options: { file?: string; previous?: string; serviceKey?: string[]; logKey?: string },
): Promise<{ data: Record<string, unknown>; checks: Check[] }> {
  const offline = options.file !== undefined;
  const receipt = offline
    ? await readJsonFile(options.file!, 'receipt')
    : await fetchReceipt(ctx, sessionId);
  const previous = await previousReceipt(ctx, receipt, options.previous, offline);
  const result = await verifyReceipt(receipt, {
    ...(options.serviceKey === undefined ? {} : { expectedServicePublicKey: options.serviceKey }),
    ...(previous.digest === undefined ? {} : { expectedPreviousDigest: previous.digest }),
  });
  const failedCodes = new Map(result.unverifiedReasons.map((r) => [r.code, r.message]));
  const notRun = new Map<ReceiptReasonCode, string>();
  // verifyReceipt stops at a malformed receipt: nothing after that check ran.
  const malformed = failedCodes.has(RECEIPT_REASONS.MALFORMED_RECEIPT);
  if (options.serviceKey === undefined) {
    notRun.set(
      RECEIPT_REASONS.UNEXPECTED_SERVICE_KEY,
      'no service key pinned (--service-key or CONVENE_SERVICE_KEY; `export $(convene keys)`)',
    );
  }
  if (previous.digest === undefined) notRun.set(RECEIPT_REASONS.CHAIN_MISMATCH, previous.why);
  // The log codes are checked against the log below (online), never by verifyReceipt.
  const logCodes = new Set<string>([
    ...RECEIPT_LOG_CHECKS.map(([code]) => code),
    RECEIPT_REASONS.RECEIPT_NOT_IN_LOG,
    RECEIPT_REASONS.SESSION_NOT_PUBLISHED,
  ]);
  const checks: Check[] = Object.values(RECEIPT_REASONS)
    .filter((code) => !logCodes.has(code))
    .map((code) => {
      const label = RECEIPT_CHECK_TEXT[code];
      const failure = failedCodes.get(code);
      if (failure !== undefined) return failed(label, failure);
      if (malformed) return notChecked(label, 'the receipt is malformed');
      const why = notRun.get(code);
      return why !== undefined ? notChecked(label, why) : passed(label);
    });
  if (previous.check !== undefined) checks.push(previous.check);
  if (offline) {
    for (const [, label] of RECEIPT_LOG_CHECKS) checks.push(notChecked(label, 'offline (--file)'));
    checks.push(notChecked(LOG_INCLUSION, 'offline (--file)'));
    checks.push(notChecked(LOG_KEY_PINNED, 'offline (--file)'));
  } else {
    checks.push(...(await receiptAnchorChecks(ctx, receipt as ConsensusReceipt, options.logKey)));
    let entry: string | undefined;
    try {
      entry = receiptLogEntry(receipt as ConsensusReceipt);
    } catch (error) {
      checks.push(failed(LOG_INCLUSION, `not a loggable receipt: ${(error as Error).message}`));
    }
    if (entry !== undefined) checks.push(...(await logChecks(ctx, entry, options.logKey)).checks);
  }
  return {
    data: {
      verified: result.verified,
      unverifiedReasons: result.unverifiedReasons,
      recomputed: recompute(receipt),
    },
    checks,
  };
}

/** Each receipt rule as the positive sentence a ✓ stands beside (its failure text is the reason). */
const RECEIPT_CHECK_TEXT: Readonly<Record<ReceiptReasonCode, string>> = {
  malformed_receipt: 'is a well-formed consensus receipt',
  altered_payload: 'payload matches canonicalBytes and digest',
  session_mismatch: 'receipt sessionId matches payload.sessionId',
  service_key_id_mismatch: 'signature.keyId is the fingerprint of signature.publicKey',
  unexpected_service_key: 'signed with a service key you pinned',
  bad_service_signature: 'service signature verifies over canonicalBytes',
  malformed_submission: 'every submission is well-formed and a canonical take',
  duplicate_member: 'at most one submission per member',
  unsorted_submissions: 'submissions are sorted by memberId',
  submission_member_mismatch: "each canonical_submission names its entry's member",
  submission_subject_mismatch: "each canonical_submission names the receipt's subject",
  submission_date_mismatch: "each canonical_submission has the session's date",
  bad_member_signature: 'every member signature verifies with the key carried beside it',
  histogram_mismatch: 'stance histogram recomputed from the submissions',
  score_mismatch: 'score recomputed from the submissions',
  weights_mismatch: 'weights recomputed from the submissions',
  confidence_mismatch: 'confidence recomputed from the submissions',
  quorum_mismatch: 'quorum recomputed from the submissions',
  disagreement_mismatch: 'disagreement recomputed from the submissions',
  judge_not_enforce: 'judged in enforce mode',
  chain_mismatch: "previousReceiptDigest is the previous receipt's digest",
  malformed_log_anchor: 'the recorded log checkpoint and submission log indices are well-formed',
  log_not_recorded: 'records the log checkpoint it was built against',
  log_checkpoint_unknown: 'the recorded checkpoint is one the log signed with its key',
  log_checkpoint_inconsistent: "the recorded checkpoint is consistent with the log's latest",
  submission_not_in_log: 'every submission is in the log at its logIndex under that checkpoint',
  submission_key_not_logged:
    "every submission's key was its member's active key in the log's key history at its logIndex",
  receipt_not_in_log: 'the receipt itself is in the log',
  session_not_published: 'the session was published',
};

const PREVIOUS_CHECK =
  "the previous receipt (the log's last of this subject before this one, or --previous) verifies and is for the same subject";

/**
 * The digest the receipt's `previousReceiptDigest` must equal, from a receipt we checked: offline the
 * `--previous` file, online the receipt with that digest found in the transparency log.
 */
async function previousReceipt(
  ctx: AgentContext,
  receipt: unknown,
  file: string | undefined,
  offline: boolean,
): Promise<{ digest?: string | null; why: string; check?: Check }> {
  const payload = (
    receipt as { payload?: { previousReceiptDigest?: unknown; subjectId?: unknown } }
  ).payload;
  let previous: unknown;
  if (file !== undefined) previous = await readJsonFile(file, 'previous receipt');
  else if (offline) return { why: 'offline without --previous <file>' };
  else {
    // The predecessor is read from the log (the subject's receipt logged last before this one),
    // not from the digest the receipt claims, so a re-pointed chain cannot choose its predecessor.
    const sessionId = (receipt as { sessionId?: unknown }).sessionId;
    if (typeof sessionId !== 'string') return { why: 'the receipt names no session' };
    const { data, response } = await ctx
      .publicApi()
      .GET('/api/log/receipts/{sessionId}/previous', { params: { path: { sessionId } } });
    if (response.status === 404) {
      return { why: 'the receipt is not in the log, so its predecessor there is unknown' };
    }
    if (data === undefined) return { why: `the log answered HTTP ${response.status}` };
    const found = data.previous;
    if (found === null) {
      return {
        digest: null,
        why: '',
        check: passed(PREVIOUS_CHECK, 'the log holds no earlier receipt of this subject'),
      };
    }
    const entry = JSON.parse(found.entry) as {
      sessionId: string;
      canonicalBytes: string;
      digest: string;
      signature: unknown;
    };
    previous = {
      sessionId: entry.sessionId,
      payload: JSON.parse(entry.canonicalBytes) as unknown,
      canonicalBytes: entry.canonicalBytes,
      digest: entry.digest,
      signature: entry.signature,
    };
  }
  const checkedPrevious = await verifyReceipt(previous);
  const prev = previous as { digest?: unknown; payload?: { subjectId?: unknown } };
  const problems = [
    ...checkedPrevious.unverifiedReasons.map((r) => r.message),
    ...(prev.payload?.subjectId !== payload?.subjectId ? ['it is for another subject'] : []),
  ];
  const digest = typeof prev.digest === 'string' ? prev.digest : undefined;
  if (digest === undefined) problems.push('it carries no digest');
  return {
    digest: digest ?? 'unreadable previous receipt',
    why: '',
    check:
      problems.length === 0 ? passed(PREVIOUS_CHECK) : failed(PREVIOUS_CHECK, problems.join('; ')),
  };
}

/** The aggregate recomputed from the carried submissions, printed so an auditor can compare. */
function recompute(receipt: unknown): unknown {
  try {
    const payload = (
      receipt as {
        payload: {
          submissions: Array<{ canonical_submission: string }>;
          quorum: { absent: string[]; required: number };
        };
      }
    ).payload;
    const takes = payload.submissions.map((entry) =>
      parseCanonicalTake(entry.canonical_submission),
    );
    if (takes.some((take) => take === null)) return null;
    const submissions = takes.map((take) => ({
      memberId: take!.memberId,
      stance: take!.stance,
      confidence: take!.confidence,
      ...(take!.weights === undefined ? {} : { weights: take!.weights }),
    }));
    const roster = [...submissions.map((s) => s.memberId), ...payload.quorum.absent];
    return aggregate({ submissions, roster, requiredQuorum: payload.quorum.required });
  } catch {
    return null;
  }
}

async function readJsonFile(file: string, what: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new AgentError(
      `cannot read ${what} file ${file}: ${(error as Error).message}`,
      EXIT.usage,
    );
  }
}

async function fetchReceipt(ctx: AgentContext, sessionId: string | undefined): Promise<unknown> {
  if (sessionId === undefined)
    throw new AgentError('give a session id, or --file <path>', EXIT.usage);
  const { data, response } = await ctx
    .publicApi()
    .GET('/api/swarm/sessions/{id}/consensus-receipt', { params: { path: { id: sessionId } } });
  if (data === undefined)
    throw new AgentError(
      `no consensus receipt for session ${sessionId} (HTTP ${response.status})`,
      response.status >= 500 ? EXIT.unavailable : EXIT.refused,
    );
  return data;
}
