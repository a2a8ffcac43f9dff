/**
 * Input rules the database imposes on text: PostgreSQL `text` and `jsonb` cannot hold U+0000, and
 * UTF-8 cannot encode a lone UTF-16 surrogate (a driver would silently store U+FFFD, so the stored
 * text would differ from the text that was signed). Such input is refused as invalid, never altered.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what must be found
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string anywhere in `value` (keys included) cannot be stored exactly. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(
      ([key, item]) => UNSTORABLE.test(key) || hasUnstorableText(item),
    );
  }
  return false;
}
