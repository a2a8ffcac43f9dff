import { describe, expect, it } from 'vitest';
import {
  buildReceiptPayload,
  bytesToBase64,
  KeyHistories,
  keyLogEntry,
  keysBeginLogEntry,
  checkReceiptLog,
  formatVerifierKey,
  MemoryMerkleTree,
  publicKeyFromSeed,
  RECEIPT_REASONS,
  receiptLogEntry,
  receiptLogOutcomes,
  signCheckpoint,
  signReceipt,
  takeLogEntry,
  utf8Encode,
  type ConsensusReceipt,
  type ReceiptLogMaterial,
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
} from '../scripts/fixtures.js';
import { JUDGE, signedTake } from '../scripts/receipt-fixtures.js';

const ORIGIN = 'receipt-log.test.example/log';
const LOG_SEED = seedOf(0x71);
const OTHER_LOG_SEED = seedOf(0x72);

/** A real log: two entries, the two takes (indices 2 and 3), then the receipt and one more entry. */
async function world(options: { forkAnchor?: boolean; anchorSeed?: string } = {}) {
  const logKey = formatVerifierKey(ORIGIN, await publicKeyFromSeed(LOG_SEED));
  const [a, b] = [await identity(MEMBER_IDS[0], 1), await identity(MEMBER_IDS[1], 2)];
  const takes: ReceiptSubmission[] = [
    { ...(await signedTake(a, { stance: 'bullish', confidence: 0.8 }, 'take-a', 1)), logIndex: 2 },
    {
      ...(await signedTake(b, { stance: 'cautious', confidence: 0.4 }, 'take-b', 1)),
      logIndex: 3,
    },
  ];
  const entryOf = (take: ReceiptSubmission) =>
    takeLogEntry({
      canonical_submission: take.canonical_submission,
      memberId: take.memberId,
      publicKey: take.publicKey,
      receivedAt: '2026-07-14T23:00:00.000Z',
      revision: take.revision,
      sessionId: SESSION_ID,
      signature: take.signature,
      takeId: take.takeId,
    });
  const prefix = ['{"n":0}', '{"n":1}', ...takes.map(entryOf)];
  const tree = new MemoryMerkleTree();
  for (const text of prefix) tree.appendEntry(utf8Encode(text));
  // A fork: the same takes at the same indices, another history before them.
  const anchorTree = new MemoryMerkleTree();
  for (const text of options.forkAnchor ? ['{"n":"rewritten"}', ...prefix.slice(1)] : prefix) {
    anchorTree.appendEntry(utf8Encode(text));
  }
  const anchorNote = await signCheckpoint(
    { origin: ORIGIN, size: 4, rootHash: anchorTree.root() },
    options.anchorSeed ?? LOG_SEED,
  );
  const receipt = await signReceipt(
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
      log: { origin: ORIGIN, treeSize: 4, rootHash: bytesToBase64(anchorTree.root()) },
    }),
    SERVICE_SEED,
  );
  const receiptEntry = receiptLogEntry(receipt);
  tree.appendEntry(utf8Encode(receiptEntry));
  tree.appendEntry(utf8Encode('{"n":5}'));
  const latestNote = await signCheckpoint(
    { origin: ORIGIN, size: tree.size, rootHash: tree.root() },
    LOG_SEED,
  );
  const proof = (t: MemoryMerkleTree, index: number, size: number, entry: string) => ({
    logIndex: index,
    treeSize: size,
    leafHash: bytesToBase64(t.leafHash(index)),
    hashes: t.inclusionProof(index, size).map(bytesToBase64),
    entry,
  });
  const material: ReceiptLogMaterial = {
    checkpoint: anchorNote,
    submissions: receipt.payload.submissions.map((s) => {
      const entry = entryOf(takes.find((t) => t.takeId === s.takeId)!);
      const { entry: text, ...p } = proof(anchorTree, s.logIndex!, 4, entry);
      return { entry: text, proof: p };
    }),
    receipt: {
      entry: receiptEntry,
      proof: (({ entry: _entry, ...p }) => p)(proof(tree, 4, tree.size, receiptEntry)),
      checkpoint: latestNote,
      consistency: tree.consistencyProof(4, tree.size).map(bytesToBase64),
    },
  };
  return { receipt, material, logKey, entryOf, takes };
}

const codes = async (receipt: ConsensusReceipt, material: ReceiptLogMaterial, logKey: string) =>
  (await checkReceiptLog(receipt, material, { logKey })).map((r) => r.code);

describe('checkReceiptLog', () => {
  it('passes a receipt whose checkpoint, submissions and own entry the log holds', async () => {
    const { receipt, material, logKey } = await world();
    const reasons = await checkReceiptLog(receipt, material, { logKey });
    expect(reasons).toEqual([]);
    const outcomes = receiptLogOutcomes(reasons, { receiptChecked: true, keysChecked: true });
    expect([...outcomes.values()].every((o) => o.state === 'passed')).toBe(true);
    expect(
      receiptLogOutcomes(reasons, { receiptChecked: true }).get('submission_key_not_logged'),
    ).toEqual({ state: 'not-checked', detail: "the members' key histories were not asked for" });
  });

  it("checks each submission's key against its member's logged key history at its logIndex", async () => {
    const { receipt, material, logKey, takes } = await world();
    const member = (take: ReceiptSubmission, seq: number, at: number) => [
      {
        index: at,
        entry: keyLogEntry({
          memberId: take.memberId,
          event: 'imported',
          at: '2026-07-13T00:00:00.000Z',
          seq,
          previousIndex: null,
          activeKey: take.publicKey,
          pendingKey: null,
          status: 'active',
          role: 'member',
          heldKeys: [take.publicKey],
        }),
      },
    ];
    // Entries 0 and 1 of this log stand for the marker and both members' imports.
    const marker = {
      index: 0,
      entry: keysBeginLogEntry({ at: '2026-07-13T00:00:00.000Z', members: 1 }),
    };
    const both = KeyHistories.fold([marker, ...member(takes[0]!, 0, 1)]);
    if (!('histories' in both)) throw new Error(both.message);
    const reasons = await checkReceiptLog(
      receipt,
      { ...material, keys: both.histories },
      { logKey },
    );
    expect(reasons.map((r) => r.code)).toEqual([RECEIPT_REASONS.SUBMISSION_KEY_NOT_LOGGED]);
    expect(reasons[0]!.message).toContain(`${takes[1]!.memberId}: key_not_logged`);
    expect(reasons[0]!.message).not.toContain(`${takes[0]!.memberId}:`);
  });

  it('catches a receipt anchored in a correctly signed fork: only consistency exposes it', async () => {
    const { receipt, material, logKey } = await world({ forkAnchor: true });
    expect(await codes(receipt, material, logKey)).toEqual([
      RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT,
    ]);
    // Without the consistency hashes the check fails too, never passes by default.
    expect(
      await codes(
        receipt,
        { ...material, receipt: { ...material.receipt!, consistency: [] } },
        logKey,
      ),
    ).toEqual([RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT]);
  });

  it('a checkpoint signed by another key fails, and the checks that depend on it read not checked', async () => {
    const { receipt, material, logKey } = await world({ anchorSeed: OTHER_LOG_SEED });
    const reasons = await checkReceiptLog(receipt, material, { logKey });
    expect(reasons.map((r) => r.code)).toEqual([RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN]);
    const outcomes = receiptLogOutcomes(reasons, { receiptChecked: true });
    expect(outcomes.get(RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN)?.state).toBe('failed');
    expect(outcomes.get(RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG)?.state).toBe('not-checked');
    expect(outcomes.get(RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT)?.state).toBe('not-checked');
    expect(outcomes.get(RECEIPT_REASONS.RECEIPT_NOT_IN_LOG)?.state).toBe('passed');
  });

  it('names the member whose submission is not the entry at its index', async () => {
    const { receipt, material, logKey } = await world();
    const swapped = {
      ...material,
      submissions: [material.submissions[1]!, material.submissions[0]!],
    };
    const reasons = await checkReceiptLog(receipt, swapped, { logKey });
    expect(reasons.map((r) => r.code)).toEqual([RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG]);
    expect(reasons[0]!.message).toContain(receipt.payload.submissions[0]!.memberId);
  });

  it('a receipt the log does not hold fails, and its consistency is not checked', async () => {
    const { receipt, material, logKey } = await world();
    const reasons = await checkReceiptLog(receipt, { ...material, receipt: null }, { logKey });
    expect(reasons.map((r) => r.code)).toEqual([RECEIPT_REASONS.RECEIPT_NOT_IN_LOG]);
    const outcomes = receiptLogOutcomes(reasons, { receiptChecked: true });
    expect(outcomes.get(RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT)?.state).toBe('not-checked');
    // Not asked for at all: both read not checked, never passed.
    const unasked = receiptLogOutcomes(
      await checkReceiptLog(
        receipt,
        { checkpoint: material.checkpoint, submissions: material.submissions },
        { logKey },
      ),
      { receiptChecked: false },
    );
    expect(unasked.get(RECEIPT_REASONS.RECEIPT_NOT_IN_LOG)?.state).toBe('not-checked');
    expect(unasked.get(RECEIPT_REASONS.LOG_CHECKPOINT_INCONSISTENT)?.state).toBe('not-checked');
  });

  it('a receipt that records no checkpoint: not recorded, and every anchor check not checked', async () => {
    const { receipt, logKey } = await world();
    const { log: _log, ...payload } = receipt.payload;
    const unanchored = await signReceipt(
      { ...payload, submissions: payload.submissions.map(({ logIndex: _i, ...s }) => s) },
      SERVICE_SEED,
    );
    const reasons = await checkReceiptLog(
      unanchored,
      { checkpoint: null, submissions: [null, null] },
      { logKey },
    );
    expect(reasons.map((r) => r.code)).toEqual([RECEIPT_REASONS.LOG_NOT_RECORDED]);
    const outcomes = receiptLogOutcomes(reasons, { receiptChecked: false });
    expect(outcomes.get(RECEIPT_REASONS.LOG_CHECKPOINT_UNKNOWN)?.state).toBe('not-checked');
    expect(outcomes.get(RECEIPT_REASONS.SUBMISSION_NOT_IN_LOG)?.state).toBe('not-checked');
  });
});
