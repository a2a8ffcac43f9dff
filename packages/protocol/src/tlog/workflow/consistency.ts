// Whether two verified checkpoints of one log describe one history, asking the log for the proof.
import type { Checkpoint } from '../checkpoint.js';
import { checkConsistency } from '../verify.js';
import type { LogApi } from './log-api.js';

/**
 * The newer tree extends the older (the log's consistency proof between their sizes), or at one
 * size they have one root. The failure is a sentence: the reason code and its message.
 */
export async function consistencyOf(
  api: LogApi,
  a: Checkpoint,
  b: Checkpoint,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [older, newer] = a.size <= b.size ? [a, b] : [b, a];
  const proof = await api.consistency(older.size, newer.size);
  if (proof.body === null) {
    return { ok: false, message: `no consistency proof (HTTP ${proof.status})` };
  }
  const result = checkConsistency(older, newer, proof.body.hashes);
  return result.ok ? result : { ok: false, message: `${result.code}: ${result.message}` };
}
