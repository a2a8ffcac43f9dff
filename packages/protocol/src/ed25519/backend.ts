/** What each platform's crypto provides; `#ed25519` picks one at build time. */
export interface Ed25519Backend {
  readonly platform: 'node' | 'web';
  /** Synchronous SHA-256 (node:crypto in Node is ~15x faster than pure JS on large receipts). */
  sha256(bytes: Uint8Array): Uint8Array;
  randomSeed(): Uint8Array;
  publicKeyFromSeed(seed: Uint8Array): Promise<Uint8Array>;
  sign(seed: Uint8Array, message: Uint8Array): Promise<Uint8Array>;
  /**
   * Inputs are already length-checked and the key is not of small order. `publicKeyB64` is the
   * key's base64 text, used as a cache key. Resolves false on any failure, never rejects.
   */
  verify(
    publicKey: Uint8Array,
    publicKeyB64: string,
    message: Uint8Array,
    signature: Uint8Array,
  ): Promise<boolean>;
}

export const SEED_LENGTH = 32;
export const PUBLIC_KEY_LENGTH = 32;
export const SIGNATURE_LENGTH = 64;

/** DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows. */
export const PKCS8_ED25519_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);

export function pkcs8FromSeed(seed: Uint8Array): Uint8Array<ArrayBuffer> {
  const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
  der.set(PKCS8_ED25519_PREFIX);
  der.set(seed, PKCS8_ED25519_PREFIX.length);
  return der;
}

/** Insertion-ordered cache that forgets its oldest entry when full. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly capacity: number) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }

  get size(): number {
    return this.#entries.size;
  }
}

export const KEY_CACHE_CAPACITY = 16_384;
