import {
  checkConsistency,
  checkReceiptLog,
  RECEIPT_REASONS,
  type ConsensusReceipt,
  type InclusionProofJson,
  checkTakeLogEntry,
  takeEntryFields,
  takeLogEntry,
  verifyCheckpointNote,
  verifyEntryInclusion,
  type ServedTake,
} from '@convene/protocol';

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
  included: 'included in the tree under that checkpoint',
} as const;

/**
 * The log key and the latest checkpoint, checked in this browser: the key against the one first
 * seen here (a change is a failure, never silently re-pinned), the checkpoint's signature, and its
 * consistency with the last checkpoint this browser verified (a rewrite or a split view fails).
 */
export async function checkLatestCheckpoint(): Promise<{
  lines: LogCheckLine[];
  vkey: string | null;
  checkpoint: string | null;
}> {
  const lines: LogCheckLine[] = [];
  const key = await getJson<{ vkey: string }>('/api/log/key');
  const served = await fetch('/api/log/checkpoint');
  if (key.body === null || !served.ok) {
    const detail = `the log did not answer (HTTP ${key.body === null ? key.status : served.status})`;
    return {
      lines: Object.values(LABELS)
        .slice(0, 3)
        .map((label) => ({ label, state: 'not-checked', detail })),
      vkey: null,
      checkpoint: null,
    };
  }
  const note = await served.text();
  const known = remembered();
  const vkey = known?.vkey ?? key.body.vkey;
  if (known !== null && known.vkey !== key.body.vkey) {
    lines.push({
      label: LABELS.key,
      state: 'failed',
      detail: 'the server now serves another log key than the one this browser pinned',
    });
  } else {
    lines.push({
      label: LABELS.key,
      state: 'passed',
      detail: known === null ? 'first visit: pinned now' : 'same key as before',
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
    return { lines, vkey, checkpoint: null };
  }
  lines.push({
    label: LABELS.checkpoint,
    state: 'passed',
    detail: `size ${opened.checkpoint.size}`,
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
    const older = before.checkpoint.size <= opened.checkpoint.size ? before : opened;
    const newer = older === before ? opened : before;
    const proof = await getJson<{ hashes: string[] }>(
      `/api/log/proof/consistency?from=${older.checkpoint.size}&to=${newer.checkpoint.size}`,
    );
    const result =
      proof.body === null
        ? { ok: false as const, message: `no consistency proof (HTTP ${proof.status})` }
        : checkConsistency(older.checkpoint, newer.checkpoint, proof.body.hashes);
    lines.push(
      result.ok
        ? {
            label: LABELS.consistent,
            state: 'passed',
            detail: `size ${before.checkpoint.size} → ${opened.checkpoint.size}`,
          }
        : { label: LABELS.consistent, state: 'failed', detail: result.message },
    );
    if (!result.ok) return { lines, vkey, checkpoint: note };
  }
  if (lines.every((line) => line.state !== 'failed')) {
    const keep =
      before?.ok === true && before.checkpoint.size > opened.checkpoint.size
        ? known!.checkpoint
        : note;
    remember({ vkey, checkpoint: keep });
  }
  return { lines, vkey, checkpoint: note };
}

/** The take as the page shows it, with the log fields of its receipt. */
export interface LoggedTake extends ServedTake {
  logIndex: number | null;
  leafHash: string | null;
  inclusion: { checkpoint: string; treeSize: number; hashes: string[] } | null;
}

/**
 * A take against the log, in this browser: the key and checkpoint as above, the entry rebuilt from
 * the take as shown equal to the log's entry, and its inclusion proof under a checkpoint signed by
 * the pinned key.
 */
export async function checkTakeInLog(take: LoggedTake): Promise<LogCheckLine[]> {
  const latest = await checkLatestCheckpoint();
  const lines = [...latest.lines];
  const entry =
    take.logIndex === null ? null : await getJson<{ entry: string }>(`/api/log/takes/${take.id}`);
  const problem = checkTakeLogEntry(take, entry?.body?.entry ?? null);
  lines.push(
    problem === null
      ? { label: LABELS.entry, state: 'passed', detail: `index ${take.logIndex}` }
      : { label: LABELS.entry, state: 'failed', detail: problem.message },
  );
  if (
    take.inclusion === null ||
    take.logIndex === null ||
    take.leafHash === null ||
    latest.vkey === null
  ) {
    lines.push({
      label: LABELS.included,
      state: 'not-checked',
      detail:
        take.logIndex === null
          ? 'the take has no log index'
          : 'no checkpoint covers it yet; reload in a second',
    });
    return lines;
  }
  let rebuilt: string;
  try {
    rebuilt = takeLogEntry(takeEntryFields(take));
  } catch (error) {
    lines.push({ label: LABELS.included, state: 'failed', detail: (error as Error).message });
    return lines;
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
  lines.push(
    included.ok
      ? {
          label: LABELS.included,
          state: 'passed',
          detail: `index ${take.logIndex} of ${take.inclusion.treeSize}`,
        }
      : {
          label: LABELS.included,
          state: 'failed',
          detail: `${included.code}: ${included.message}`,
        },
  );
  return lines;
}

const RECEIPT_LINES = [
  [RECEIPT_REASONS.LOG_NOT_RECORDED, 'records the log checkpoint it was built against'],
  [RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN, 'that checkpoint is one the log signed'],
  [RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG, 'every submission is in the log at its index under it'],
  [RECEIPT_REASONS.RECEIPT_NOT_IN_LOG, 'the receipt itself is in the log'],
] as const;

type ProofWithEntry = InclusionProofJson & { entry: string };

const proofOnly = (found: ProofWithEntry): InclusionProofJson => ({
  logIndex: found.logIndex,
  treeSize: found.treeSize,
  leafHash: found.leafHash,
  hashes: found.hashes,
});

/**
 * A consensus receipt against the log, in this browser: the key and checkpoint as above, then the
 * protocol's `checkReceiptLog` over what the log serves for the receipt's recorded checkpoint, each
 * submission's entry at its index and the receipt's own entry (as the server and the CLI run it).
 */
export async function checkReceiptInLog(receipt: ConsensusReceipt): Promise<LogCheckLine[]> {
  const latest = await checkLatestCheckpoint();
  const lines = [...latest.lines];
  if (latest.vkey === null || latest.checkpoint === null) {
    return [
      ...lines,
      ...RECEIPT_LINES.map(([, label]) => ({
        label,
        state: 'not-checked' as const,
        detail: 'the latest checkpoint did not verify',
      })),
    ];
  }
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
    own.body === null
      ? null
      : (await getJson<ProofWithEntry>(`/api/log/proof/inclusion?index=${own.body.index}`)).body;
  const material = {
    checkpoint,
    submissions,
    receipt:
      ownProof === null
        ? null
        : { entry: ownProof.entry, proof: proofOnly(ownProof), checkpoint: latest.checkpoint },
  };
  const failures = new Map(
    (await checkReceiptLog(receipt, material, { logKey: latest.vkey })).map((r) => [
      r.code,
      r.message,
    ]),
  );
  for (const [code, label] of RECEIPT_LINES) {
    const failure = failures.get(code);
    lines.push(
      failure !== undefined
        ? { label, state: 'failed', detail: failure }
        : anchor === undefined &&
            code !== RECEIPT_REASONS.LOG_NOT_RECORDED &&
            code !== RECEIPT_REASONS.RECEIPT_NOT_IN_LOG
          ? { label, state: 'not-checked', detail: 'the receipt records no checkpoint' }
          : { label, state: 'passed' },
    );
  }
  return lines;
}
