import {
  assembleProof,
  base64ToBytes,
  bytesToBase64,
  consistencyProofPlan,
  cosignatureTimestamp,
  ed25519NoteSigner,
  emptyRootHash,
  inclusionProofPlan,
  keyIdHex,
  NOTE_SIGNATURE_TYPE,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  planNodes,
  signCheckpoint,
  treeRootPlan,
  verifyCheckpointNote,
  type ConsistencyProofJson,
  type HashPlan,
  LOG_ENTRY_KIND,
  parseLogEntry,
  KeyHistories,
  type InclusionProofJson,
  type NodeId,
  type NoteSigner,
  type ReceiptLogAnchor,
  type ReceiptLogMaterial,
} from '@convene/protocol';
import type { Clock } from '../clock.js';
import { MAX_LOG_WITNESSES, type LogWitness } from '../config.js';
import type { LogKey } from './log-key.js';
import type { CheckpointRepository, CheckpointRow } from './checkpoint-repository.js';
import type { EntryRow, LogEntryRepository } from './entry-repository.js';
import { nodeKey, type LogTreeRepository } from './tree-repository.js';
import { KeyHistoryCache, type MemberKeyHistories } from './key-log.js';
import type { TlogEntryKind } from './tables.js';
import { fail } from '../errors.js';
import { CheckpointGuard } from './checkpoint-guard.js';
import type { LogWatch } from './log-watch.js';
import type { LogStatus, WitnessStatus } from './schemas.js';
import { FreshReads } from '../db/fresh-reads.js';
import { WatchedReads, type RowWatch } from '../db/row-watch.js';

export const MAX_ENTRIES_PER_PAGE = 1000;
/** A cosignature dated further ahead of our clock than this is refused. */
const COSIGNATURE_FUTURE_SLACK_S = 600;

export interface CheckpointView {
  origin: string;
  size: number;
  rootHash: string;
  /** The signed note as issued (log signature only). */
  note: string;
  /** The note with every stored cosignature line added. */
  cosignedNote: string;
  createdAt: string;
  cosignatures: Array<{
    name: string;
    keyId: string;
    vkey: string;
    timestamp: number;
    line: string;
  }>;
}

export interface LogEntryView {
  index: number;
  leafHash: string;
  kind: TlogEntryKind;
  takeId: string | null;
  sessionId: string | null;
  /** The member of a key event; null for other entries. */
  memberId: string | null;
  entry: string;
}

/** Why a take has no inclusion proof yet (`inclusionPending` of a take receipt). */
export const INCLUSION_PENDING = {
  notCovered: 'not yet covered by a checkpoint (one is signed within a second or two)',
  signerStopped: (reason: string) => `the log's signer has stopped: ${reason}`,
  notInLog: 'the log holds no entry for this take',
} as const;
/** A member's logged key history with inclusion proofs (GET /api/log/members/{id}/keys). */
export interface MemberKeysView {
  memberId: string;
  treeSize: number;
  /** The signed checkpoint of that size: every proof leads to its root. */
  checkpoint: string;
  /** The keys-begin marker (null: the log holds none below treeSize). */
  marker: (LogEntryView & { proof: InclusionProofJson }) | null;
  /** The member's key events below treeSize, in log order. */
  events: Array<LogEntryView & { proof: InclusionProofJson }>;
}

/** How the log's service is run: its witnesses, when it reports a stall, where it reports alarms. */
export interface TlogServiceOptions {
  witnesses: readonly LogWitness[];
  stallSeconds: number;
  watch: LogWatch;
  /** Where every writer is seen (PGlite): the head and latest checkpoint are read once per change. */
  rowWatch?: RowWatch | undefined;
}

/** Checkpoints, proofs, entries and cosignatures of the transparency log (§14). */
export class TlogService {
  private signer: Promise<NoteSigner> | undefined;
  /** Serves only checkpoints the log key signed over the stored tree. */
  readonly checkpoints: CheckpointGuard;
  /** When this replica first saw the tree ahead of the latest good checkpoint. */
  private behindSince: { size: number; at: Date } | null = null;
  private readonly keyHistories: KeyHistoryCache;
  private readonly heads: WatchedReads<{ size: number; latest: CheckpointRow | undefined }>;
  private readonly freshHeads = new FreshReads<{
    size: number;
    latest: CheckpointRow | undefined;
  }>();

  /** The log's tables. A checkpoint served is read through the guard (`checkpoints`), not here. */
  private readonly stored: {
    entries: LogEntryRepository;
    tree: LogTreeRepository;
    checkpoints: CheckpointRepository;
  };
  readonly key: LogKey;
  private readonly clock: Clock;
  private readonly options: TlogServiceOptions;

  constructor(
    uses: TlogServiceOptions & {
      entries: LogEntryRepository;
      tree: LogTreeRepository;
      checkpoints: CheckpointRepository;
      key: LogKey;
      clock: Clock;
    },
  ) {
    const { entries, tree, checkpoints, key, clock } = uses;
    this.stored = { entries, tree, checkpoints };
    this.key = key;
    this.clock = clock;
    this.options = uses;
    this.heads = new WatchedReads(uses.rowWatch, 1);
    this.checkpoints = new CheckpointGuard({
      checkpoints,
      tree,
      logKey: key.vkey,
      rootOf: (size) => this.rootOf(size),
      onRejected: (rejected) => uses.watch.rejected(rejected, clock.now()),
    });
    this.keyHistories = new KeyHistoryCache(entries);
  }

  get watch(): LogWatch {
    return this.options.watch;
  }

  get witnesses(): readonly LogWitness[] {
    return this.options.witnesses;
  }

  /** These members' logged key histories, folded (cached until a key entry is appended). */
  membersKeyHistories(
    memberIds: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<MemberKeyHistories> {
    return this.keyHistories.of(memberIds, options);
  }

  /** Changes whenever the folded key histories do (see KeyHistoryCache.generation). */
  keysGeneration(): Promise<number> {
    return this.keyHistories.generation();
  }

  /** A key entry was appended by this process: the next read folds again. */
  keyEntryAppended(): void {
    this.keyHistories.invalidate();
  }

  /**
   * A member's key events and the keys-begin marker, each with an inclusion proof under the
   * checkpoint of `treeSize` (default: the latest), so a reader folds them without trusting us.
   */
  async memberKeys(memberId: string, treeSize: number | undefined): Promise<MemberKeysView> {
    const size = await this.provableSize(treeSize);
    const checkpoint = await this.checkpoints.ofSize(size);
    if (checkpoint === undefined) throw fail('checkpointNotFound');
    const rows = (await this.stored.entries.keyEntries([memberId])).filter((row) => row.idx < size);
    const withProof = async (row: EntryRow) => ({
      ...entryView(row),
      proof: await this.proofOf(row, size),
    });
    const marker = rows.find((row) => row.kind === 'keys-begin');
    return {
      memberId,
      treeSize: size,
      checkpoint: checkpoint.note,
      marker: marker === undefined ? null : await withProof(marker),
      events: await Promise.all(rows.filter((row) => row.kind === 'key').map(withProof)),
    };
  }

  /**
   * Signs a checkpoint of the current tree when it grew since the latest good one (or when there
   * is none), and answers it when it signed. Runs under the job's advisory lock; a second signer of
   * the same size is a no-op. Rows above the latest good checkpoint are checked first: one the log
   * key never signed is skipped (and reported); one it did sign that the tree does not bear out
   * (beyond the head, or another root at its size) stops the signer, which fails closed: the log
   * never signs a tree that is not an extension of what it already published.
   */
  async checkpointNow(): Promise<{ size: number; signed: CheckpointRow | null }> {
    const { watch } = this.options;
    const [size, latest] = await Promise.all([
      this.stored.tree.headSize(),
      this.checkpoints.latest(),
    ]);
    for (const row of await this.stored.checkpoints.checkpointsAbove(latest?.size ?? -1, 100)) {
      const verdict = await this.checkpoints.check(row, size);
      if (!verdict.ok && verdict.signedByLogKey) {
        const reason = `${verdict.reason}; refusing to sign`;
        watch.halted(reason, this.clock.now());
        throw new Error(`tlog: ${reason}`);
      }
    }
    if (latest !== undefined && latest.size === size) {
      watch.running();
      return { size, signed: null };
    }
    const rootHash = await this.rootOf(size);
    this.signer ??= ed25519NoteSigner(this.key.origin, this.key.seed);
    const note = await signCheckpoint(
      { origin: this.key.origin, size, rootHash },
      await this.signer,
    );
    const row = { size, rootHash, note, createdAt: this.clock.now() };
    if (await this.stored.checkpoints.insertCheckpoint(row)) {
      this.checkpoints.signedHere(row);
      watch.running();
      return { size, signed: row };
    }
    // Another replica signed this size first, or a row the log key never signed squats on it: the
    // latter keeps the size from ever holding our checkpoint, and must not pass for "not yet".
    if ((await this.checkpoints.ofSize(size)) === undefined) {
      watch.halted(
        `a checkpoint row of size ${size} that the log key did not sign occupies that size; the signer cannot store its checkpoint of the tree until the tree grows past it`,
        this.clock.now(),
      );
    } else watch.running();
    return { size, signed: null };
  }

  async latestCheckpoint(): Promise<CheckpointView> {
    const row = await this.checkpoints.latest();
    if (row === undefined) throw fail('noCheckpoint');
    return this.view(row);
  }

  /** The latest checkpoint as a consensus receipt records it (its cosignatures are not read). */
  async latestAnchor(): Promise<ReceiptLogAnchor> {
    const row = await this.checkpoints.latest();
    if (row === undefined) throw fail('noCheckpoint');
    return { origin: this.key.origin, treeSize: row.size, rootHash: bytesToBase64(row.rootHash) };
  }

  async checkpointOfSize(size: number): Promise<CheckpointView> {
    const row = await this.checkpoints.ofSize(size);
    if (row === undefined) throw fail('checkpointNotFound');
    return this.view(row);
  }

  /**
   * The checkpoint with the cosignatures of the configured witnesses only (one each, at most
   * MAX_LOG_WITNESSES), so the served note always fits a reader's limit of signature lines.
   */
  private async view(row: CheckpointRow): Promise<CheckpointView> {
    const configured = new Set(this.options.witnesses.map((w) => w.vkey));
    const seen = new Set<string>();
    const cosignatures = (await this.stored.checkpoints.cosignatures(row.size))
      .filter((c) => configured.has(c.vkey) && !seen.has(c.vkey) && seen.add(c.vkey))
      .slice(0, MAX_LOG_WITNESSES);
    return {
      origin: this.key.origin,
      size: row.size,
      rootHash: bytesToBase64(row.rootHash),
      note: row.note,
      cosignedNote: row.note + cosignatures.map((c) => `${c.line}\n`).join(''),
      createdAt: row.createdAt.toISOString(),
      cosignatures: cosignatures.map((c) => ({
        name: c.keyName,
        keyId: c.keyId,
        vkey: c.vkey,
        timestamp: c.signedAt,
        line: c.line,
      })),
    };
  }

  /** An inclusion proof for the entry at `index` (or with `leafHash`) in the tree of `treeSize`. */
  async inclusionProof(query: {
    index?: number | undefined;
    leafHash?: string | undefined;
    treeSize?: number | undefined;
  }): Promise<InclusionProofJson & { entry: string }> {
    if ((query.index === undefined) === (query.leafHash === undefined)) {
      throw fail('oneOfIndexOrLeaf');
    }
    const treeSize = await this.provableSize(query.treeSize);
    let row: EntryRow | undefined;
    if (query.leafHash !== undefined) {
      const hash = decodeHash(query.leafHash);
      if (hash === null) throw fail('badLeafHash');
      row = await this.stored.entries.entryByLeafHash(hash);
    } else {
      row = (await this.stored.entries.entriesInRange(query.index!, query.index! + 1))[0];
    }
    if (row === undefined) throw fail('entryNotFound');
    if (row.idx >= treeSize) throw fail('badIndex');
    return { ...(await this.proofOf(row, treeSize)), entry: row.entry };
  }

  async consistencyProof(from: number, to: number | undefined): Promise<ConsistencyProofJson> {
    const newSize = await this.provableSize(to);
    if (!(from >= 0 && from <= newSize)) throw fail('badRange');
    const hashes = await this.assemble(consistencyProofPlan(from, newSize));
    return { oldSize: from, newSize, hashes: hashes.map(bytesToBase64) };
  }

  async entries(start: number, end: number): Promise<LogEntryView[]> {
    const size = await this.stored.tree.headSize();
    if (!(start >= 0 && start < end && end <= size && end - start <= MAX_ENTRIES_PER_PAGE)) {
      throw fail('badEntryRange');
    }
    return (await this.stored.entries.entriesInRange(start, end)).map(entryView);
  }

  async entryOfTake(takeId: string): Promise<LogEntryView | undefined> {
    const row = await this.stored.entries.entryByTake(takeId);
    return row === undefined ? undefined : entryView(row);
  }

  /** The log entries of these takes, keyed by take id (one query); a take with none is absent. */
  async entriesOfTakes(takeIds: readonly string[]): Promise<Map<string, LogEntryView>> {
    const rows = await this.stored.entries.entriesByTakes(takeIds);
    return new Map([...rows].map(([takeId, row]) => [takeId, entryView(row)]));
  }

  /**
   * An inclusion proof of the entry at `index` against the latest checkpoint, with that signed
   * checkpoint; null while no checkpoint covers the entry yet (one is signed within a second).
   */
  async inclusionInLatest(
    index: number,
  ): Promise<{ checkpoint: string; treeSize: number; hashes: string[] } | null> {
    const latest = await this.checkpoints.latest();
    if (latest === undefined || latest.size <= index) return null;
    const hashes = await this.assemble(inclusionProofPlan(index, latest.size));
    return { checkpoint: latest.note, treeSize: latest.size, hashes: hashes.map(bytesToBase64) };
  }

  /**
   * What a verifier needs from the log for a consensus receipt (protocol `checkReceiptLog`): the
   * checkpoint of the size the receipt records, each submission's entry at its index with a proof
   * under that checkpoint, and the receipt's own entry with a proof under the latest checkpoint.
   */
  async receiptMaterial(receipt: {
    sessionId: string;
    treeSize: number | undefined;
    indices: ReadonlyArray<number | undefined>;
    memberIds?: readonly string[];
  }): Promise<ReceiptLogMaterial> {
    const { treeSize } = receipt;
    const [anchor, entries, own, latest, keyRows] = await Promise.all([
      treeSize === undefined ? undefined : this.checkpoints.ofSize(treeSize),
      this.stored.entries.entriesAt(receipt.indices.filter((i): i is number => i !== undefined)),
      this.stored.entries.entryByReceipt(receipt.sessionId),
      this.checkpoints.latest(),
      receipt.memberIds === undefined
        ? undefined
        : this.stored.entries.keyEntries(receipt.memberIds),
    ]);
    const folded =
      keyRows === undefined
        ? undefined
        : KeyHistories.fold(keyRows.map((row) => ({ index: row.idx, entry: row.entry })));
    const keys =
      folded === undefined ? {} : { keys: 'histories' in folded ? folded.histories : folded };
    const provable = (index: number | undefined, size: number | undefined) =>
      index !== undefined && size !== undefined && index < size && entries.get(index) !== undefined;
    const submissions = await Promise.all(
      receipt.indices.map(async (index) => {
        if (!provable(index, anchor?.size)) return null;
        const row = entries.get(index!)!;
        return { entry: row.entry, proof: await this.proofOf(row, anchor!.size) };
      }),
    );
    const receiptEntry =
      own === undefined || latest === undefined || own.idx >= latest.size
        ? null
        : {
            entry: own.entry,
            proof: await this.proofOf(own, latest.size),
            checkpoint: latest.note,
            consistency:
              anchor === undefined || anchor.size > latest.size
                ? []
                : (await this.assemble(consistencyProofPlan(anchor.size, latest.size))).map(
                    bytesToBase64,
                  ),
          };
    return { checkpoint: anchor?.note ?? null, submissions, receipt: receiptEntry, ...keys };
  }

  /**
   * The digest of the receipt the log holds for `subjectId` just before the entry of `sessionId`'s
   * receipt (before the whole log when that receipt is not in it); null when there is none. The
   * chain check reads the log, so deleting a receipt row or nulling a column cannot hide a break.
   */
  async previousReceiptDigest(subjectId: string, sessionId: string): Promise<string | null> {
    const row = await this.previousReceiptRow(subjectId, sessionId);
    if (row === null) return null;
    const parsed = parseLogEntry(row.entry);
    return parsed.ok && parsed.entry.kind === LOG_ENTRY_KIND.receipt ? parsed.entry.digest : null;
  }

  /**
   * For a receipt in the log: the entry of its subject's previous receipt (null: it is the first).
   * Undefined when the session's receipt is not in the log.
   */
  async previousReceiptEntry(
    sessionId: string,
  ): Promise<{ previous: LogEntryView | null } | undefined> {
    const own = await this.stored.entries.entryByReceipt(sessionId);
    const parsed = own === undefined ? undefined : parseLogEntry(own.entry);
    if (parsed === undefined || !parsed.ok || parsed.entry.kind !== LOG_ENTRY_KIND.receipt) {
      return undefined;
    }
    const subjectId = receiptSubject(parsed.entry.canonicalBytes);
    if (subjectId === undefined) return undefined;
    const row = await this.previousReceiptRow(subjectId, sessionId);
    return { previous: row === null ? null : entryView(row) };
  }

  private async previousReceiptRow(subjectId: string, sessionId: string): Promise<EntryRow | null> {
    const own = await this.stored.entries.entryByReceipt(sessionId);
    let before = own?.idx ?? null;
    for (;;) {
      const page = await this.stored.entries.receiptEntriesBefore(before, 200);
      for (const row of page) {
        const parsed = parseLogEntry(row.entry);
        if (!parsed.ok || parsed.entry.kind !== LOG_ENTRY_KIND.receipt) continue;
        if (parsed.entry.sessionId === sessionId) continue;
        if (receiptSubject(parsed.entry.canonicalBytes) === subjectId) return row;
      }
      if (page.length < 200) return null;
      before = page.at(-1)!.idx;
    }
  }

  private async proofOf(row: EntryRow, treeSize: number): Promise<InclusionProofJson> {
    const hashes = await this.assemble(inclusionProofPlan(row.idx, treeSize));
    return {
      logIndex: row.idx,
      treeSize,
      leafHash: bytesToBase64(row.leafHash),
      hashes: hashes.map(bytesToBase64),
    };
  }

  async receiptEntryByDigest(digest: string): Promise<LogEntryView | undefined> {
    if (!/^[0-9a-f]{64}$/.test(digest)) return undefined;
    const row = await this.stored.entries.receiptEntryByDigest(digest);
    return row === undefined ? undefined : entryView(row);
  }

  async entryOfReceipt(sessionId: string): Promise<LogEntryView | undefined> {
    const row = await this.stored.entries.entryByReceipt(sessionId);
    return row === undefined ? undefined : entryView(row);
  }

  /**
   * Stores a witness's cosignature (C2SP tlog-cosignature) posted to `POST /api/log/cosignatures`.
   * Only from a configured witness key (403 otherwise), over a checkpoint this log signed (see
   * `acceptCosignature`); nothing is stored on any refusal.
   */
  async addCosignature(input: { vkey: string; cosignedCheckpoint: string }) {
    const witness = parseVerifierKey(input.vkey);
    if (witness === null || witness.type !== NOTE_SIGNATURE_TYPE.cosignatureV1) {
      throw fail('badWitnessKey');
    }
    const configured = this.options.witnesses.find((w) => w.vkey === input.vkey);
    if (configured === undefined) throw fail('unknownWitness');
    const posted = parseSignedNote(input.cosignedCheckpoint);
    const checkpoint = posted === null ? null : parseCheckpoint(posted.text);
    if (posted === null || checkpoint === null) throw fail('badCosignature');
    const line = posted.signatures.find(
      (s) => s.name === witness.name && s.keyId === witness.keyId,
    );
    if (line === undefined) throw fail('badCosignature');
    const ours = await this.checkpoints.ofSize(checkpoint.size);
    if (ours === undefined || ours.note.slice(0, ours.note.indexOf('\n\n') + 1) !== posted.text) {
      throw fail('badCosignature');
    }
    const stored = await this.acceptCosignature(ours, configured, `— ${line.name} ${line.base64}`);
    if (!stored.stored) throw fail('duplicateCosignature');
    return { size: checkpoint.size, vkey: input.vkey, timestamp: stored.timestamp, stored: true };
  }

  /**
   * Verifies and stores one cosignature line of `witness` (a configured one) over `checkpoint` (a
   * row the guard passed): it must verify over our note, never for size 0, dated neither 0 nor
   * before the checkpoint was signed nor more than 10 minutes ahead of our clock. `stored` is false
   * when this witness already cosigned this checkpoint. Used by the route and by the push.
   */
  async acceptCosignature(
    checkpoint: CheckpointRow,
    witness: LogWitness,
    line: string,
  ): Promise<{ stored: boolean; timestamp: number }> {
    if (checkpoint.size === 0) throw fail('emptyTreeCosignature');
    const verified = await verifyCheckpointNote(`${checkpoint.note}${line}\n`, {
      logKey: this.key.vkey,
      cosignerKeys: [witness.vkey],
    });
    const parsed = parseSignedNote(`${checkpoint.note}${line}\n`);
    const signature = parsed?.signatures.at(-1);
    if (!verified.ok || verified.cosignatures.length !== 1 || signature === undefined) {
      throw fail('badCosignature');
    }
    const timestamp = cosignatureTimestamp(signature.signature);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const signedAt = Math.floor(checkpoint.createdAt.getTime() / 1000);
    if (
      timestamp === null ||
      timestamp === 0 ||
      timestamp < signedAt ||
      timestamp > now + COSIGNATURE_FUTURE_SLACK_S
    ) {
      throw fail('badCosignatureTime');
    }
    const witnessKey = parseVerifierKey(witness.vkey)!;
    const stored = await this.stored.checkpoints.insertCosignature(
      {
        checkpointSize: checkpoint.size,
        keyName: witnessKey.name,
        keyId: keyIdHex(witnessKey.keyId),
        vkey: witness.vkey,
        signedAt: timestamp,
        line,
      },
      this.clock.now(),
    );
    if (stored) await this.stored.checkpoints.clearWitnessFailure(witness.vkey, checkpoint.size);
    return { stored, timestamp };
  }

  /**
   * A push to a configured witness failed: raised as an alarm here, and stored, so the admin
   * status of every replica shows it until the witness cosigns again. A failure to store it is
   * only logged with the alarm: it must not stop the push.
   */
  async witnessFailed(vkey: string, message: string): Promise<void> {
    const witness = this.options.witnesses.find((w) => w.vkey === vkey);
    if (witness === undefined) return;
    this.options.watch.witnessFailed(witness.name, message);
    await this.stored.checkpoints
      .recordWitnessFailure(vkey, message, this.clock.now())
      .catch((error: unknown) =>
        this.options.watch.witnessFailed(
          witness.name,
          `its failure could not be stored: ${(error as Error).message}`,
        ),
      );
  }

  /** Each configured witness's latest cosignature and last failure, as stored (one per replica set). */
  private async witnessStatus(): Promise<WitnessStatus[]> {
    const vkeys = this.options.witnesses.map((w) => w.vkey);
    const [cosignatures, failures] = await Promise.all([
      this.stored.checkpoints.latestCosignatures(vkeys),
      this.stored.checkpoints.witnessFailures(vkeys),
    ]);
    return this.options.witnesses.map((w) => {
      const cosigned = cosignatures.get(w.vkey);
      const failed = failures.get(w.vkey);
      return {
        name: w.name,
        vkey: w.vkey,
        url: w.url ?? null,
        lastCosignature:
          cosigned === undefined
            ? null
            : {
                size: cosigned.size,
                timestamp: cosigned.signedAt,
                at: cosigned.storedAt.toISOString(),
              },
        lastError:
          failed === undefined
            ? null
            : { at: failed.failedAt.toISOString(), message: failed.message },
      };
    });
  }

  /** The largest checkpoint size `vkey` cosigned here (0 when none): where a push starts. */
  latestCosignedSize(vkey: string): Promise<number> {
    return this.stored.checkpoints.latestCosignedSize(vkey);
  }

  /**
   * The log's state: its size, the latest good checkpoint and its age, the signer (halted when it
   * refused to sign; stalled when the tree has been ahead of the latest checkpoint for longer than
   * LOG_STALL_SECONDS), rejected checkpoint rows and each witness's last cosignature and error.
   */
  async status(): Promise<LogStatus> {
    const [state, witnesses] = await Promise.all([
      this.statusWithoutWitnesses(),
      this.witnessStatus(),
    ]);
    return { ...state, witnesses };
  }

  /**
   * The status without the witnesses, which take two queries of their own: what /health and a
   * pending inclusion proof need.
   */
  async statusWithoutWitnesses(): Promise<Omit<LogStatus, 'witnesses'>> {
    const { watch, stallSeconds } = this.options;
    const { size, latest } = await this.heads.get('head', () =>
      this.freshHeads.read('head', async () => {
        const [size, latest] = await Promise.all([
          this.stored.tree.headSize(),
          this.checkpoints.latest(),
        ]);
        return { size, latest };
      }),
    );
    const now = this.clock.now();
    const covered = latest?.size ?? 0;
    if (size <= covered) this.behindSince = null;
    else if (this.behindSince === null || this.behindSince.size > size) {
      this.behindSince = { size, at: now };
    }
    const behindFor =
      this.behindSince === null
        ? 0
        : Math.floor((now.getTime() - this.behindSince.at.getTime()) / 1000);
    const halt = watch.haltedBy;
    const signer =
      halt !== null
        ? { state: 'halted' as const, reason: halt.reason, since: halt.since.toISOString() }
        : behindFor > stallSeconds
          ? {
              state: 'stalled' as const,
              reason: `the tree (size ${size}) has been ahead of the latest checkpoint (size ${covered}) for ${behindFor} s`,
              since: this.behindSince!.at.toISOString(),
            }
          : { state: 'ok' as const, reason: null, since: null };
    return {
      size,
      checkpoint:
        latest === undefined
          ? null
          : {
              size: latest.size,
              createdAt: latest.createdAt.toISOString(),
              ageSeconds: Math.max(
                0,
                Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000),
              ),
            },
      signer,
      rejectedCheckpoints: watch.rejectedCheckpoints,
      integrity: watch.integrity,
    };
  }

  /** Why an entry in the log has no inclusion proof in the latest checkpoint yet. */
  async inclusionPending(): Promise<string> {
    const { signer } = await this.statusWithoutWitnesses();
    if (signer.state !== 'ok') return INCLUSION_PENDING.signerStopped(signer.reason!);
    return INCLUSION_PENDING.notCovered;
  }

  /** Tree sizes a proof may use: up to the sequenced size; default the latest checkpoint's. */
  private async provableSize(requested: number | undefined): Promise<number> {
    if (requested === undefined) {
      const latest = await this.checkpoints.latest();
      if (latest === undefined) throw fail('noCheckpoint');
      return latest.size;
    }
    const size = await this.stored.tree.headSize();
    if (!(Number.isSafeInteger(requested) && requested >= 1 && requested <= size)) {
      throw fail('badTreeSize');
    }
    return requested;
  }

  /** One query for every node the plan names, then the folds: O(log n) rows. */
  private async assemble(plans: HashPlan[]): Promise<Uint8Array[]> {
    const nodes = await this.stored.tree.readNodes(planNodes(plans));
    return assembleProof(plans, (node: NodeId) => {
      const hash = nodes.get(nodeKey(node.level, node.index));
      if (hash === undefined) throw new Error(`tlog node ${node.level}/${node.index} missing`);
      return hash;
    });
  }

  private async rootOf(size: number): Promise<Uint8Array> {
    if (size === 0) return emptyRootHash();
    const [hashes] = await this.assemble([treeRootPlan(size)]);
    if (hashes === undefined) throw new Error('no root');
    return hashes;
  }
}

function entryView(row: EntryRow): LogEntryView {
  return {
    index: row.idx,
    leafHash: bytesToBase64(row.leafHash),
    kind: row.kind,
    takeId: row.takeId,
    sessionId: row.receiptSessionId,
    memberId: row.keyMemberId,
    entry: row.entry,
  };
}

function decodeHash(text: string): Uint8Array | null {
  const bytes = /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : base64ToBytes(text);
  return bytes !== null && bytes.length === 32 ? new Uint8Array(bytes) : null;
}

function receiptSubject(canonicalBytes: string): string | undefined {
  try {
    const payload = JSON.parse(canonicalBytes) as { subjectId?: unknown };
    return typeof payload.subjectId === 'string' ? payload.subjectId : undefined;
  } catch {
    return undefined;
  }
}
