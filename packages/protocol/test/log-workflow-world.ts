// A real transparency log in memory for the log workflow tests: entries signed into checkpoints
// with the protocol's own tree and note functions, served over the `LogApi` paths as the server
// serves them. `tamper` rewrites an answer on its way out, as a lying or broken server would.
import {
  addNoteSignatures,
  buildReceiptPayload,
  bytesToBase64,
  cosignatureSigner,
  formatVerifierKey,
  keyLogEntry,
  keysBeginLogEntry,
  LOG_ENTRY_KIND,
  logApiOverHttp,
  logEntryLeafHash,
  MemoryMerkleTree,
  parseCanonicalTake,
  publicKeyFromSeed,
  receiptLogEntry,
  signCheckpoint,
  signReceipt,
  takeLogEntry,
  utf8Encode,
  type ConsensusReceipt,
  type LogApi,
  type LoggedTake,
  type ReceiptSubmission,
} from '@convene/protocol';
import {
  identity,
  MEMBER_IDS,
  SERVICE_SEED,
  SESSION_DATE,
  SESSION_ID,
  SUBJECT_ID,
  seedOf,
  type TestIdentity,
} from '../scripts/fixtures.js';
import { JUDGE, signedTake } from '../scripts/receipt-fixtures.js';

export const ORIGIN = 'log-workflow.test.example/log';
export const LOG_SEED = seedOf(0x61);
export const OTHER_LOG_SEED = seedOf(0x62);
const RECEIVED_AT = '2026-07-14T23:00:00.000Z';
const AT = '2026-07-13T00:00:00.000Z';

type Answer = { status: number; text: string };

/** The log: its entries, the checkpoints it signed, and the routes that serve them. */
export class MemoryLog {
  readonly entries: string[] = [];
  private readonly tree = new MemoryMerkleTree();
  private readonly notes = new Map<number, string>();
  private published = 0;
  /** GET /health's `transparency_log`. */
  signer = 'running';
  /** Rewrites an answer (path, answer) → answer; identity by default. */
  tamper: (path: string, answer: Answer) => Answer = (_path, answer) => answer;
  /** Called before each answer, e.g. to sign a checkpoint after some reads. */
  onRead: (path: string) => Promise<void> = () => Promise.resolve();
  readonly reads: string[] = [];

  /** `vkey`: the log key's verifier key, as GET /api/log/key serves it. */
  constructor(readonly vkey: string) {}

  append(entry: string): number {
    this.entries.push(entry);
    this.tree.appendEntry(utf8Encode(entry));
    return this.entries.length - 1;
  }

  /** Signs a checkpoint of the current size with the log key and makes it the latest. */
  async publish(extra: (note: string) => Promise<string> = (n) => Promise.resolve(n)) {
    const size = this.entries.length;
    const note = await signCheckpoint(
      { origin: ORIGIN, size, rootHash: this.tree.root(size) },
      LOG_SEED,
    );
    this.notes.set(size, await extra(note));
    this.published = size;
    return this.notes.get(size)!;
  }

  get size(): number {
    return this.published;
  }

  rootOf(size: number): string {
    return bytesToBase64(this.tree.root(size));
  }

  noteOf(size: number): string {
    return this.notes.get(size)!;
  }

  proof(index: number, treeSize: number) {
    return {
      logIndex: index,
      treeSize,
      leafHash: bytesToBase64(this.tree.leafHash(index)),
      hashes: this.tree.inclusionProof(index, treeSize).map(bytesToBase64),
    };
  }

  readonly api: LogApi = logApiOverHttp(async (path) => {
    this.reads.push(path);
    await this.onRead(path);
    return this.tamper(path, this.answer(path));
  });

  private answer(path: string): Answer {
    const url = new URL(path, 'http://log.test');
    const q = (name: string) => Number(url.searchParams.get(name));
    const json = (body: unknown): Answer => ({ status: 200, text: JSON.stringify(body) });
    const missing: Answer = { status: 404, text: '{"error":"not found"}' };
    const tooNew: Answer = { status: 400, text: '{"error":"newer than the checkpoint"}' };
    const p = url.pathname;
    if (p === '/health') return json({ transparency_log: this.signer });
    if (p === '/api/log/key') return json({ vkey: this.vkey });
    if (p === '/api/log/checkpoint') return { status: 200, text: this.noteOf(this.published) };
    if (p === '/api/log/checkpoint.json') {
      return json({ note: this.noteOf(this.published), size: this.published });
    }
    const sized = /^\/api\/log\/checkpoints\/(\d+)$/.exec(p);
    if (sized !== null) {
      const note = this.notes.get(Number(sized[1]));
      return note === undefined ? missing : json({ note });
    }
    if (p === '/api/log/proof/inclusion') {
      const treeSize = q('treeSize');
      if (!this.notes.has(treeSize)) return tooNew;
      const leaf = url.searchParams.get('leafHash');
      const index =
        leaf === null
          ? q('index')
          : this.entries.findIndex((e) => bytesToBase64(logEntryLeafHash(e)) === leaf);
      if (index < 0 || index >= this.entries.length) return missing;
      if (index >= treeSize) return tooNew;
      return json({ ...this.proof(index, treeSize), entry: this.entries[index] });
    }
    if (p === '/api/log/proof/consistency') {
      const [from, to] = [q('from'), q('to')];
      if (!this.notes.has(to) || from > to) return tooNew;
      return json({ hashes: this.tree.consistencyProof(from, to).map(bytesToBase64) });
    }
    const take = /^\/api\/log\/takes\/(.+)$/.exec(p);
    if (take !== null) {
      const index = this.entries.findIndex((e) => JSON.parse(e).takeId === take[1]);
      return index < 0
        ? missing
        : json({ entry: this.entries[index], leafHash: this.proof(index, index + 1).leafHash });
    }
    const receipt = /^\/api\/log\/receipts\/([^/]+)$/.exec(p);
    if (receipt !== null) {
      const index = this.entries.findIndex(
        (e) =>
          JSON.parse(e).kind === LOG_ENTRY_KIND.receipt && JSON.parse(e).sessionId === receipt[1],
      );
      return index < 0 ? missing : json({ index });
    }
    const keys = /^\/api\/log\/members\/([^/]+)\/keys$/.exec(p);
    if (keys !== null) {
      const treeSize = q('treeSize');
      const checkpoint = this.notes.get(treeSize);
      if (checkpoint === undefined) return tooNew;
      const proven = (index: number) => ({
        index,
        entry: this.entries[index]!,
        proof: this.proof(index, treeSize),
      });
      const indices = this.entries.slice(0, treeSize).map((e, i) => [JSON.parse(e), i] as const);
      const marker = indices.find(([e]) => e.kind === LOG_ENTRY_KIND.keysBegin);
      return json({
        treeSize,
        checkpoint,
        marker: marker === undefined ? null : proven(marker[1]),
        events: indices
          .filter(
            ([e]) => e.kind === LOG_ENTRY_KIND.key && e.memberId === decodeURIComponent(keys[1]!),
          )
          .map(([, i]) => proven(i)),
      });
    }
    return missing;
  }
}

/** A take as a page shows it: the served fields, and where its receipt says the log put it. */
function loggedTake(take: ReceiptSubmission, log: MemoryLog, index: number): LoggedTake {
  const draft = parseCanonicalTake(take.canonical_submission)!;
  const proof = log.proof(index, log.size);
  return {
    id: take.takeId,
    sessionId: SESSION_ID,
    memberId: take.memberId,
    revision: take.revision,
    receivedAt: RECEIVED_AT,
    publicKey: take.publicKey,
    canonical: take.canonical_submission,
    signature: take.signature,
    nonce: draft.nonce,
    stance: draft.stance,
    confidence: draft.confidence,
    body: draft.body ?? '',
    memoUrl: null,
    weights: draft.weights ?? null,
    logIndex: index,
    leafHash: proof.leafHash,
    inclusion: { checkpoint: log.noteOf(log.size), treeSize: log.size, hashes: proof.hashes },
  };
}

const takeEntry = (take: ReceiptSubmission) =>
  takeLogEntry({
    canonical_submission: take.canonical_submission,
    memberId: take.memberId,
    publicKey: take.publicKey,
    receivedAt: RECEIVED_AT,
    revision: take.revision,
    sessionId: SESSION_ID,
    signature: take.signature,
    takeId: take.takeId,
  });

const imported = (member: TestIdentity) =>
  keyLogEntry({
    memberId: member.memberId,
    event: 'imported',
    at: AT,
    seq: 0,
    previousIndex: null,
    activeKey: member.publicKey,
    pendingKey: null,
    status: 'active',
    role: 'member',
    heldKeys: [member.publicKey],
  });

/**
 * The log of one session: keys-begin (0), members A and B imported (1, 2), their takes (3, 4),
 * checkpoint 5 (the receipt's anchor), the receipt (5), A rotates to a new key (6), A's take with
 * the new key (7) and one filed with the old key after the rotation (8), checkpoint 9 the latest,
 * cosigned by a witness nobody asked about.
 */
export async function sessionLog() {
  const logKey = formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED));
  const log = new MemoryLog(logKey);
  const [a, b] = [await identity(MEMBER_IDS[0], 1), await identity(MEMBER_IDS[1], 2)];
  const aRotated = await identity(MEMBER_IDS[0], 3);
  const takes: ReceiptSubmission[] = [
    { ...(await signedTake(a, { stance: 'bullish', confidence: 0.8 }, 'take-a', 1)), logIndex: 3 },
    { ...(await signedTake(b, { stance: 'cautious', confidence: 0.4 }, 'take-b', 1)), logIndex: 4 },
  ];
  log.append(keysBeginLogEntry({ at: AT, members: 2 }));
  log.append(imported(a));
  log.append(imported(b));
  for (const take of takes) log.append(takeEntry(take));
  const anchor = await log.publish();
  const receipt: ConsensusReceipt = await signReceipt(
    buildReceiptPayload({
      sessionId: SESSION_ID,
      subjectId: SUBJECT_ID,
      date: SESSION_DATE,
      convenedAt: '2026-07-13T22:45:00.000Z',
      windowClosesAt: '2026-07-14T22:45:00.000Z',
      aggregatedAt: '2026-07-14T22:46:00.000Z',
      takes,
      roster: [a.memberId, b.memberId],
      requiredQuorum: 2,
      judge: JUDGE,
      previousReceiptDigest: null,
      log: { origin: ORIGIN, treeSize: 5, rootHash: log.rootOf(5) },
    }),
    SERVICE_SEED,
  );
  log.append(receiptLogEntry(receipt));
  log.append(
    keyLogEntry({
      memberId: a.memberId,
      event: 'rotated',
      at: AT,
      seq: 1,
      previousIndex: 1,
      activeKey: aRotated.publicKey,
      pendingKey: null,
      status: 'active',
      role: 'member',
    }),
  );
  const newKeyTake = await signedTake(
    aRotated,
    { stance: 'bullish', confidence: 0.6 },
    'take-a2',
    2,
  );
  const oldKeyTake = await signedTake(a, { stance: 'bullish', confidence: 0.5 }, 'take-a3', 3);
  log.append(takeEntry(newKeyTake));
  log.append(takeEntry(oldKeyTake));
  const stranger = await cosignatureSigner('stranger.example/witness', seedOf(0x63), 1_800_000_000);
  await log.publish((note) => addNoteSignatures(note, stranger));
  return {
    log,
    logKey,
    receipt,
    anchorNote: anchor,
    takes: {
      a: loggedTake(takes[0]!, log, 3),
      b: loggedTake(takes[1]!, log, 4),
      newKey: loggedTake(newKeyTake, log, 7),
      oldKeyAfterRotation: loggedTake(oldKeyTake, log, 8),
    },
    entries: { a: takeEntry(takes[0]!), receipt: receiptLogEntry(receipt) },
    rawLogKey: await publicKeyFromSeed(LOG_SEED),
    otherRawLogKey: await publicKeyFromSeed(OTHER_LOG_SEED),
  };
}

/** `text` with the character at `at` (negative: from the end) replaced by another base64 one. */
export function flipChar(text: string, at: number): string {
  const i = at < 0 ? text.length + at : at;
  const c = text[i]!;
  return `${text.slice(0, i)}${c === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
}
