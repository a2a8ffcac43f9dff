import { ed25519 } from '#ed25519';
import { base64ToBytes, bytesToHex, utf8Encode } from './encoding.js';

/**
 * Lowercase hex SHA-256 of a string's UTF-8 bytes, or of raw bytes. Synchronous everywhere:
 * node:crypto in Node, @noble/hashes elsewhere.
 */
export function sha256Hex(input: string | Uint8Array): string {
  return bytesToHex(ed25519.sha256(typeof input === 'string' ? utf8Encode(input) : input));
}

/**
 * `sha256:` + hex SHA-256 of the raw public key bytes: the receipt `keyId` format and the public
 * key fingerprint shown beside signers. Throws when the key is not strict base64.
 */
export function keyFingerprint(publicKeyB64: string): string {
  const raw = base64ToBytes(publicKeyB64);
  if (raw === null) throw new TypeError('public key is not strict base64');
  return `sha256:${sha256Hex(raw)}`;
}
