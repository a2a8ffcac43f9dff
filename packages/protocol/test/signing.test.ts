import * as noble from '@noble/ed25519';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToBase64,
  ed25519Platform,
  generateKeyPair,
  hexToBytes,
  isUsablePublicKey,
  keyFingerprint,
  publicKeyFromSeed,
  sha256Hex,
  sign,
  verify,
} from '@convene/protocol';
import type { Ed25519Backend } from '../src/ed25519/backend.js';
import { ed25519 as nodeBackend } from '../src/ed25519/node.js';
import { createWebEd25519 } from '../src/ed25519/web.js';
import { isSmallOrderEncoding, SMALL_ORDER_ENCODINGS } from '../src/ed25519/weak-keys.js';

const b64 = (hex: string) => bytesToBase64(hexToBytes(hex)!);

// RFC 8032 §7.1, tests 1–3.
const RFC8032 = [
  {
    seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    seed: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    seed: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    publicKey: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature:
      '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
];

// Group order L, little-endian: adding it to S gives a malleated, non-canonical signature.
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function addOrderToS(signature: Uint8Array): Uint8Array {
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]!);
  s += L;
  const out = signature.slice();
  for (let i = 32; i < 64; i++) {
    out[i] = Number(s & 255n);
    s >>= 8n;
  }
  return out;
}

describe('sign and verify (public API, Node build)', () => {
  it('runs on node:crypto under Node', () => {
    expect(ed25519Platform).toBe('node');
  });

  it.each(RFC8032)('reproduces RFC 8032 test vector $publicKey', async (vector) => {
    const message = hexToBytes(vector.message)!;
    expect(await publicKeyFromSeed(b64(vector.seed))).toBe(b64(vector.publicKey));
    expect(await sign(b64(vector.seed), message)).toBe(b64(vector.signature));
    expect(await verify(b64(vector.publicKey), message, b64(vector.signature))).toBe(true);
  });

  it('round-trips any message and rejects any other', async () => {
    const { publicKey, secretKey } = await generateKeyPair();
    expect(await publicKeyFromSeed(secretKey)).toBe(publicKey);
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (message, other) => {
        const signature = await sign(secretKey, message);
        expect(await verify(publicKey, message, signature)).toBe(true);
        if (other !== message) expect(await verify(publicKey, other, signature)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('signs the UTF-8 bytes of a string', async () => {
    const seed = b64(RFC8032[0]!.seed);
    expect(await sign(seed, 'é🚀')).toBe(await sign(seed, new TextEncoder().encode('é🚀')));
  });

  it('refuses malformed seeds loudly', async () => {
    await expect(sign('not base64', 'x')).rejects.toThrow(TypeError);
    await expect(publicKeyFromSeed(bytesToBase64(new Uint8Array(31)))).rejects.toThrow(TypeError);
  });

  it('never throws on malformed keys, signatures or messages', async () => {
    const { publicKey, secretKey } = await generateKeyPair();
    const good = await sign(secretKey, 'm');
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), fc.anything(), async (key, message, sig) => {
        const results = await Promise.all([
          verify(key as string, message as string, sig as string),
          verify(publicKey, message as string, sig as string),
          verify(key as string, 'm', good),
        ]);
        for (const result of results) expect(typeof result).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    // RFC 8032 test 1: its key contains a "/", so the url-safe variant differs.
    const key = b64(RFC8032[0]!.publicKey);
    const sig = b64(RFC8032[0]!.signature);
    expect(await verify(key, '', sig)).toBe(true);
    const malformed = [
      [bytesToBase64(new Uint8Array(31)), sig],
      [bytesToBase64(new Uint8Array(33)), sig],
      [key, bytesToBase64(new Uint8Array(63))],
      [key, bytesToBase64(new Uint8Array(65))],
      [key.replace(/=$/, ''), sig],
      [key, sig.replace(/=+$/, '')],
      [key, ` ${sig}`],
      [key.replace(/\+/g, '-').replace(/\//g, '_'), sig],
    ] as const;
    for (const [k, sg] of malformed) expect(await verify(k, '', sg)).toBe(false);
  });

  it('rejects a malleated signature (S + L)', async () => {
    const [vector] = RFC8032;
    const malleated = bytesToBase64(addOrderToS(hexToBytes(vector!.signature)!));
    expect(await verify(b64(vector!.publicKey), new Uint8Array(0), malleated)).toBe(false);
  });
});

describe('small-order public keys', () => {
  it('lists exactly the encodings of the eight small-order points', () => {
    for (const encoding of SMALL_ORDER_ENCODINGS) {
      expect(noble.Point.fromBytes(encoding, true).isSmallOrder()).toBe(true);
    }
    const order8 = noble.Point.fromBytes(SMALL_ORDER_ENCODINGS[2]!, true);
    for (let k = 0n; k < 8n; k++) {
      const point = k === 0n ? noble.Point.ZERO : order8.multiply(k, false);
      expect(isSmallOrderEncoding(point.toBytes())).toBe(true);
    }
  });

  it('are refused, even with the identity "signature" that fits every message', async () => {
    const identity = bytesToBase64(SMALL_ORDER_ENCODINGS[1]!);
    const forged = bytesToBase64(Uint8Array.of(1, ...new Array<number>(63).fill(0)));
    expect(isUsablePublicKey(identity)).toBe(false);
    expect(await verify(identity, 'anything', forged)).toBe(false);
    const withSignBit = SMALL_ORDER_ENCODINGS[0]!.slice();
    withSignBit[31] = 0x80;
    expect(isUsablePublicKey(bytesToBase64(withSignBit))).toBe(false);
  });

  it('leave ordinary keys usable', async () => {
    const { publicKey } = await generateKeyPair();
    expect(isUsablePublicKey(publicKey)).toBe(true);
    expect(isUsablePublicKey(42)).toBe(false);
  });
});

describe('backends agree', () => {
  const backends: [string, Ed25519Backend][] = [
    ['node:crypto', nodeBackend],
    ['WebCrypto', createWebEd25519(globalThis.crypto.subtle)],
    ['noble fallback', createWebEd25519(undefined)],
  ];

  it.each(backends)('%s reproduces RFC 8032 and rejects tampering', async (_name, backend) => {
    for (const vector of RFC8032) {
      const seed = hexToBytes(vector.seed)!;
      const publicKey = hexToBytes(vector.publicKey)!;
      const message = hexToBytes(vector.message)!;
      const signature = hexToBytes(vector.signature)!;
      expect(await backend.publicKeyFromSeed(seed)).toEqual(publicKey);
      expect(await backend.sign(seed, message)).toEqual(signature);
      const keyB64 = bytesToBase64(publicKey);
      expect(await backend.verify(publicKey, keyB64, message, signature)).toBe(true);
      const flipped = signature.slice();
      flipped[5]! ^= 1;
      expect(await backend.verify(publicKey, keyB64, message, flipped)).toBe(false);
      expect(await backend.verify(publicKey, keyB64, message, addOrderToS(signature))).toBe(false);
    }
    expect(backend.randomSeed()).toHaveLength(32);
  });

  it('a point off the curve verifies nothing and throws nowhere', async () => {
    const offCurve = new Uint8Array(32).fill(0xff);
    offCurve[31] = 0x7e;
    for (const [, backend] of backends) {
      expect(
        await backend.verify(
          offCurve,
          bytesToBase64(offCurve),
          new Uint8Array(1),
          new Uint8Array(64),
        ),
      ).toBe(false);
    }
  });
});

describe('hashing', () => {
  it('computes SHA-256 of text and bytes', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(sha256Hex('abc')).toBe(abc);
    expect(sha256Hex(Uint8Array.of(0x61, 0x62, 0x63))).toBe(abc);
  });

  it('fingerprints a key as sha256: + hex of its raw bytes', () => {
    const key = b64(RFC8032[0]!.publicKey);
    expect(keyFingerprint(key)).toBe(`sha256:${sha256Hex(hexToBytes(RFC8032[0]!.publicKey)!)}`);
    expect(() => keyFingerprint('no!e')).toThrow(TypeError);
  });
});
