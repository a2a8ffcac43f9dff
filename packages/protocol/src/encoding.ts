const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const DECODE_TABLE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

function sextet(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? (DECODE_TABLE[code] ?? -1) : -1;
}

/** Standard base64 with padding (RFC 4648 §4). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  return out;
}

/**
 * Strict decoder: standard alphabet, padding required, no whitespace, and the unused low bits of
 * the last character must be zero, so every byte string has exactly one accepted encoding.
 * Returns null for anything else.
 */
export function base64ToBytes(text: string): Uint8Array | null {
  if (typeof text !== 'string' || text.length % 4 !== 0) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  const fullGroups = padding === 0 ? text.length / 4 : text.length / 4 - 1;
  let o = 0;
  for (let g = 0; g < fullGroups; g++) {
    const i = g * 4;
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[o++] = n >> 16;
    bytes[o++] = (n >> 8) & 255;
    bytes[o++] = n & 255;
  }
  if (padding === 0) return bytes;
  const i = fullGroups * 4;
  const a = sextet(text, i);
  const b = sextet(text, i + 1);
  if ((a | b) < 0) return null;
  if (padding === 2) {
    if ((b & 15) !== 0) return null;
    bytes[o] = (a << 2) | (b >> 4);
    return bytes;
  }
  const c = sextet(text, i + 2);
  if (c < 0 || (c & 3) !== 0) return null;
  bytes[o++] = (a << 2) | (b >> 4);
  bytes[o] = ((b & 15) << 4) | (c >> 2);
  return bytes;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Throws on invalid UTF-8. */
export function utf8Decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16);
  return out;
}

/** Lowercase or uppercase hex of even length; null otherwise. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
