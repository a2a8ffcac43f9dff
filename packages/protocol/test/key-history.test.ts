import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceMonitor,
  checkServedTake,
  EMPTY_MONITOR_STATE,
  KEY_REASONS,
  KeyHistories,
  keyLogEntry,
  keysBeginLogEntry,
  logEntryLeafHash,
  bytesToBase64,
  MemoryMerkleTree,
  parseLogEntry,
  publicKeyFromSeed,
  signCheckpoint,
  utf8Encode,
  type IndexedEntry,
  type KeyLogEntry,
  type MemberKeyState,
} from '@convene/protocol';
import { readVectorFile } from './vectors.js';

interface KeyVectors {
  log: Array<{ name: string; index: number; entry: string; leafHash: string }>;
  checks: Array<{
    name: string;
    memberId: string;
    publicKey: string;
    index: number;
    expected: string | null;
  }>;
  tampered: Array<{
    name: string;
    entries: IndexedEntry[];
    expected: { code: string; index: number };
  }>;
}

const vectors = readVectorFile<KeyVectors>('tlog-keys.json');
const { log: logKey } = readVectorFile<{
  log: { name: string; seed: string; verifierKey: string };
}>('tlog-checkpoints.json');

function fold(entries: readonly IndexedEntry[]): KeyHistories {
  const folded = KeyHistories.fold(entries);
  if (!('histories' in folded)) throw new Error(`${folded.code}: ${folded.message}`);
  return folded.histories;
}

async function checkpointOf(texts: readonly string[]): Promise<string> {
  const tree = new MemoryMerkleTree();
  for (const text of texts) tree.appendEntry(utf8Encode(text));
  return signCheckpoint(
    { origin: logKey.name, size: tree.size, rootHash: tree.root() },
    logKey.seed,
  );
}

describe('tlog-keys.json', () => {
  it('every entry parses, in canonical form, with its leaf hash', () => {
    for (const { entry, leafHash } of vectors.log) {
      expect(parseLogEntry(entry).ok).toBe(true);
      expect(bytesToBase64(logEntryLeafHash(entry))).toBe(leafHash);
    }
  });

  const histories = fold(vectors.log);
  it.each(vectors.checks.map((c) => [c.name, c] as const))('check: %s', (_name, check) => {
    const failure = histories.checkTake(check, check.index);
    expect(failure?.code ?? null).toBe(check.expected);
    if (failure !== null) expect(failure.index).toBe(check.index);
  });

  it.each(vectors.tampered.map((t) => [t.name, t] as const))('tampered: %s', (_name, vector) => {
    const folded = KeyHistories.fold(vector.entries);
    expect('histories' in folded).toBe(false);
    if (!('histories' in folded)) {
      expect({ code: folded.code, index: folded.index }).toEqual(vector.expected);
    }
  });

  it('a monitor walks the vector log and accepts it', async () => {
    const texts = vectors.log.map((e) => e.entry);
    const step = await advanceMonitor(EMPTY_MONITOR_STATE, await checkpointOf(texts), texts, {
      logKey: logKey.verifierKey,
    });
    expect(step.ok ? 'ok' : step.message).toBe('ok');
    // The kept state is JSON and carries the members' logged state.
    if (step.ok) {
      const saved = JSON.parse(JSON.stringify(step.state)) as typeof step.state;
      expect(Object.keys(saved.keys!.ledger.members)).toHaveLength(2);
      expect(saved.keys!.deferred).toEqual([]);
    }
  });
});

describe('monitor: key checks', () => {
  const texts = vectors.log.map((e) => e.entry);
  // A take of M1 signed with the planted key (seed 0x66), appended as the insider would.
  const plantedTake = async (): Promise<string> => {
    const { takeLogEntry, canonicalTake, signTake } = await import('@convene/protocol');
    const seed = bytesToBase64(new Uint8Array(32).fill(0x66));
    const memberId = vectors.checks.find((c) => c.name === 'a planted key for M1')!.memberId;
    const draft = {
      memberId,
      date: '2026-07-20',
      subjectId: 'robotmoney-allocation',
      nonce: 'planted',
      stance: 'bullish' as const,
      confidence: 0.9,
    };
    return takeLogEntry({
      takeId: 'c0000000-0000-4000-8000-0000000000ff',
      sessionId: 'b0b0b0b0-0000-4000-8000-000000000001',
      memberId,
      revision: 2,
      receivedAt: '2026-07-20T11:00:00.000Z',
      publicKey: await publicKeyFromSeed(seed),
      canonical_submission: canonicalTake(draft),
      signature: await signTake(draft, seed),
    });
  };

  it('fails with key_not_logged and the index on a take whose key the member never held', async () => {
    const walked = [...texts, await plantedTake()];
    const first = await advanceMonitor(EMPTY_MONITOR_STATE, await checkpointOf(texts), texts, {
      logKey: logKey.verifierKey,
    });
    if (!first.ok) throw new Error(first.message);
    const step = await advanceMonitor(first.state, await checkpointOf(walked), walked.slice(-1), {
      logKey: logKey.verifierKey,
    });
    expect(step.ok).toBe(false);
    if (!step.ok) {
      expect(step.code).toBe(KEY_REASONS.notLogged);
      expect(step.index).toBe(texts.length);
    }
  });

  it('fails a take logged before the marker whose key the import does not list', async () => {
    const walked = [await plantedTake(), ...texts];
    const step = await advanceMonitor(EMPTY_MONITOR_STATE, await checkpointOf(walked), walked, {
      logKey: logKey.verifierKey,
    });
    expect(step.ok).toBe(false);
    if (!step.ok) expect([step.code, step.index]).toEqual([KEY_REASONS.notLogged, 0]);
  });
});

describe('checkServedTake with key histories', () => {
  it('adds key_not_logged for a take whose entry is logged but whose key is not', async () => {
    const histories = fold(vectors.log);
    const take = vectors.log[4]!; // M1's take with key1
    const parsed = parseLogEntry(take.entry);
    if (!parsed.ok || parsed.entry.kind !== 'convene.log.take.v1') throw new Error('not a take');
    const e = parsed.entry;
    const draft = JSON.parse(e.canonical_submission) as Record<string, unknown>;
    const served = {
      id: e.takeId,
      sessionId: e.sessionId,
      memberId: e.memberId,
      revision: e.revision,
      receivedAt: e.receivedAt,
      publicKey: e.publicKey,
      canonical: e.canonical_submission,
      signature: e.signature,
      nonce: draft.nonce as string,
      stance: draft.stance as string,
      confidence: draft.confidence as number,
      body: '',
      memoUrl: '',
      weights: null,
    };
    const ok = await checkServedTake(served, take.entry, take.leafHash, {
      histories,
      logIndex: 4,
    });
    expect(ok).toEqual({ verified: true, reasons: [] });
    // The same take at an index where key1 was no longer active.
    const late = await checkServedTake(served, take.entry, take.leafHash, {
      histories,
      logIndex: 10,
    });
    expect(late.reasons.map((r) => r.code)).toEqual([KEY_REASONS.notActive]);
    // A history that does not include the member at all.
    const empty = fold(vectors.log.slice(0, 2));
    const unknown = await checkServedTake(served, take.entry, take.leafHash, {
      histories: empty,
      logIndex: 4,
    });
    expect(unknown.reasons.map((r) => r.code)).toEqual([KEY_REASONS.notLogged]);
  });
});

describe('KeyHistories.fold (properties)', () => {
  type Step = 'activate' | 'rotate' | 'deactivate' | 'reactivate' | 'role';
  const keys = Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      publicKeyFromSeed(bytesToBase64(new Uint8Array(32).fill(0x70 + i))),
    ),
  );

  /** A valid history for one member: the entries and the state after each. */
  function history(
    steps: readonly Step[],
    pool: readonly string[],
  ): { entries: IndexedEntry[]; states: MemberKeyState[] } {
    const memberId = 'd0000000-0000-4000-8000-000000000001';
    const entries: IndexedEntry[] = [
      { index: 0, entry: keysBeginLogEntry({ at: '2026-07-20T10:00:00.000Z', members: 0 }) },
    ];
    let state: MemberKeyState = {
      activeKey: null,
      pendingKey: pool[0]!,
      status: 'applied',
      role: 'member',
    };
    const states: MemberKeyState[] = [];
    let nextKey = 1;
    const push = (event: KeyLogEntry['event'], extra: Partial<KeyLogEntry> = {}) => {
      const seq = states.length;
      const index = entries.length + 3 * seq; // gaps between indices: other members' entries
      entries.push({
        index,
        entry: keyLogEntry({
          memberId,
          event,
          at: '2026-07-20T10:00:00.000Z',
          seq,
          previousIndex: seq === 0 ? null : entries.at(-1)!.index,
          ...state,
          ...extra,
        }),
      });
      states.push({ ...state });
    };
    push('applied', {
      applicationSha256: '0'.repeat(64),
      applicationSignature: bytesToBase64(new Uint8Array(64)),
    });
    for (const step of steps) {
      if (step === 'activate' && state.pendingKey !== null) {
        state = { ...state, activeKey: state.pendingKey, pendingKey: null, status: 'active' };
        push('activated');
      } else if (step === 'rotate' && nextKey < pool.length) {
        state = { ...state, activeKey: pool[nextKey++]!, pendingKey: null };
        push('rotated');
      } else if (step === 'deactivate' && state.status !== 'inactive') {
        state = { ...state, status: 'inactive' };
        push('deactivated');
      } else if (step === 'reactivate' && state.status === 'inactive' && state.activeKey !== null) {
        state = { ...state, status: 'active' };
        push('reactivated');
      } else if (step === 'role') {
        state = { ...state, role: state.role === 'member' ? 'judge' : 'member' };
        push('role');
      }
    }
    return { entries, states };
  }

  const steps = fc.array(
    fc.constantFrom<Step>('activate', 'rotate', 'deactivate', 'reactivate', 'role'),
    { maxLength: 20 },
  );

  it('a take passes exactly when the state before its index lets the key file', async () => {
    const pool = await keys;
    fc.assert(
      fc.property(steps, fc.nat(), fc.nat(), (plan, keyPick, indexPick) => {
        const { entries, states } = history(plan, pool);
        const histories = fold(entries);
        const memberId = 'd0000000-0000-4000-8000-000000000001';
        const last = entries.at(-1)!.index;
        const index = 1 + (indexPick % (last + 2));
        const key = pool[keyPick % pool.length]!;
        // The state just before `index`: that of the last event below it.
        const events = entries.slice(1);
        let state: MemberKeyState | null = null;
        events.forEach((e, i) => {
          if (e.index < index) state = states[i]!;
        });
        const s = state as MemberKeyState | null;
        const failure = histories.checkTake({ memberId, publicKey: key }, index);
        const may =
          s !== null && s.activeKey === key && s.status === 'active' && s.role === 'member';
        expect(failure === null).toBe(may);
        if (failure !== null) {
          const heldBefore = states.filter((_, i) => events[i]!.index < index);
          const everHeld = heldBefore.some((st) => st.activeKey === key || st.pendingKey === key);
          expect(failure.code).toBe(everHeld ? KEY_REASONS.notActive : KEY_REASONS.notLogged);
        }
      }),
    );
  });

  it('withholding any event but the last leaves a hole the fold finds', async () => {
    const pool = await keys;
    fc.assert(
      fc.property(steps, fc.nat(), (plan, pick) => {
        const { entries } = history(plan, pool);
        const events = entries.length - 1;
        fc.pre(events >= 2);
        const dropped = 1 + (pick % (events - 1)); // an event with a later one
        const folded = KeyHistories.fold(entries.filter((_, i) => i !== dropped));
        expect('histories' in folded ? 'folded' : folded.code).toBe(KEY_REASONS.gap);
      }),
    );
  });
});
