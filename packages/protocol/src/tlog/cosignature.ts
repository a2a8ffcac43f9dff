// C2SP tlog-cosignature (https://c2sp.org/tlog-cosignature), the Ed25519 `cosignature/v1` type
// (signature type 0x04): a witness's statement that, at `timestamp`, this checkpoint was the
// largest consistent tree head it had seen for the log. Signature line bytes: key ID (4) ‖
// timestamp (uint64 big-endian, 8) ‖ Ed25519 signature (64) over
// "cosignature/v1\ntime <timestamp>\n" ‖ checkpoint note text.
import { base64ToBytes, bytesToBase64 } from '../encoding.js';
import { publicKeyFromSeed, sign, verify } from '../signing.js';
import {
  formatVerifierKey,
  NOTE_SIGNATURE_TYPE,
  noteKeyId,
  parseVerifierKey,
  type NoteSignature,
  type NoteSigner,
  type NoteVerifier,
} from './note.js';

const TIMESTAMP_LENGTH = 8;
const SIGNATURE_LENGTH = 64;

/** The message an Ed25519 cosigner signs for `checkpointText` at `timestamp` (POSIX seconds). */
export function cosignedMessage(checkpointText: string, timestamp: number): string {
  return `cosignature/v1\ntime ${timestamp}\n${checkpointText}`;
}

function checkTimestamp(timestamp: number): void {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError('cosignature timestamp must be a non-negative safe integer (seconds)');
  }
}

/** vkey of a cosigner: `<name>+<key ID>+base64(0x04 ‖ public key)`. */
export function formatCosignerKey(name: string, publicKeyB64: string): string {
  return formatVerifierKey(name, publicKeyB64, NOTE_SIGNATURE_TYPE.cosignatureV1);
}

/** A note signer that cosigns at a fixed `timestamp` (POSIX seconds). */
export async function cosignatureSigner(
  name: string,
  seedB64: string,
  timestamp: number,
): Promise<NoteSigner> {
  checkTimestamp(timestamp);
  const publicKey = base64ToBytes(await publicKeyFromSeed(seedB64))!;
  const keyId = noteKeyId(name, NOTE_SIGNATURE_TYPE.cosignatureV1, publicKey);
  formatCosignerKey(name, bytesToBase64(publicKey)); // validates the name
  return {
    name,
    keyId,
    async sign(text) {
      const signature = base64ToBytes(await sign(seedB64, cosignedMessage(text, timestamp)))!;
      const bytes = new Uint8Array(TIMESTAMP_LENGTH + SIGNATURE_LENGTH);
      new DataView(bytes.buffer).setBigUint64(0, BigInt(timestamp));
      bytes.set(signature, TIMESTAMP_LENGTH);
      return bytes;
    },
  };
}

/** The timestamp of a cosignature's bytes (after the key ID), or null when malformed. */
export function cosignatureTimestamp(signature: Uint8Array): number | null {
  if (signature.length !== TIMESTAMP_LENGTH + SIGNATURE_LENGTH) return null;
  const value = new DataView(signature.buffer, signature.byteOffset, 8).getBigUint64(0);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/** A note verifier for one cosigner's `cosignature/v1` signatures, from its vkey (type 0x04). */
export function cosignatureVerifier(vkey: string): NoteVerifier {
  const parsed = parseVerifierKey(vkey);
  if (parsed === null || parsed.type !== NOTE_SIGNATURE_TYPE.cosignatureV1) {
    throw new TypeError('not a cosignature/v1 (type 0x04) verifier key');
  }
  return {
    ...parsed,
    verify(text, signature) {
      const timestamp = cosignatureTimestamp(signature);
      if (timestamp === null) return Promise.resolve(false);
      return verify(
        parsed.publicKey,
        cosignedMessage(text, timestamp),
        bytesToBase64(signature.subarray(TIMESTAMP_LENGTH)),
      );
    },
  };
}

/** The timestamp a verified cosignature line carries (for display and freshness policies). */
export function cosignatureTime(signature: NoteSignature): number | null {
  return cosignatureTimestamp(signature.signature);
}
