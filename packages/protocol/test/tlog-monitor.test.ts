import { describe, expect, it } from 'vitest';
import {
  advanceMonitor,
  bytesToBase64,
  emptyRootHash,
  EMPTY_MONITOR_STATE,
  MemoryMerkleTree,
  signCheckpoint,
  takeLogEntry,
  TLOG_REASONS,
  utf8Encode,
  type MonitorState,
  type TakeLogEntry,
} from '@convene/protocol';
import { readVectorFile } from './vectors.js';

const entries = readVectorFile<{ entries: { entry: string }[] }>('tlog-entries.json').entries.map(
  (e) => e.entry,
);
const { log } = readVectorFile<{ log: { name: string; seed: string; verifierKey: string } }>(
  'tlog-checkpoints.json',
);
const keys = { logKey: log.verifierKey };

async function checkpointOf(texts: readonly string[], seed = log.seed): Promise<string> {
  const tree = new MemoryMerkleTree();
  for (const text of texts) tree.appendEntry(utf8Encode(text));
  return signCheckpoint({ origin: log.name, size: tree.size, rootHash: tree.root() }, seed);
}

async function stateAt(size: number): Promise<MonitorState> {
  const step = await advanceMonitor(
    EMPTY_MONITOR_STATE,
    await checkpointOf(entries.slice(0, size)),
    entries.slice(0, size),
    keys,
  );
  if (!step.ok) throw new Error(step.message);
  return step.state;
}

describe('advanceMonitor', () => {
  it('follows the log checkpoint by checkpoint, re-verifying every entry', async () => {
    expect(EMPTY_MONITOR_STATE.rootHash).toBe(bytesToBase64(emptyRootHash()));
    const first = await stateAt(3);
    expect(first.size).toBe(3);
    // The state survives a JSON round trip (the CLI keeps it in a file).
    const saved = JSON.parse(JSON.stringify(first)) as MonitorState;
    const step = await advanceMonitor(saved, await checkpointOf(entries), entries.slice(3), keys);
    expect(step.ok).toBe(true);
    if (step.ok) {
      expect(step.state.size).toBe(entries.length);
      expect(step.entries.map((e) => e.kind)).toContain('convene.log.receipt.v1');
      const again = await advanceMonitor(step.state, await checkpointOf(entries), [], keys);
      expect(again.ok).toBe(true);
    }
  });

  it('catches a rewrite, a fork, a split view and a shrinking log', async () => {
    const at3 = await stateAt(3);
    const swapped = [entries[1]!, entries[0]!, ...entries.slice(2)];
    // Entries reordered below the verified size, re-signed: a rewrite.
    const rewrite = await advanceMonitor(at3, await checkpointOf(swapped), swapped.slice(3), keys);
    expect(rewrite).toMatchObject({ ok: false, code: TLOG_REASONS.inconsistent });
    // An entry the monitor already verified is dropped and the log re-signed: a fork.
    const at5 = await stateAt(5);
    const dropped = [...entries.slice(0, 4), ...entries.slice(5)];
    const fork = await advanceMonitor(at5, await checkpointOf(dropped), dropped.slice(5), keys);
    expect(fork).toMatchObject({ ok: false, code: TLOG_REASONS.inconsistent });
    // Same size, another root: a split view.
    const full = await stateAt(entries.length);
    const split = await advanceMonitor(full, await checkpointOf(swapped), [], keys);
    expect(split).toMatchObject({ ok: false, code: TLOG_REASONS.inconsistent });
    expect(split.ok === false && split.message).toMatch(/split view/);
    const shrink = await advanceMonitor(full, await checkpointOf(entries.slice(0, 5)), [], keys);
    expect(shrink).toMatchObject({ ok: false, code: TLOG_REASONS.inconsistent });
  });

  it('names a bad entry by index, and refuses a checkpoint by another key', async () => {
    const at3 = await stateAt(3);
    const take = JSON.parse(entries[3]!) as TakeLogEntry;
    const { kind: _kind, ...fields } = take;
    const forged = takeLogEntry({ ...fields, memberId: 'someone-else' });
    const withForged = [...entries.slice(0, 3), forged, ...entries.slice(4)];
    const bad = await advanceMonitor(
      at3,
      await checkpointOf(withForged),
      withForged.slice(3),
      keys,
    );
    expect(bad).toMatchObject({ ok: false, code: TLOG_REASONS.entryInvalid, index: 3 });
    const missing = await advanceMonitor(at3, await checkpointOf(entries), entries.slice(4), keys);
    expect(missing).toMatchObject({ ok: false, code: TLOG_REASONS.proofMalformed });
    const otherKey = bytesToBase64(new Uint8Array(32).fill(0x4d));
    const foreign = await advanceMonitor(
      at3,
      await checkpointOf(entries, otherKey),
      entries.slice(3),
      keys,
    );
    expect(foreign).toMatchObject({ ok: false, code: TLOG_REASONS.checkpointSignature });
  });
});
