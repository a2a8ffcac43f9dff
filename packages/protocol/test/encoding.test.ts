import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  hexToBytes,
  utf8Decode,
  utf8Encode,
} from '@convene/protocol';

describe('base64', () => {
  it('matches RFC 4648 test vectors', () => {
    const cases = ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'];
    const encoded = ['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy'];
    cases.forEach((text, i) => {
      expect(bytesToBase64(utf8Encode(text))).toBe(encoded[i]);
      expect(utf8Decode(base64ToBytes(encoded[i]!)!)).toBe(text);
    });
  });

  it('round-trips any bytes and agrees with Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToBytes(text)).toEqual(bytes);
      }),
    );
  });

  it.each([
    ['missing padding', 'Zg'],
    ['missing one padding char', 'Zm8'],
    ['url-safe alphabet', '-_-_'],
    ['whitespace', 'Zm9v Yg=='],
    ['trailing newline', 'Zm9v\n'],
    ['padding in the middle', 'Zg==Zg=='],
    ['too much padding', 'Z==='],
    ['non-zero unused bits (2 padding)', 'Zh=='],
    ['non-zero unused bits (1 padding)', 'Zm9='],
    ['non-ASCII', 'Zm9vé==='],
    ['length not a multiple of 4', 'Zm9vY'],
  ])('rejects %s', (_name, text) => {
    expect(base64ToBytes(text)).toBeNull();
  });

  it('gives each byte string exactly one accepted encoding', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AQgw+/=Zz9'), maxLength: 12 }), (text) => {
        const bytes = base64ToBytes(text);
        if (bytes !== null) expect(bytesToBase64(bytes)).toBe(text);
      }),
    );
  });
});

describe('hex and utf8', () => {
  it('round-trips hex', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
      }),
    );
    expect(bytesToHex(Uint8Array.of(0, 15, 16, 255))).toBe('000f10ff');
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('zz')).toBeNull();
  });

  it('encodes UTF-8 and refuses invalid UTF-8', () => {
    expect([...utf8Encode('é🚀')]).toEqual([0xc3, 0xa9, 0xf0, 0x9f, 0x9a, 0x80]);
    expect(() => utf8Decode(Uint8Array.of(0xc3))).toThrow();
  });
});
