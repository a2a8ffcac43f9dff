// The log key and the latest checkpoint, checked like a monitor against what a reader kept from
// its last visit (the site keeps it in the browser's storage; this module only decides).
import type { Checkpoint } from '../checkpoint.js';
import { verifyCheckpointNote } from '../verify.js';
import {
  digits,
  failedLine,
  LOG_CHECKS,
  notCheckedLine,
  passedLine,
  type LineOptions,
  type LogCheckLine,
} from './check-lines.js';
import { consistencyOf } from './consistency.js';
import type { LogApi } from './log-api.js';
import { keyLabel } from './log-key.js';

/** What a reader keeps of the log between visits: the first key it saw, the last checkpoint. */
export interface KeptLog {
  vkey: string;
  checkpoint: string;
}

/** The latest checkpoint as checked; `verified` only when signature and history both held. */
export interface LatestCheckpoint {
  lines: LogCheckLine[];
  vkey: string | null;
  /** The served note text (signature checked) or null when it did not verify. */
  checkpoint: string | null;
  /** The opened checkpoint when its signature and its consistency with the kept one held. */
  verified: Checkpoint | null;
  /** What to keep for the next visit when every line held; null: leave what is kept alone. */
  keep: KeptLog | null;
}

/**
 * The log key against the one kept (a change is a failure, never silently re-pinned), the latest
 * checkpoint's signature, and its consistency with the kept checkpoint (a rewrite or a split view
 * fails). Lines: `log_key`, `checkpoint_signature`, `checkpoint_consistent`.
 */
export async function checkLatestCheckpoint(
  api: LogApi,
  kept: KeptLog | null,
  { count = digits }: LineOptions = {},
): Promise<LatestCheckpoint> {
  const lines: LogCheckLine[] = [];
  const key = await api.key();
  const served = await api.checkpoint();
  if (key.body === null || served.body === null) {
    const detail = `the log did not answer (HTTP ${key.body === null ? key.status : served.status})`;
    return {
      lines: [
        LOG_CHECKS.logKey,
        LOG_CHECKS.checkpointSignature,
        LOG_CHECKS.checkpointConsistent,
      ].map((code) => notCheckedLine(code, detail)),
      vkey: null,
      checkpoint: null,
      verified: null,
      keep: null,
    };
  }
  const note = served.body;
  const vkey = kept?.vkey ?? key.body.vkey;
  lines.push(
    kept !== null && kept.vkey !== key.body.vkey
      ? failedLine(
          LOG_CHECKS.logKey,
          `the server now serves another log key (${keyLabel(key.body.vkey)}) than the one this browser pinned (${keyLabel(kept.vkey)})`,
        )
      : passedLine(
          LOG_CHECKS.logKey,
          `${keyLabel(vkey)}; ${kept === null ? 'first visit: pinned now' : 'same key as before'}`,
        ),
  );
  const opened = await verifyCheckpointNote(note, { logKey: vkey });
  if (!opened.ok) {
    lines.push(failedLine(LOG_CHECKS.checkpointSignature, `${opened.code}: ${opened.message}`));
    lines.push(notCheckedLine(LOG_CHECKS.checkpointConsistent, 'the checkpoint did not verify'));
    return { lines, vkey, checkpoint: null, verified: null, keep: null };
  }
  lines.push(
    passedLine(
      LOG_CHECKS.checkpointSignature,
      `size ${count(opened.checkpoint.size)}, signed by ${keyLabel(vkey)}`,
    ),
  );
  const before =
    kept === null ? null : await verifyCheckpointNote(kept.checkpoint, { logKey: vkey });
  if (before === null || !before.ok) {
    lines.push(notCheckedLine(LOG_CHECKS.checkpointConsistent, 'no earlier checkpoint kept here'));
  } else {
    const result = await consistencyOf(api, before.checkpoint, opened.checkpoint);
    if (!result.ok) {
      lines.push(failedLine(LOG_CHECKS.checkpointConsistent, result.message));
      return { lines, vkey, checkpoint: note, verified: null, keep: null };
    }
    lines.push(
      passedLine(
        LOG_CHECKS.checkpointConsistent,
        `size ${count(before.checkpoint.size)} → ${count(opened.checkpoint.size)}`,
      ),
    );
  }
  if (lines.some((line) => line.state === 'failed')) {
    return { lines, vkey, checkpoint: note, verified: null, keep: null };
  }
  // Keep the larger tree: a server that answers with an older (consistent) checkpoint must not
  // make the reader forget how far it has seen the log go.
  const larger =
    kept !== null && before?.ok === true && before.checkpoint.size > opened.checkpoint.size;
  return {
    lines,
    vkey,
    checkpoint: note,
    verified: opened.checkpoint,
    keep: { vkey, checkpoint: larger ? kept.checkpoint : note },
  };
}
