import { isPlainObject } from '@convene/protocol';

/**
 * The fields of a JSON object body, for the write routes' parsers (`bodies.ts`); any other body
 * (text, an array, nothing) has none, so each field reads as missing and the parser refuses it.
 */
export function bodyFields(body: unknown): Record<string, unknown> {
  return isPlainObject(body) ? body : {};
}
