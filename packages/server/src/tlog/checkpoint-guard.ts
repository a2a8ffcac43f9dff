import { bytesToBase64, hashesEqual, verifyCheckpointNote } from '@convene/protocol';
import type { CheckpointRepository, CheckpointRow } from './checkpoint-repository.js';
import type { LogTreeRepository } from './tree-repository.js';

/** Why a stored checkpoint row is not served. */
export interface RejectedCheckpoint {
  size: number;
  reason: string;
  /**
   * True when the log key did sign it (beyond the tree, or another root than the tree at its
   * size): the signer must not sign past it. False for a row the log key never signed: ignored.
   */
  signedByLogKey: boolean;
}

export type CheckpointVerdict = { ok: true } | ({ ok: false } & RejectedCheckpoint);

/** How many verdicts are remembered (a row's verdict never changes, except beyond the tree). */
const MEMO_LIMIT = 4096;
/** Rows read per page while looking for the newest good checkpoint below forged ones. */
const PAGE = 16;

/**
 * Serves only what the log signed (docs/protocol.md §14.10, "The log serves only what it signed"):
 * a checkpoint row is served when its note verifies with the log key, says the row's size and
 * root, and that root is the stored tree's at its size. Any other row (an insider's, signed by
 * another key, or beyond the tree) is skipped and reported once to `onRejected`.
 */
export class CheckpointGuard {
  private readonly verdicts = new Map<string, CheckpointVerdict>();
  private readonly reported = new Set<string>();

  private readonly checkpoints: CheckpointRepository;
  private readonly tree: LogTreeRepository;
  private readonly logKey: string;
  private readonly rootOf: (size: number) => Promise<Uint8Array>;
  private readonly onRejected: (rejected: RejectedCheckpoint) => void;

  constructor(uses: {
    checkpoints: CheckpointRepository;
    tree: LogTreeRepository;
    logKey: string;
    rootOf: (size: number) => Promise<Uint8Array>;
    onRejected: (rejected: RejectedCheckpoint) => void;
  }) {
    this.checkpoints = uses.checkpoints;
    this.tree = uses.tree;
    this.logKey = uses.logKey;
    this.rootOf = uses.rootOf;
    this.onRejected = uses.onRejected;
  }

  /** Checks a row against the log key and the tree of `headSize` leaves. */
  async check(row: CheckpointRow, headSize: number): Promise<CheckpointVerdict> {
    const key = verdictKey(row);
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = await this.verdictOf(row, headSize);
    // A row beyond the tree is checked again once the tree reaches it.
    if (verdict.ok || row.size <= headSize) this.remember(key, verdict);
    if (!verdict.ok && !this.reported.has(key)) {
      this.reported.add(key);
      if (this.reported.size > MEMO_LIMIT) this.reported.clear();
      this.onRejected({
        size: verdict.size,
        reason: verdict.reason,
        signedByLogKey: verdict.signedByLogKey,
      });
    }
    return verdict;
  }

  /**
   * Records as good the checkpoint this process has just signed with the log key over the stored
   * tree's root at its size (a size the head had reached) and stored: each check `verdictOf` would
   * make of that row holds by construction, so its first read does not verify the signature or read
   * the tree's root again. Any other bytes in the row (an insider's rewrite) are a new key, checked.
   */
  signedHere(row: CheckpointRow): void {
    this.remember(verdictKey(row), { ok: true });
  }

  /** The newest good checkpoint the tree reaches (rows that fail are skipped). */
  async latest(): Promise<CheckpointRow | undefined> {
    let below: number | null = null;
    // The newest row is the good one unless rows were forged: it is read alone, then pages of PAGE.
    for (let limit = 1; ; limit = PAGE) {
      const rows = await this.checkpoints.checkpointsWithinTree(below, limit);
      // Each row is within the tree (the query reads the head): its own size stands for the head.
      for (const row of rows) {
        if ((await this.check(row, row.size)).ok) return row;
      }
      if (rows.length < limit) return undefined;
      below = rows.at(-1)!.size;
    }
  }

  /** The checkpoint of `size` if it is good; undefined when absent or rejected. */
  async ofSize(size: number): Promise<CheckpointRow | undefined> {
    const [row, headSize] = await Promise.all([
      this.checkpoints.checkpointOfSize(size),
      this.tree.headSize(),
    ]);
    if (row === undefined) return undefined;
    return (await this.check(row, headSize)).ok ? row : undefined;
  }

  private async verdictOf(row: CheckpointRow, headSize: number): Promise<CheckpointVerdict> {
    const reject = (reason: string, signedByLogKey: boolean): CheckpointVerdict => ({
      ok: false,
      size: row.size,
      reason,
      signedByLogKey,
    });
    const opened = await verifyCheckpointNote(row.note, { logKey: this.logKey });
    if (!opened.ok) {
      return reject(
        `the checkpoint row of size ${row.size} is not signed by the log key (${opened.message})`,
        false,
      );
    }
    const { size, rootHash } = opened.checkpoint;
    if (size !== row.size || !hashesEqual(rootHash, row.rootHash)) {
      return reject(
        `the checkpoint row of size ${row.size} holds a note for another tree (size ${size})`,
        false,
      );
    }
    if (size > headSize) {
      return reject(
        `the log key signed a checkpoint of size ${size}, beyond the tree (size ${headSize})`,
        true,
      );
    }
    if (!hashesEqual(await this.rootOf(size), rootHash)) {
      return reject(
        `the log key signed a checkpoint of size ${size} with another root than the tree`,
        true,
      );
    }
    return { ok: true };
  }

  private remember(key: string, verdict: CheckpointVerdict): void {
    if (this.verdicts.size >= MEMO_LIMIT) this.verdicts.clear();
    this.verdicts.set(key, verdict);
  }
}

/** A verdict depends only on these bytes of the row (and, beyond the tree, on the head). */
function verdictKey(row: CheckpointRow): string {
  return `${row.size}\n${bytesToBase64(row.rootHash)}\n${row.note}`;
}
