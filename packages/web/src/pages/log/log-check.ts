import {
  bytesToBase64,
  checkTakeKey,
  KEY_REASONS,
  provenKeyHistories,
  type KeyFailure,
  type KeyHistories,
  type ServedMemberKeys,
  checkConsistency,
  checkInclusion,
  checkReceiptLog,
  checkTakeLogEntry,
  keyIdHex,
  logEntryLeafHash,
  parseVerifierKey,
  RECEIPT_REASONS,
  receiptLogOutcomes,
  takeEntryFields,
  takeLogEntry,
  TLOG_REASONS,
  verifyCheckpointNote,
  verifyEntryInclusion,
  type Checkpoint,
  type ConsensusReceipt,
  type InclusionProofJson,
  type ReceiptLogCheck,
  type ReceiptLogMaterial,
  type ServedTake,
} from '@convene/protocol';
import { count } from '../../lib/format.js';

/** One line of an in-browser log check: ran and passed, ran and failed (why), or could not run (why). */
export type LogCheckLine =
  | { label: string; state: 'passed'; detail?: string }
  | { label: string; state: 'failed' | 'not-checked'; detail: string };

/** What this browser remembers of the log, like a monitor: the first key it saw, the last checkpoint. */
interface Remembered {
  vkey: string;
  checkpoint: string;
}

const STORAGE_KEY = 'convene.log.monitor';

function remembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Remembered | null;
    return value !== null && typeof value.vkey === 'string' ? value : null;
  } catch {
    return null;
  }
}

function remember(value: Remembered): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode: the check still runs, it just cannot remember.
  }
}

/** The log key this browser pinned on its first visit, if any. */
export function pinnedLogKey(): string | null {
  return remembered()?.vkey ?? null;
}

/** Forgets the pinned key and checkpoint (after the operator announced a new log). */
export function forgetLog(): void {
  localStorage.removeItem(STORAGE_KEY);
}

async function getJson<T>(url: string): Promise<{ status: number; body: T | null }> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  return { status: response.status, body: response.ok ? ((await response.json()) as T) : null };
}

const LABELS = {
  key: 'log key is the one this browser first saw',
  checkpoint: 'checkpoint signed by the log key',
  consistent: 'consistent with the last checkpoint this browser saw',
  entry: 'the log holds exactly this take',
  leaf: 'leaf hash recomputed here matches the one shown',
  included: 'included at its index under the latest checkpoint',
  receiptProof: 'the take receipt’s proof holds under a checkpoint consistent with the latest',
  memberKey: "the take's key was its member's active logged key at its index",
} as const;

/** `origin+keyid` of a verifier key: the part a reader compares (docs/protocol.md §14). */
export function keyLabel(vkey: string): string {
  const parsed = parseVerifierKey(vkey);
  return parsed === null ? 'an unreadable key' : `${parsed.name}+${keyIdHex(parsed.keyId)}`;
}

/** The latest checkpoint as checked here; `verified` only when signature and history both held. */
export interface LatestCheckpoint {
  lines: LogCheckLine[];
  vkey: string | null;
  /** The served note text (signature checked) or null when it did not verify. */
  checkpoint: string | null;
  /** The opened checkpoint when its signature and its consistency with the kept one held. */
  verified: Checkpoint | null;
}

/**
 * Whether two verified checkpoints of one log describe one history: the newer tree extends the
 * older (the log's consistency proof between their sizes), or at one size they have one root.
 */
export async function consistencyOf(
  a: Checkpoint,
  b: Checkpoint,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [older, newer] = a.size <= b.size ? [a, b] : [b, a];
  const proof = await getJson<{ hashes: string[] }>(
    `/api/log/proof/consistency?from=${older.size}&to=${newer.size}`,
  );
  if (proof.body === null) {
    return { ok: false, message: `no consistency proof (HTTP ${proof.status})` };
  }
  const result = checkConsistency(older, newer, proof.body.hashes);
  return result.ok ? result : { ok: false, message: `${result.code}: ${result.message}` };
}

/**
 * The log key and the latest checkpoint, checked in this browser: the key against the one first
 * seen here (a change is a failure, never silently re-pinned), the checkpoint's signature, and its
 * consistency with the last checkpoint this browser verified (a rewrite or a split view fails).
 */
export async function checkLatestCheckpoint(): Promise<LatestCheckpoint> {
  const lines: LogCheckLine[] = [];
  const key = await getJson<{ vkey: string }>('/api/log/key');
  const served = await fetch('/api/log/checkpoint');
  if (key.body === null || !served.ok) {
    const detail = `the log did not answer (HTTP ${key.body === null ? key.status : served.status})`;
    return {
      lines: [LABELS.key, LABELS.checkpoint, LABELS.consistent].map((label) => ({
        label,
        state: 'not-checked',
        detail,
      })),
      vkey: null,
      checkpoint: null,
      verified: null,
    };
  }
  const note = await served.text();
  const known = remembered();
  const vkey = known?.vkey ?? key.body.vkey;
  if (known !== null && known.vkey !== key.body.vkey) {
    lines.push({
      label: LABELS.key,
      state: 'failed',
      detail: `the server now serves another log key (${keyLabel(key.body.vkey)}) than the one this browser pinned (${keyLabel(known.vkey)})`,
    });
  } else {
    lines.push({
      label: LABELS.key,
      state: 'passed',
      detail: `${keyLabel(vkey)}; ${known === null ? 'first visit: pinned now' : 'same key as before'}`,
    });
  }
  const opened = await verifyCheckpointNote(note, { logKey: vkey });
  if (!opened.ok) {
    lines.push({
      label: LABELS.checkpoint,
      state: 'failed',
      detail: `${opened.code}: ${opened.message}`,
    });
    lines.push({
      label: LABELS.consistent,
      state: 'not-checked',
      detail: 'the checkpoint did not verify',
    });
    return { lines, vkey, checkpoint: null, verified: null };
  }
  lines.push({
    label: LABELS.checkpoint,
    state: 'passed',
    detail: `size ${count(opened.checkpoint.size)}, signed by ${keyLabel(vkey)}`,
  });
  const before =
    known === null ? null : await verifyCheckpointNote(known.checkpoint, { logKey: vkey });
  if (before === null || !before.ok) {
    lines.push({
      label: LABELS.consistent,
      state: 'not-checked',
      detail: 'no earlier checkpoint kept here',
    });
  } else {
    const result = await consistencyOf(before.checkpoint, opened.checkpoint);
    if (!result.ok) {
      lines.push({ label: LABELS.consistent, state: 'failed', detail: result.message });
      return { lines, vkey, checkpoint: note, verified: null };
    }
    lines.push({
      label: LABELS.consistent,
      state: 'passed',
      detail: `size ${count(before.checkpoint.size)} → ${count(opened.checkpoint.size)}`,
    });
  }
  const trusted = lines.every((line) => line.state !== 'failed');
  if (trusted) {
    // Keep the larger tree: a server that answers with an older (consistent) checkpoint must not
    // make this browser forget how far it has seen the log go.
    const keep =
      before?.ok === true && before.checkpoint.size > opened.checkpoint.size
        ? known!.checkpoint
        : note;
    remember({ vkey, checkpoint: keep });
  }
  return { lines, vkey, checkpoint: note, verified: trusted ? opened.checkpoint : null };
}

/** The take as the page shows it, with the log fields of its receipt. */
export interface LoggedTake extends ServedTake {
  logIndex: number | null;
  leafHash: string | null;
  inclusion: { checkpoint: string; treeSize: number; hashes: string[] } | null;
  /** Why `inclusion` is null, in the service's words (take receipts only). */
  inclusionPending?: string | null;
}

type ProofWithEntry = InclusionProofJson & { entry: string };

/**
 * A take against the log, in this browser: the key and checkpoint as above; the entry rebuilt
 * from the take as shown (protocol `takeLogEntry`) equal to the log's entry, its leaf hash
 * recomputed here equal to the one shown; an inclusion proof at the take's index under the latest
 * checkpoint checked here; and the take receipt's own proof, under a checkpoint that must be
 * consistent with the latest (a checkpoint from a forked tree fails even when correctly signed).
 */
export async function checkTakeInLog(take: LoggedTake): Promise<LogCheckLine[]> {
  const latest = await checkLatestCheckpoint();
  const lines = [...latest.lines];
  const logged =
    take.logIndex === null
      ? null
      : await getJson<{ entry: string; leafHash: string }>(`/api/log/takes/${take.id}`);
  const problem = checkTakeLogEntry(take, logged?.body?.entry ?? null, logged?.body?.leafHash);
  lines.push(
    problem === null
      ? { label: LABELS.entry, state: 'passed', detail: `index ${count(take.logIndex)}` }
      : { label: LABELS.entry, state: 'failed', detail: problem.message },
  );
  let rebuilt: string;
  try {
    rebuilt = takeLogEntry(takeEntryFields(take));
  } catch (error) {
    const detail = `the take as shown forms no log entry: ${(error as Error).message}`;
    lines.push({ label: LABELS.leaf, state: 'failed', detail });
    lines.push({ label: LABELS.included, state: 'not-checked', detail: 'no entry to look for' });
    lines.push({
      label: LABELS.receiptProof,
      state: 'not-checked',
      detail: 'no entry to look for',
    });
    return lines;
  }
  const leaf = bytesToBase64(logEntryLeafHash(rebuilt));
  lines.push(
    take.leafHash === leaf
      ? { label: LABELS.leaf, state: 'passed', detail: leaf }
      : {
          label: LABELS.leaf,
          state: 'failed',
          detail: `${TLOG_REASONS.leafMismatch}: recomputed ${leaf}, shown ${take.leafHash ?? 'none'}`,
        },
  );
  lines.push(await includedUnderLatest(take, rebuilt, latest.verified));
  lines.push(await receiptProofLine(take, rebuilt, latest));
  lines.push(await memberKeyLine(take, latest));
  return lines;
}

/**
 * The members' key histories as the log holds them at `treeSize` (docs §14.1, "Key entries"):
 * each served event proven under the checkpoint of that size with the pinned key, then folded;
 * a sentence when they could not be read or proven.
 */
function loggedKeyHistories(
  memberIds: readonly string[],
  treeSize: number,
  vkey: string,
): Promise<KeyHistories | KeyFailure | string> {
  return provenKeyHistories(
    memberIds,
    treeSize,
    async (memberId) => {
      const path = `/api/log/members/${encodeURIComponent(memberId)}/keys?treeSize=${treeSize}`;
      const served = await getJson<ServedMemberKeys>(path);
      return served.body ?? `GET ${path} answered HTTP ${served.status}`;
    },
    () => Promise.resolve(vkey),
  );
}

/** The take's key against its member's logged key history at the take's index. */
async function memberKeyLine(take: LoggedTake, latest: LatestCheckpoint): Promise<LogCheckLine> {
  const label = LABELS.memberKey;
  if (latest.vkey === null || latest.verified === null) {
    return { label, state: 'not-checked', detail: 'the latest checkpoint did not check out' };
  }
  if (take.logIndex === null || take.logIndex >= latest.verified.size) {
    return { label, state: 'not-checked', detail: 'the take is not covered by that checkpoint' };
  }
  const histories = await loggedKeyHistories([take.memberId], latest.verified.size, latest.vkey);
  if (typeof histories === 'string') return { label, state: 'failed', detail: histories };
  const failure = checkTakeKey(take, histories, take.logIndex);
  return failure === null
    ? { label, state: 'passed' }
    : { label, state: 'failed', detail: `${failure.code}: ${failure.message}` };
}

async function includedUnderLatest(
  take: LoggedTake,
  rebuilt: string,
  latest: Checkpoint | null,
): Promise<LogCheckLine> {
  const label = LABELS.included;
  if (latest === null) {
    return { label, state: 'not-checked', detail: 'the latest checkpoint did not check out' };
  }
  if (take.logIndex === null) {
    return { label, state: 'not-checked', detail: 'the take shows no log index' };
  }
  if (take.logIndex >= latest.size) {
    return {
      label,
      state: 'not-checked',
      detail: `the latest checkpoint (size ${count(latest.size)}) does not cover index ${count(take.logIndex)} yet; reload in a few seconds`,
    };
  }
  const proof = await getJson<ProofWithEntry>(
    `/api/log/proof/inclusion?index=${take.logIndex}&treeSize=${latest.size}`,
  );
  if (proof.body === null) {
    return { label, state: 'failed', detail: `no inclusion proof (HTTP ${proof.status})` };
  }
  // The index is the one shown, not the one the proof claims: the proof must put this entry there.
  const result = checkInclusion(
    rebuilt,
    {
      logIndex: take.logIndex,
      treeSize: proof.body.treeSize,
      leafHash: proof.body.leafHash,
      hashes: proof.body.hashes,
    },
    latest,
  );
  return result.ok
    ? { label, state: 'passed', detail: `index ${count(take.logIndex)} of ${count(latest.size)}` }
    : { label, state: 'failed', detail: `${result.code}: ${result.message}` };
}

async function receiptProofLine(
  take: LoggedTake,
  rebuilt: string,
  latest: LatestCheckpoint,
): Promise<LogCheckLine> {
  const label = LABELS.receiptProof;
  if (take.inclusion === null || take.logIndex === null || take.leafHash === null) {
    const why = take.inclusionPending ?? null;
    return {
      label,
      state: 'not-checked',
      detail: `the take receipt carries no inclusion proof${why === null ? '' : `: ${why}`}`,
    };
  }
  if (latest.vkey === null || latest.verified === null) {
    return { label, state: 'not-checked', detail: 'the latest checkpoint did not check out' };
  }
  const included = await verifyEntryInclusion({
    entry: rebuilt,
    proof: {
      logIndex: take.logIndex,
      treeSize: take.inclusion.treeSize,
      leafHash: take.leafHash,
      hashes: take.inclusion.hashes,
    },
    checkpoint: take.inclusion.checkpoint,
    logKey: latest.vkey,
  });
  if (!included.ok)
    return { label, state: 'failed', detail: `${included.code}: ${included.message}` };
  const consistent = await consistencyOf(included.checkpoint, latest.verified);
  return consistent.ok
    ? { label, state: 'passed', detail: `size ${count(included.checkpoint.size)}` }
    : {
        label,
        state: 'failed',
        detail: `its checkpoint (size ${count(included.checkpoint.size)}) is not the log this browser follows: ${consistent.message}`,
      };
}

const RECEIPT_LINES: ReadonlyArray<readonly [ReceiptLogCheck, string]> = [
  [RECEIPT_REASONS.LOG_NOT_RECORDED, 'records the log checkpoint it was built against'],
  [RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN, 'that checkpoint is one the log signed'],
  [RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG, 'every submission is in the log at its index under it'],
  [
    RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED,
    "every submission was filed with its member's active logged key",
  ],
  [RECEIPT_REASONS.RECEIPT_NOT_IN_LOG, 'the receipt itself is in the log'],
  [RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT, 'its checkpoint is consistent with the latest'],
];

const proofOnly = (found: ProofWithEntry): InclusionProofJson => ({
  logIndex: found.logIndex,
  treeSize: found.treeSize,
  leafHash: found.leafHash,
  hashes: found.hashes,
});

/**
 * A consensus receipt against the log, in this browser: the key and checkpoint as above, then the
 * protocol's `checkReceiptLog` over what the log serves for the receipt's recorded checkpoint, each
 * submission's entry at its index and the receipt's own entry (rebuilt with `receiptLogEntry` from
 * the receipt as shown, as the server and the CLI run it), and the recorded checkpoint consistent
 * with the latest one checked here (a receipt anchored in a forked tree fails).
 */
export async function checkReceiptInLog(receipt: ConsensusReceipt): Promise<LogCheckLine[]> {
  const latest = await checkLatestCheckpoint();
  const lines = [...latest.lines];
  const labels = RECEIPT_LINES.map(([, label]) => label);
  if (latest.vkey === null || latest.checkpoint === null || latest.verified === null) {
    return [
      ...lines,
      ...labels.map((label) => ({
        label,
        state: 'not-checked' as const,
        detail: 'the latest checkpoint did not check out',
      })),
    ];
  }
  const size = latest.verified.size;
  const anchor = receipt.payload.log;
  const checkpoint =
    anchor === undefined
      ? null
      : ((await getJson<{ note: string }>(`/api/log/checkpoints/${anchor.treeSize}`)).body?.note ??
        null);
  const submissions = await Promise.all(
    receipt.payload.submissions.map(async (submission) => {
      if (anchor === undefined || submission.logIndex === undefined) return null;
      const found = await getJson<ProofWithEntry>(
        `/api/log/proof/inclusion?index=${submission.logIndex}&treeSize=${anchor.treeSize}`,
      );
      return found.body === null ? null : { entry: found.body.entry, proof: proofOnly(found.body) };
    }),
  );
  const own = await getJson<{ index: number }>(`/api/log/receipts/${receipt.sessionId}`);
  const ownProof =
    own.body === null || own.body.index >= size
      ? null
      : (
          await getJson<ProofWithEntry>(
            `/api/log/proof/inclusion?index=${own.body.index}&treeSize=${size}`,
          )
        ).body;
  const consistency =
    ownProof === null || anchor === undefined || anchor.treeSize > size
      ? null
      : (
          await getJson<{ hashes: string[] }>(
            `/api/log/proof/consistency?from=${anchor.treeSize}&to=${size}`,
          )
        ).body;
  // An entry logged after the latest checkpoint is not covered yet: that is not a failure.
  const uncovered = own.body !== null && own.body.index >= size;
  const keys =
    anchor === undefined
      ? undefined
      : await loggedKeyHistories(
          receipt.payload.submissions.map((submission) => submission.memberId),
          anchor.treeSize,
          latest.vkey,
        );
  const material: ReceiptLogMaterial = {
    checkpoint,
    submissions,
    ...(keys === undefined
      ? {}
      : {
          keys:
            typeof keys === 'string'
              ? { ok: false, code: KEY_REASONS.invalid, message: keys, index: -1 }
              : keys,
        }),
    ...(uncovered
      ? {}
      : {
          receipt:
            ownProof === null
              ? null
              : {
                  entry: ownProof.entry,
                  proof: proofOnly(ownProof),
                  checkpoint: latest.checkpoint,
                  consistency: consistency?.hashes ?? [],
                },
        }),
  };
  const outcomes = receiptLogOutcomes(
    await checkReceiptLog(receipt, material, { logKey: latest.vkey }),
    { receiptChecked: !uncovered, keysChecked: material.keys !== undefined },
  );
  for (const [code, label] of RECEIPT_LINES) {
    const outcome = outcomes.get(code)!;
    lines.push(
      uncovered && outcome.state === 'not-checked'
        ? {
            label,
            state: 'not-checked',
            detail: `the latest checkpoint (size ${count(size)}) does not cover its entry yet; reload in a few seconds`,
          }
        : outcome.state === 'passed'
          ? { label, state: 'passed' }
          : { label, state: outcome.state, detail: outcome.detail },
    );
  }
  return lines;
}
