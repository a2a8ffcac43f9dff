// A member's key history as the log serves it (GET /api/log/members/{id}/keys), proven: every
// event and the keys-begin marker included under the served checkpoint, signed by the log key.
// Shared by the CLI and the browser; the fetching is theirs.
import type { InclusionProofJson } from './verify.js';
import { verifyEntryInclusion } from './verify.js';
import { KeyHistories, type IndexedEntry, type KeyFailure } from './key-history.js';

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

/**
 * The key histories of `memberIds` as the log serves them at `treeSize`: each member's history read
 * with `read` (a sentence when it could not be), proven with the log key `logKeyOf` gives for it,
 * then folded together. A sentence when any could not be read or proven.
 */
export async function provenKeyHistories(
  memberIds: readonly string[],
  treeSize: number,
  read: (memberId: string) => Promise<ServedMemberKeys | string>,
  logKeyOf: (served: ServedMemberKeys) => Promise<string>,
): Promise<KeyHistories | KeyFailure | string> {
  const entries = new Map<number, IndexedEntry>();
  for (const memberId of new Set(memberIds)) {
    const served = await read(memberId);
    if (typeof served === 'string') return served;
    const proven = await provenKeyEntries(served, treeSize, await logKeyOf(served));
    if (typeof proven === 'string') return proven;
    for (const entry of proven) entries.set(entry.index, entry);
  }
  const folded = KeyHistories.fold([...entries.values()]);
  return 'histories' in folded ? folded.histories : folded;
}
