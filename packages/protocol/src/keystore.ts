import { base64ToBytes, bytesToBase64 } from './encoding.js';

/**
 * A secret sealed under a passphrase, as the CLI's keystore file (`~/.convene/keystore.json`) holds
 * the member's seed and as the site exports it: scrypt (N=2^15, r=8, p=1, random 16-byte salt)
 * derives a 256-bit key, AES-256-GCM (random 12-byte IV) encrypts the secret's UTF-8, and the tag is
 * kept apart from the ciphertext. docs/agents.md describes the file.
 */
export interface SealedSecret {
  version: 1;
  kdf: 'scrypt';
  kdfParams: { N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  iv: string;
  tag: string;
  ciphertext: string;
}

export const KEYSTORE_SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
/** Enough for the parameters above (128 · N · r bytes), with room. */
export const KEYSTORE_SCRYPT_MAXMEM = 64 * 1024 * 1024;

/**
 * The scrypt implementation the platform does best (Node's native one in the CLI, a JavaScript one
 * in browsers, which have none): derives 32 bytes.
 */
export type Scrypt = (
  passphrase: Uint8Array,
  salt: Uint8Array,
  params: { N: number; r: number; p: number },
) => Promise<Uint8Array>;

/** Thrown by `unsealSecret` when the passphrase is wrong or the sealed bytes were changed. */
export class UnsealError extends Error {
  override readonly name = 'UnsealError';
}

const TAG_BYTES = 16;
const encoder = new TextEncoder();

async function aesKey(
  scrypt: Scrypt,
  passphrase: string,
  salt: Uint8Array,
  params: { N: number; r: number; p: number },
): Promise<CryptoKey> {
  const raw = await scrypt(encoder.encode(passphrase), salt, params);
  return crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

export async function sealSecret(
  secret: string,
  passphrase: string,
  scrypt: Scrypt,
): Promise<SealedSecret> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await aesKey(scrypt, passphrase, salt, KEYSTORE_SCRYPT);
  // WebCrypto appends the 16-byte tag to the ciphertext; the file keeps them apart.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(secret)),
  );
  return {
    version: 1,
    kdf: 'scrypt',
    kdfParams: { ...KEYSTORE_SCRYPT, salt: bytesToBase64(salt) },
    cipher: 'aes-256-gcm',
    iv: bytesToBase64(iv),
    tag: bytesToBase64(sealed.slice(-TAG_BYTES)),
    ciphertext: bytesToBase64(sealed.slice(0, -TAG_BYTES)),
  };
}

/** The secret, or an UnsealError for a wrong passphrase or damaged bytes. */
export async function unsealSecret(
  sealed: SealedSecret,
  passphrase: string,
  scrypt: Scrypt,
): Promise<string> {
  const { N, r, p, salt } = sealed.kdfParams;
  const saltBytes = base64ToBytes(salt);
  const iv = base64ToBytes(sealed.iv);
  const data = base64ToBytes(sealed.ciphertext);
  const tag = base64ToBytes(sealed.tag);
  if (saltBytes === null || iv === null || data === null || tag === null) {
    throw new UnsealError('the sealed secret is damaged (not base64)');
  }
  const key = await aesKey(scrypt, passphrase, saltBytes, { N, r, p });
  const joined = new Uint8Array(data.length + tag.length);
  joined.set(data);
  joined.set(tag, data.length);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource },
      key,
      joined,
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new UnsealError('wrong passphrase, or the sealed secret was changed');
  }
}
