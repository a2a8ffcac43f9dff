import {
  assembleProof,
  base64ToBytes,
  bytesToBase64,
  consistencyProofPlan,
  hashesEqual,
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
  type ReceiptLogMaterial,
} from '@convene/protocol';
import type { Clock } from '../clock.js';
import type { LogKey } from './log-key.js';
import { nodeKey, type CheckpointRow, type EntryRow, type TlogRepository } from './repository.js';
import { KeyHistoryCache, type MemberKeyHistories } from './key-log.js';
import type { TlogEntryKind } from './tables.js';
import { fail } from '../errors.js';

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

/** Checkpoints, proofs, entries and cosignatures of the transparency log (§14). */
export class TlogService {
  /** The latest checkpoint this service signed or checked against the tree: no need to re-read its root. */
  private checked: { size: number; rootHash: Uint8Array } | undefined;
  private signer: Promise<NoteSigner> | undefined;
  private readonly keyHistories: KeyHistoryCache;

  constructor(
    private readonly repository: TlogRepository,
    readonly key: LogKey,
    private readonly clock: Clock,
  ) {
    this.keyHistories = new KeyHistoryCache(repository);
  }

  /** These members' logged key histories, folded (cached until a key entry is appended). */
  membersKeyHistories(
    memberIds: readonly string[],
    options: { fresh?: boolean } = {},
  ): Promise<MemberKeyHistories> {
    return this.keyHistories.of(memberIds, options);
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
    const checkpoint = await this.repository.checkpointOfSize(size);
    if (checkpoint === undefined) throw fail('checkpointNotFound');
    const rows = (await this.repository.keyEntries([memberId])).filter((row) => row.idx < size);
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
   * Signs a checkpoint of the current tree when it grew since the latest one (or when there is none).
   * Runs under the job's advisory lock; a second signer of the same size is a no-op. Fails closed:
   * when the latest stored checkpoint is not the tree's own (beyond the head, or another root at its
   * size, as a row written behind the service would be), it signs nothing, so the log never signs a
   * tree that is not an extension of what it already published.
   */
  async checkpointNow(): Promise<{ size: number; signed: boolean }> {
    const [size, latest] = await Promise.all([
      this.repository.headSize(),
      this.repository.latestCheckpoint(),
    ]);
    if (latest !== undefined) {
      if (latest.size > size) {
        throw new Error(
          `tlog: the stored checkpoint of size ${latest.size} is beyond the tree (size ${size}); refusing to sign`,
        );
      }
      if (latest.size === size) return { size, signed: false };
      const checked =
        this.checked?.size === latest.size && hashesEqual(this.checked.rootHash, latest.rootHash);
      if (!checked && !hashesEqual(await this.rootOf(latest.size), latest.rootHash)) {
        throw new Error(
          `tlog: the stored checkpoint of size ${latest.size} has another root than the tree; refusing to sign past it`,
        );
      }
    }
    const rootHash = await this.rootOf(size);
    this.signer ??= ed25519NoteSigner(this.key.origin, this.key.seed);
    const note = await signCheckpoint(
      { origin: this.key.origin, size, rootHash },
      await this.signer,
    );
    const signed = await this.repository.insertCheckpoint({ size, rootHash, note });
    if (signed) this.checked = { size, rootHash };
    return { size, signed };
  }

  async latestCheckpoint(): Promise<CheckpointView> {
    const row = await this.repository.latestCheckpoint();
    if (row === undefined) throw fail('noCheckpoint');
    return this.view(row);
  }

  async checkpointOfSize(size: number): Promise<CheckpointView> {
    const row = await this.repository.checkpointOfSize(size);
    if (row === undefined) throw fail('checkpointNotFound');
    return this.view(row);
  }

  private async view(row: CheckpointRow): Promise<CheckpointView> {
    const cosignatures = await this.repository.cosignatures(row.size);
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
      row = await this.repository.entryByLeafHash(hash);
    } else {
      row = (await this.repository.entriesInRange(query.index!, query.index! + 1))[0];
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
    const size = await this.repository.headSize();
    if (!(start >= 0 && start < end && end <= size && end - start <= MAX_ENTRIES_PER_PAGE)) {
      throw fail('badEntryRange');
    }
    return (await this.repository.entriesInRange(start, end)).map(entryView);
  }

  async entryOfTake(takeId: string): Promise<LogEntryView | undefined> {
    const row = await this.repository.entryByTake(takeId);
    return row === undefined ? undefined : entryView(row);
  }

  /** The log entries of these takes, keyed by take id (one query); a take with none is absent. */
  async entriesOfTakes(takeIds: readonly string[]): Promise<Map<string, LogEntryView>> {
    const rows = await this.repository.entriesByTakes(takeIds);
    return new Map([...rows].map(([takeId, row]) => [takeId, entryView(row)]));
  }

  /**
   * An inclusion proof of the entry at `index` against the latest checkpoint, with that signed
   * checkpoint; null while no checkpoint covers the entry yet (one is signed within a second).
   */
  async inclusionInLatest(
    index: number,
  ): Promise<{ checkpoint: string; treeSize: number; hashes: string[] } | null> {
    const latest = await this.repository.latestCheckpointWithinTree();
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
      treeSize === undefined ? undefined : this.repository.checkpointOfSize(treeSize),
      this.repository.entriesAt(receipt.indices.filter((i): i is number => i !== undefined)),
      this.repository.entryByReceipt(receipt.sessionId),
      this.repository.latestCheckpointWithinTree(),
      receipt.memberIds === undefined ? undefined : this.repository.keyEntries(receipt.memberIds),
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
    const own = await this.repository.entryByReceipt(sessionId);
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
    const own = await this.repository.entryByReceipt(sessionId);
    let before = own?.idx ?? null;
    for (;;) {
      const page = await this.repository.receiptEntriesBefore(before, 200);
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
    const row = await this.repository.receiptEntryByDigest(digest);
    return row === undefined ? undefined : entryView(row);
  }

  async entryOfReceipt(sessionId: string): Promise<LogEntryView | undefined> {
    const row = await this.repository.entryByReceipt(sessionId);
    return row === undefined ? undefined : entryView(row);
  }

  /**
   * Stores a witness's cosignature (C2SP tlog-cosignature) of a checkpoint this log issued. Accepted
   * from any witness key (type 0x04), keyed by its vkey: the signature must verify over our
   * checkpoint of that size and be dated at most 10 minutes ahead of our clock. Readers decide
   * which witnesses they trust; the server only refuses what does not verify.
   */
  async addCosignature(input: { vkey: string; cosignedCheckpoint: string }) {
    const witness = parseVerifierKey(input.vkey);
    if (witness === null || witness.type !== NOTE_SIGNATURE_TYPE.cosignatureV1) {
      throw fail('badWitnessKey');
    }
    const posted = parseSignedNote(input.cosignedCheckpoint);
    const checkpoint = posted === null ? null : parseCheckpoint(posted.text);
    if (posted === null || checkpoint === null) throw fail('badCosignature');
    const ours = await this.repository.checkpointOfSize(checkpoint.size);
    const line = posted.signatures.find(
      (s) => s.name === witness.name && s.keyId === witness.keyId,
    );
    if (ours === undefined || line === undefined || !ours.note.startsWith(posted.text + '\n')) {
      throw fail('badCosignature');
    }
    const lineText = `— ${line.name} ${line.base64}`;
    const verified = await verifyCheckpointNote(`${ours.note}${lineText}\n`, {
      logKey: this.key.vkey,
      cosignerKeys: [input.vkey],
    });
    const timestamp = cosignatureTimestamp(line.signature);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (
      !verified.ok ||
      verified.cosignatures.length !== 1 ||
      timestamp === null ||
      timestamp > now + COSIGNATURE_FUTURE_SLACK_S
    ) {
      throw fail('badCosignature');
    }
    const stored = await this.repository.insertCosignature({
      checkpointSize: checkpoint.size,
      keyName: witness.name,
      keyId: keyIdHex(witness.keyId),
      vkey: input.vkey,
      signedAt: timestamp,
      line: lineText,
    });
    return { size: checkpoint.size, vkey: input.vkey, timestamp, stored };
  }

  /** Tree sizes a proof may use: up to the sequenced size; default the latest checkpoint's. */
  private async provableSize(requested: number | undefined): Promise<number> {
    if (requested === undefined) {
      const latest = await this.repository.latestCheckpointWithinTree();
      if (latest === undefined) throw fail('noCheckpoint');
      return latest.size;
    }
    const size = await this.repository.headSize();
    if (!(Number.isSafeInteger(requested) && requested >= 1 && requested <= size)) {
      throw fail('badTreeSize');
    }
    return requested;
  }

  /** One query for every node the plan names, then the folds: O(log n) rows. */
  private async assemble(plans: HashPlan[]): Promise<Uint8Array[]> {
    const nodes = await this.repository.readNodes(planNodes(plans));
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
