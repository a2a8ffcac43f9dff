import canonicalize from 'canonicalize';

/**
 * RFC 8785 (JSON Canonicalization Scheme) text of a JSON value: object keys sorted by UTF-16 code
 * unit, no whitespace, numbers as ECMAScript number-to-string. Throws on values JSON cannot carry
 * (undefined at the top, NaN, Infinity, lone surrogates, cycles).
 */
export function jcs(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no JSON representation');
  return text;
}

/** Same JSON value under RFC 8785 (so 1 and 1.0 agree, key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  try {
    return jcs(a) === jcs(b);
  } catch {
    return false;
  }
}
