// A monitor's step, pure: from the tree it last verified (its frontier, popcount(size) hashes) and
// the entries appended since, recompute the new root and require the new signed checkpoint to
// match. That proves the new tree extends the old one (no consistency proof needed: the monitor
// holds every entry) and that each new entry is the one committed; each entry is re-verified too.
import { base64ToBytes, bytesToBase64, utf8Encode } from '../encoding.js';
import { type Checkpoint } from './checkpoint.js';
import { parseLogEntry, verifyLogEntry, type LogEntryCheck } from './entries.js';
import {
  copyKeyMonitorState,
  EMPTY_KEY_MONITOR_STATE,
  monitorKeyStep,
  type KeyMonitorState,
  type KeyReasonCode,
} from './key-history.js';
import { hashesEqual } from './hashing.js';
import { MerkleFrontier, type StoredNode } from './tree.js';
import {
  TLOG_REASONS,
  verifyCheckpointNote,
  type CheckpointKeys,
  type TlogFailure,
} from './verify.js';

/** What a monitor keeps between runs (JSON-safe). */
export interface MonitorState {
  /** The last checkpoint it verified, as signed note text ("" before the first). */
  checkpoint: string;
  size: number;
  /** Base64 root hash of that tree. */
  rootHash: string;
  /** The tree's right edge: hashes of `treeRootPlan(size)`'s nodes, base64, left to right. */
  frontier: { level: number; index: number; hash: string }[];
  /**
   * Every member's logged key state and the takes still waiting for the key marker (§14.1, key
   * entries). Absent in states saved before the key log: such a monitor starts it empty.
   */
  keys?: KeyMonitorState;
}

/** Before the first checkpoint: the empty tree (root SHA-256 of nothing). */
export const EMPTY_MONITOR_STATE: Readonly<MonitorState> = Object.freeze({
  checkpoint: '',
  size: 0,
  rootHash: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  frontier: [],
  keys: EMPTY_KEY_MONITOR_STATE,
});

export type MonitorStep =
  | { ok: true; state: MonitorState; checkpoint: Checkpoint; entries: LogEntryCheck[] }
  | (TlogFailure & { index?: number })
  | { ok: false; code: KeyReasonCode; message: string; index: number };

function frontierOf(state: Readonly<MonitorState>): MerkleFrontier | null {
  const nodes: StoredNode[] = [];
  for (const node of state.frontier) {
    const hash = base64ToBytes(node.hash);
    if (hash === null || hash.length !== 32) return null;
    nodes.push({ level: node.level, index: node.index, hash });
  }
  try {
    return new MerkleFrontier(state.size, nodes);
  } catch {
    return null;
  }
}

/**
 * Verifies `checkpoint` (signed by the log key) against the previous state and the entries
 * appended since (`entries[i]` is entry `state.size + i`, exactly up to the new size). Fails with
 * `consistency_proof_invalid` when the log shrank, forked or was rewritten, and with
 * `log_entry_invalid` (and the entry's index) when an entry does not verify on its own, and with a
 * key reason (`key_not_logged`, `key_not_active`, `key_history_gap`, `key_history_invalid`, and the
 * index) when a take's key was not its member's active logged key at that index or a key entry
 * breaks its member's history.
 */
export async function advanceMonitor(
  state: Readonly<MonitorState>,
  checkpoint: string,
  entries: readonly string[],
  keys: CheckpointKeys,
): Promise<MonitorStep> {
  const opened = await verifyCheckpointNote(checkpoint, keys);
  if (!opened.ok) return opened;
  const next = opened.checkpoint;
  const fail = (code: TlogFailure['code'], message: string, index?: number): MonitorStep =>
    index === undefined ? { ok: false, code, message } : { ok: false, code, message, index };
  if (next.size < state.size) {
    return fail(TLOG_REASONS.inconsistent, `the log shrank from ${state.size} to ${next.size}`);
  }
  if (entries.length !== next.size - state.size) {
    return fail(
      TLOG_REASONS.proofMalformed,
      `expected ${next.size - state.size} new entries, got ${entries.length}`,
    );
  }
  const frontier = frontierOf(state);
  if (frontier === null)
    return fail(TLOG_REASONS.proofMalformed, 'the saved monitor state is corrupt');
  const checks: LogEntryCheck[] = [];
  const keyState = copyKeyMonitorState(state.keys ?? EMPTY_KEY_MONITOR_STATE);
  for (const [i, entry] of entries.entries()) {
    const check = await verifyLogEntry(entry);
    if (!check.ok) {
      return fail(TLOG_REASONS.entryInvalid, check.problems.join('; '), state.size + i);
    }
    const parsed = parseLogEntry(entry);
    if (parsed.ok) {
      const keyFailure = monitorKeyStep(keyState, state.size + i, parsed.entry);
      if (keyFailure !== null) return keyFailure;
    }
    checks.push(check);
    frontier.appendEntry(utf8Encode(entry));
  }
  if (!hashesEqual(frontier.root(), next.rootHash)) {
    return fail(
      TLOG_REASONS.inconsistent,
      next.size === state.size
        ? `two checkpoints of size ${next.size} with different roots: a split view or a rewrite`
        : `size ${next.size} does not extend the size ${state.size} this monitor verified: a fork or a rewrite`,
    );
  }
  return {
    ok: true,
    checkpoint: next,
    entries: checks,
    state: {
      checkpoint,
      size: next.size,
      rootHash: bytesToBase64(next.rootHash),
      frontier: frontier.nodes.map((n) => ({ ...n, hash: bytesToBase64(n.hash) })),
      keys: keyState,
    },
  };
}
