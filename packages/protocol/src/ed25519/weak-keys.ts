/**
 * Encodings of the eight small-order points of edwards25519, with the sign bit (top bit of the
 * last byte) cleared; the non-canonical y = p and y = p + 1 forms are included. A key of small
 * order lets anyone produce signatures that some verifiers accept for any message, and
 * implementations disagree on whether to accept them, so every Convene verifier rejects them up
 * front (the same list libsodium uses).
 */
export const SMALL_ORDER_ENCODINGS: readonly Uint8Array[] = [
  // y = 0 (order 4)
  new Uint8Array(32),
  // y = 1, the identity (order 1)
  Uint8Array.of(1, ...new Array<number>(31).fill(0)),
  // order 8
  Uint8Array.of(
    0x26,
    0xe8,
    0x95,
    0x8f,
    0xc2,
    0xb2,
    0x27,
    0xb0,
    0x45,
    0xc3,
    0xf4,
    0x89,
    0xf2,
    0xef,
    0x98,
    0xf0,
    0xd5,
    0xdf,
    0xac,
    0x05,
    0xd3,
    0xc6,
    0x33,
    0x39,
    0xb1,
    0x38,
    0x02,
    0x88,
    0x6d,
    0x53,
    0xfc,
    0x05,
  ),
  // order 8
  Uint8Array.of(
    0xc7,
    0x17,
    0x6a,
    0x70,
    0x3d,
    0x4d,
    0xd8,
    0x4f,
    0xba,
    0x3c,
    0x0b,
    0x76,
    0x0d,
    0x10,
    0x67,
    0x0f,
    0x2a,
    0x20,
    0x53,
    0xfa,
    0x2c,
    0x39,
    0xcc,
    0xc6,
    0x4e,
    0xc7,
    0xfd,
    0x77,
    0x92,
    0xac,
    0x03,
    0x7a,
  ),
  // y = p - 1 (order 2)
  Uint8Array.of(0xec, ...new Array<number>(30).fill(0xff), 0x7f),
  // y = p, non-canonical 0 (order 4)
  Uint8Array.of(0xed, ...new Array<number>(30).fill(0xff), 0x7f),
  // y = p + 1, non-canonical 1 (order 1)
  Uint8Array.of(0xee, ...new Array<number>(30).fill(0xff), 0x7f),
];

export function isSmallOrderEncoding(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  outer: for (const candidate of SMALL_ORDER_ENCODINGS) {
    for (let i = 0; i < 31; i++) if (publicKey[i] !== candidate[i]) continue outer;
    if ((publicKey[31]! & 0x7f) === candidate[31]) return true;
  }
  return false;
}
