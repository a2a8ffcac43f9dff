import { describe, expect, it } from 'vitest';
import {
  auditEntries,
  AUDIT_REASONS,
  canonicalTake,
  KEY_REASONS,
  MemoryMerkleTree,
  bytesToBase64,
  parseLogEntry,
  publicKeyFromSeed,
  signTake,
  takeLogEntry,
  utf8Encode,
} from '@convene/protocol';
import { readVectorFile } from './vectors.js';

/*
 * The full audit's pure part (docs/protocol.md §14.10, "Auditing the whole log"): an honest log has
 * no problem; each change an insider can make below a monitor's kept size is named with its code.
 */
const { log } = readVectorFile<{ log: Array<{ entry: string }> }>('tlog-keys.json');
const texts = log.map((e) => e.entry);
const indexed = (all: readonly string[]) => all.map((entry, index) => ({ index, entry }));

function checkpointOf(all: readonly string[]): { size: number; rootHash: Uint8Array } {
  const tree = new MemoryMerkleTree();
  for (const text of all) tree.appendEntry(utf8Encode(text));
  return { size: tree.size, rootHash: tree.root() };
}

const codes = (problems: ReadonlyArray<{ code: string; index?: number }>) =>
  problems.map((p) => [p.code, p.index]);

describe('auditEntries', () => {
  it('an honest log: every take and key event, no problem', async () => {
    const audit = await auditEntries(indexed(texts), checkpointOf(texts));
    expect(audit.problems).toEqual([]);
    expect(audit.takes.size).toBe(texts.filter((t) => t.includes('convene.log.take.v1')).length);
  });

  it('a deleted entry: entry_missing at its index', async () => {
    const take = texts.findIndex((t) => t.includes('convene.log.take.v1'));
    const served = indexed(texts).filter((e) => e.index !== take);
    const audit = await auditEntries(served, checkpointOf(texts));
    expect(codes(audit.problems)).toEqual([[AUDIT_REASONS.entryMissing, take]]);
  });

  it('a take logged again at the end: entry_duplicate (same bytes)', async () => {
    const take = texts.find((t) => t.includes('convene.log.take.v1'))!;
    const all = [...texts, take];
    const audit = await auditEntries(indexed(all), checkpointOf(all));
    // (The key check may also fail at the new index: the member's key can have changed since.)
    expect(codes(audit.problems)).toContainEqual([AUDIT_REASONS.entryDuplicate, texts.length]);
  });

  it('an entry changed in place: root_mismatch against the signed root', async () => {
    const changed = [...texts];
    const last = changed.length - 1;
    const parsed = parseLogEntry(changed[last]!);
    expect(parsed.ok).toBe(true);
    changed[last] = texts[last - 1]!; // another real entry's bytes at this index
    const audit = await auditEntries(indexed(changed), checkpointOf(texts));
    expect(codes(audit.problems)).toContainEqual([AUDIT_REASONS.rootMismatch, undefined]);
  });

  it('a take filed with a key its member never held: key_not_logged at its index', async () => {
    const honest = parseLogEntry(texts.find((t) => t.includes('convene.log.take.v1'))!);
    if (!honest.ok || honest.entry.kind !== 'convene.log.take.v1') throw new Error('no take');
    const seed = bytesToBase64(new Uint8Array(32).fill(0x77));
    const draft = {
      memberId: honest.entry.memberId,
      date: '2026-07-21',
      subjectId: 'robotmoney-allocation',
      nonce: 'planted-for-audit',
      stance: 'bullish' as const,
      confidence: 0.9,
    };
    const planted = takeLogEntry({
      takeId: 'c0000000-0000-4000-8000-0000000000aa',
      sessionId: honest.entry.sessionId,
      memberId: honest.entry.memberId,
      revision: 3,
      receivedAt: '2026-07-21T11:00:00.000Z',
      publicKey: await publicKeyFromSeed(seed),
      canonical_submission: canonicalTake(draft),
      signature: await signTake(draft, seed),
    });
    const all = [...texts, planted];
    const audit = await auditEntries(indexed(all), checkpointOf(all));
    expect(codes(audit.problems)).toEqual([[KEY_REASONS.notLogged, texts.length]]);
  });
});
