import * as noble from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { BoundedCache, KEY_CACHE_CAPACITY, pkcs8FromSeed, type Ed25519Backend } from './backend.js';

// Lets noble's synchronous API work where WebCrypto is missing (e.g. insecure contexts).
noble.hashes.sha512 = sha512;

const ALGORITHM = { name: 'Ed25519' } as const;

// RFC 8032 §7.1 test 1: proves the engine's Ed25519 exists and verifies correctly.
const PROBE_PUBLIC_KEY = hex('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
const PROBE_SIGNATURE = hex(
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
);

function hex(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** WebCrypto wants ArrayBuffer-backed views. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice();
}

async function supportsEd25519(subtle: SubtleCrypto): Promise<boolean> {
  try {
    const key = await subtle.importKey('raw', PROBE_PUBLIC_KEY, ALGORITHM, false, ['verify']);
    return await subtle.verify(ALGORITHM, key, PROBE_SIGNATURE, new Uint8Array(0));
  } catch {
    return false;
  }
}

/**
 * Ed25519 through WebCrypto when the engine supports it (detected once, on first use), otherwise
 * through @noble/ed25519 in its RFC 8032 mode (`zip215: false`), which matches OpenSSL and
 * WebCrypto on every key Convene accepts. Pass `undefined` to force the noble path.
 */
export function createWebEd25519(subtle: SubtleCrypto | undefined): Ed25519Backend {
  let detected: Promise<SubtleCrypto | null> | undefined;
  const useSubtle = (): Promise<SubtleCrypto | null> =>
    (detected ??=
      subtle === undefined
        ? Promise.resolve(null)
        : supportsEd25519(subtle).then((ok) => (ok ? subtle : null)));
  const verifyKeys = new BoundedCache<Promise<CryptoKey>>(KEY_CACHE_CAPACITY);

  return {
    platform: 'web',

    sha256: (bytes) => sha256(bytes),

    randomSeed: () => globalThis.crypto.getRandomValues(new Uint8Array(32)),

    publicKeyFromSeed: (seed) => noble.getPublicKeyAsync(seed),

    async sign(seed, message) {
      const engine = await useSubtle();
      if (engine === null) return noble.sign(message, seed);
      const key = await engine.importKey('pkcs8', pkcs8FromSeed(seed), ALGORITHM, false, ['sign']);
      return new Uint8Array(await engine.sign(ALGORITHM, key, own(message)));
    },

    async verify(publicKey, publicKeyB64, message, signature) {
      try {
        const engine = await useSubtle();
        if (engine === null) return noble.verify(signature, message, publicKey, { zip215: false });
        let key = verifyKeys.get(publicKeyB64);
        if (key === undefined) {
          key = engine.importKey('raw', own(publicKey), ALGORITHM, false, ['verify']);
          verifyKeys.set(publicKeyB64, key);
        }
        return await engine.verify(ALGORITHM, await key, own(signature), own(message));
      } catch {
        return false;
      }
    },
  };
}

export const ed25519: Ed25519Backend = createWebEd25519(globalThis.crypto?.subtle);
