// A member's key history as the log serves it (GET /api/log/members/{id}/keys), proven: every
// event and the keys-begin marker included under the served checkpoint, signed by the log key.
// Shared by the CLI and the browser; the fetching is theirs.
import type { InclusionProofJson } from './verify.js';
import { verifyEntryInclusion } from './verify.js';
import type { IndexedEntry } from './key-history.js';

interface ProvenEntry {
  index: number;
  entry: string;
  proof: InclusionProofJson;
}

/** The body of `GET /api/log/members/{id}/keys`. */
export interface ServedMemberKeys {
  treeSize: number;
  checkpoint: string;
  marker: ProvenEntry | null;
  events: ProvenEntry[];
}

/**
 * The key entries of one served history, each checked included at its own index under the
 * served checkpoint of `treeSize` with `logKey`; a sentence when any of that does not hold.
 */
export async function provenKeyEntries(
  served: ServedMemberKeys,
  treeSize: number,
  logKey: string,
): Promise<IndexedEntry[] | string> {
  if (served.treeSize !== treeSize) return `the key history is for size ${served.treeSize}`;
  const proven: IndexedEntry[] = [];
  for (const item of [...(served.marker === null ? [] : [served.marker]), ...served.events]) {
    if (item.proof.logIndex !== item.index)
      return `key entry ${item.index}: proof for another index`;
    const included = await verifyEntryInclusion({
      entry: item.entry,
      proof: item.proof,
      checkpoint: served.checkpoint,
      logKey,
    });
    if (!included.ok) return `key entry ${item.index}: ${included.code}: ${included.message}`;
    if (included.checkpoint.size !== treeSize) {
      return `key entry ${item.index}: proven under size ${included.checkpoint.size}, not ${treeSize}`;
    }
    proven.push({ index: item.index, entry: item.entry });
  }
  return proven;
}
