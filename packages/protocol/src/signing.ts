import { ed25519 } from '#ed25519';
import { PUBLIC_KEY_LENGTH, SEED_LENGTH, SIGNATURE_LENGTH } from './ed25519/backend.js';
import { isSmallOrderEncoding } from './ed25519/weak-keys.js';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.js';

/** Base64 (standard, padded) of the raw 32-byte public key and of the 32-byte secret seed. */
export interface KeyPair {
  publicKey: string;
  secretKey: string;
}

function decodeSeed(seedB64: string): Uint8Array {
  const seed = typeof seedB64 === 'string' ? base64ToBytes(seedB64) : null;
  if (seed === null || seed.length !== SEED_LENGTH) {
    throw new TypeError('secret key must be strict base64 of a 32-byte Ed25519 seed');
  }
  return seed;
}

function messageBytes(message: string | Uint8Array): Uint8Array {
  return typeof message === 'string' ? utf8Encode(message) : message;
}

/** Which Ed25519 implementation this build uses: `node` (node:crypto) or `web`. */
export const ed25519Platform = ed25519.platform;

export async function generateKeyPair(): Promise<KeyPair> {
  const seed = ed25519.randomSeed();
  return {
    publicKey: bytesToBase64(await ed25519.publicKeyFromSeed(seed)),
    secretKey: bytesToBase64(seed),
  };
}

/** Throws a TypeError when the seed is not strict base64 of 32 bytes. */
export async function publicKeyFromSeed(seedB64: string): Promise<string> {
  return bytesToBase64(await ed25519.publicKeyFromSeed(decodeSeed(seedB64)));
}

/**
 * Ed25519 signature (base64 of the raw 64 bytes) over the UTF-8 bytes of `message` (or over the
 * bytes given). Deterministic. Throws a TypeError when the seed is malformed.
 */
export async function sign(seedB64: string, message: string | Uint8Array): Promise<string> {
  const seed = decodeSeed(seedB64);
  return bytesToBase64(await ed25519.sign(seed, messageBytes(message)));
}

function decodeUsablePublicKey(publicKeyB64: unknown): Uint8Array | null {
  if (typeof publicKeyB64 !== 'string') return null;
  const key = base64ToBytes(publicKeyB64);
  if (key === null || key.length !== PUBLIC_KEY_LENGTH || isSmallOrderEncoding(key)) return null;
  return key;
}

/**
 * A key Convene accepts: strict base64 of 32 bytes that is not a small-order point (such keys
 * verify forged signatures on some implementations, so they are refused everywhere).
 */
export function isUsablePublicKey(publicKeyB64: unknown): publicKeyB64 is string {
  return decodeUsablePublicKey(publicKeyB64) !== null;
}

/**
 * True only when `signatureB64` is a valid Ed25519 signature of `message` (its UTF-8 bytes when a
 * string) under `publicKeyB64`. Never throws and never rejects: anything malformed (not strict
 * base64, wrong lengths, unusable key, non-string arguments) resolves false.
 */
export function verify(
  publicKeyB64: string,
  message: string | Uint8Array,
  signatureB64: string,
): Promise<boolean> {
  try {
    const publicKey = decodeUsablePublicKey(publicKeyB64);
    if (publicKey === null || typeof signatureB64 !== 'string') return Promise.resolve(false);
    if (typeof message !== 'string' && !(message instanceof Uint8Array)) {
      return Promise.resolve(false);
    }
    const signature = base64ToBytes(signatureB64);
    if (signature === null || signature.length !== SIGNATURE_LENGTH) return Promise.resolve(false);
    return ed25519.verify(publicKey, publicKeyB64, messageBytes(message), signature);
  } catch {
    return Promise.resolve(false);
  }
}
