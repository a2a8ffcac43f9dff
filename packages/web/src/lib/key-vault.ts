import { scryptAsync } from '@noble/hashes/scrypt.js';
import {
  base64ToBytes,
  bytesToBase64,
  keyFingerprint,
  KEYSTORE_SCRYPT_MAXMEM,
  sealSecret,
  unsealSecret,
  UnsealError,
  type KeyPair,
  type Scrypt,
  type SealedSecret,
} from '@convene/protocol';

/**
 * The member key kept in this browser, encrypted: the Ed25519 seed is sealed with AES-GCM under a
 * key derived from the member's passphrase (PBKDF2-SHA-256, 310,000 iterations, random salt) and
 * stored in localStorage under `convene:member-key:<memberId>`. Only the sealed form is stored; the
 * passphrase is never stored. `unseal` needs the passphrase.
 *
 * The export is the CLI's own keystore file (`~/.convene/keystore.json`, `MemberKeystore`): the seed
 * sealed with scrypt (N=2^15, r=8, p=1) then AES-256-GCM, as `convene keygen` writes it, so
 * `convene` reads it with CONVENE_PASSPHRASE. The status page imports either form.
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

export function storeSealed(memberId: string, sealed: StoredKey): void {
  localStorage.setItem(storageKey(memberId), JSON.stringify(sealed));
}

export function loadSealed(memberId: string): StoredKey | null {
  const text = localStorage.getItem(storageKey(memberId));
  if (text === null) return null;
  try {
    return parseKeyFile(text, memberId);
  } catch {
    return null;
  }
}

/** The CLI's keystore file (packages/client/src/agent/home.ts), with the member id it was applied as. */
export interface MemberKeystore {
  memberId?: string;
  publicKey: string;
  fingerprint: string;
  createdAt: string;
  seed: SealedSecret;
}

export type StoredKey = SealedKey | MemberKeystore;

/** Browsers have no native scrypt: noble's, in JavaScript (about a second on a phone). */
const browserScrypt: Scrypt = (passphrase, salt, params) =>
  scryptAsync(passphrase, salt, { ...params, dkLen: 32, maxmem: KEYSTORE_SCRYPT_MAXMEM });

/** The keystore file `convene` reads: the seed (its base64 text) sealed as the CLI seals it. */
export async function exportKeystore(
  memberId: string,
  keys: KeyPair,
  passphrase: string,
  now: Date,
): Promise<MemberKeystore> {
  return {
    memberId,
    publicKey: keys.publicKey,
    fingerprint: keyFingerprint(keys.publicKey),
    createdAt: now.toISOString(),
    seed: await sealSecret(keys.secretKey, passphrase, browserScrypt),
  };
}

async function openKeystore(keystore: MemberKeystore, passphrase: string): Promise<KeyPair> {
  try {
    const secretKey = await unsealSecret(keystore.seed, passphrase, browserScrypt);
    return { publicKey: keystore.publicKey, secretKey };
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
    throw new Error('wrong passphrase (the key could not be decrypted)');
  }
}

/** Whether `stored` is the CLI's keystore already (so it downloads as it is, no passphrase asked). */
export function isKeystore(stored: StoredKey): stored is MemberKeystore {
  return !('format' in stored);
}

/**
 * The CLI keystore for the key this browser holds: the stored one, or the browser's sealed form
 * opened with the passphrase and sealed again as the CLI seals it (throws on a wrong passphrase).
 */
export async function keystoreFrom(
  memberId: string,
  stored: StoredKey,
  passphrase: string,
  now: Date,
): Promise<MemberKeystore> {
  if (isKeystore(stored)) return stored;
  return exportKeystore(memberId, await unseal(stored, passphrase), passphrase, now);
}

/** The key pair from either stored form, or an Error saying why not. */
export function unsealStored(stored: StoredKey, passphrase: string): Promise<KeyPair> {
  return isKeystore(stored) ? openKeystore(stored, passphrase) : unseal(stored, passphrase);
}

/**
 * A key file chosen on the status page, for `memberId`: the sealed form or a CLI keystore (one the
 * browser exported names its member; one from `convene keygen` does not, and is taken as this
 * member's). Throws when it is neither, or names another member.
 */
export function parseKeyFile(text: string, memberId: string): StoredKey {
  const parsed = JSON.parse(text) as Partial<SealedKey> & Partial<MemberKeystore>;
  if (parsed.format === 'convene-sealed-key-1' && parsed.memberId === memberId)
    return parsed as SealedKey;
  if (
    parsed.format === undefined &&
    parsed.seed?.kdf === 'scrypt' &&
    typeof parsed.publicKey === 'string' &&
    (parsed.memberId === undefined || parsed.memberId === memberId)
  )
    return { ...(parsed as MemberKeystore), memberId };
  throw new Error('not a key file for this member');
}

/** A download link for a key file (encrypted: useless without the passphrase). */
export function keyFileUrl(file: StoredKey): string {
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  return URL.createObjectURL(blob);
}
