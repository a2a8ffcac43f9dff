const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Portable check for engines without String.prototype.isWellFormed (ES2024). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

const nativeIsWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

// The native check is much faster than the regex on long bodies.
const isWellFormed: (text: string) => boolean =
  nativeIsWellFormed === undefined
    ? (text) => !hasLoneSurrogate(text)
    : (text) => nativeIsWellFormed.call(text);

/**
 * A string with at most `max` UTF-16 code units (JavaScript `length`, the unit the spec's
 * "chars" is counted in) and no lone surrogate (it could not be encoded as UTF-8 or in RFC 8785).
 */
export function isBoundedString(value: unknown, max: number, allowEmpty = false): value is string {
  return (
    typeof value === 'string' &&
    value.length <= max &&
    (allowEmpty || value.length > 0) &&
    isWellFormed(value)
  );
}

/** Orders strings by Unicode code point (not by UTF-16 code unit as `Array.prototype.sort`). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate against a code unit in U+E000..U+FFFF sorts differently by code point.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
