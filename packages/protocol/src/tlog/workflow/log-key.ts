// Which verifier key a served checkpoint is checked with.
import { parseCheckpoint } from '../checkpoint.js';
import { formatVerifierKey, keyIdHex, parseSignedNote, parseVerifierKey } from '../note.js';
import { LOG_PATHS, type LogApi } from './log-api.js';

/** The log's verifier key (`<origin>+<key ID>+…`) to check a served checkpoint note with. */
export type LogKeyOf = (checkpointNote: string) => Promise<string>;

/** One verifier key for every checkpoint (the key a browser pinned or checked already). */
export const fixedLogKey =
  (vkey: string): LogKeyOf =>
  () =>
    Promise.resolve(vkey);

/**
 * The pinned raw Ed25519 key (base64) named by the checkpoint's origin; without a pinned key, the
 * verifier key the server publishes (GET /api/log/key). Throws when neither can be had.
 */
export function pinnedOrServedLogKey(api: LogApi, pinned: string | undefined): LogKeyOf {
  return async (checkpointNote) => {
    if (pinned === undefined) {
      const served = await api.key();
      if (served.body === null) {
        throw new Error(`GET ${LOG_PATHS.key()} answered HTTP ${served.status}`);
      }
      return served.body.vkey;
    }
    const text = parseSignedNote(checkpointNote)?.text;
    const origin = text === undefined ? undefined : parseCheckpoint(text)?.origin;
    if (origin === undefined) throw new Error('the served checkpoint is not a signed checkpoint');
    return formatVerifierKey(origin, pinned);
  };
}

/** `origin+keyid` of a verifier key: the part a reader compares (docs/protocol.md §14). */
export function keyLabel(vkey: string): string {
  const parsed = parseVerifierKey(vkey);
  return parsed === null ? 'an unreadable key' : `${parsed.name}+${keyIdHex(parsed.keyId)}`;
}
