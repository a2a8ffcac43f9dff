import { base64ToBytes, bytesToBase64, type KeyPair } from '@convene/protocol';

/**
 * The member key kept in this browser, encrypted: the Ed25519 seed is sealed with AES-GCM under a
 * key derived from the member's passphrase (PBKDF2-SHA-256, 310,000 iterations, random salt) and
 * stored in localStorage under `convene:member-key:<memberId>`. Only the sealed form is stored; the
 * passphrase is never stored. `sealedKeyFile` exports the sealed form, `unseal` needs the passphrase.
 */
export interface SealedKey {
  format: 'convene-sealed-key-1';
  memberId: string;
  publicKey: string;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
}

const ITERATIONS = 310_000;
const storageKey = (memberId: string) => `convene:member-key:${memberId}`;

async function derive(passphrase: string, salt: Uint8Array, iterations: number) {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function seal(
  memberId: string,
  keys: KeyPair,
  passphrase: string,
): Promise<SealedKey> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await derive(passphrase, salt, ITERATIONS);
  const plain = base64ToBytes(keys.secretKey);
  if (plain === null) throw new TypeError('the secret key is not base64');
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain as BufferSource),
  );
  return {
    format: 'convene-sealed-key-1',
    memberId,
    publicKey: keys.publicKey,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: ITERATIONS, salt: bytesToBase64(salt) },
    cipher: { name: 'AES-GCM', iv: bytesToBase64(iv) },
    ciphertext: bytesToBase64(ciphertext),
  };
}

/** The key pair, or an Error saying why not (wrong passphrase shows as a failed decryption). */
export async function unseal(sealed: SealedKey, passphrase: string): Promise<KeyPair> {
  const salt = base64ToBytes(sealed.kdf.salt);
  const iv = base64ToBytes(sealed.cipher.iv);
  const data = base64ToBytes(sealed.ciphertext);
  if (salt === null || iv === null || data === null) throw new Error('the stored key is damaged');
  const key = await derive(passphrase, salt, sealed.kdf.iterations);
  try {
    const seed = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource },
      key,
      data as BufferSource,
    );
    return { publicKey: sealed.publicKey, secretKey: bytesToBase64(new Uint8Array(seed)) };
  } catch {
    throw new Error('wrong passphrase (the key could not be decrypted)');
  }
}

export function storeSealed(sealed: SealedKey): void {
  localStorage.setItem(storageKey(sealed.memberId), JSON.stringify(sealed));
}

export function loadSealed(memberId: string): SealedKey | null {
  const text = localStorage.getItem(storageKey(memberId));
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as SealedKey;
    return parsed.format === 'convene-sealed-key-1' ? parsed : null;
  } catch {
    return null;
  }
}

/** A download link for the sealed key (still encrypted: useless without the passphrase). */
export function sealedKeyFileUrl(sealed: SealedKey): string {
  const blob = new Blob([JSON.stringify(sealed, null, 2)], { type: 'application/json' });
  return URL.createObjectURL(blob);
}
