import { formatVerifierKey, parseCheckpoint, parseSignedNote } from '@convene/protocol';
import type { CliContext } from '../context.js';

/** The log's verifier key: from the pinned raw key and the checkpoint's origin, or as served. */
export async function logVerifierKey(
  ctx: CliContext,
  checkpoint: string,
  pinned: string | undefined,
): Promise<string> {
  if (pinned === undefined) {
    const response = await ctx.fetch(`/api/log/key`);
    if (!response.ok) throw new Error(`GET /api/log/key answered HTTP ${response.status}`);
    return ((await response.json()) as { vkey: string }).vkey;
  }
  const text = parseSignedNote(checkpoint)?.text;
  const origin = text === undefined ? undefined : parseCheckpoint(text)?.origin;
  if (origin === undefined) throw new Error('the served checkpoint is not a signed checkpoint');
  return formatVerifierKey(origin, pinned);
}
