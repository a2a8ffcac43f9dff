import fc from 'fast-check';

/** Strings an attacker or a broken client sends: unicode edge cases, SQL, huge numbers, paths. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '\ud800',
      'a\udfffb',
      '\u0000',
      'x\u0000y',
      '\u202e',
      '\ufeff',
      '\uffff',
      '🧨'.repeat(50),
      "'; drop table take; --",
      "' or '1'='1",
      '1; select pg_sleep(5)',
      '$1',
      '%',
      '%00',
      '%ff%fe',
      '../../etc/passwd',
      '__proto__',
      'constructor',
      'prototype',
      '-1',
      '0',
      '1e309',
      'NaN',
      'Infinity',
      '99999999999999999999999',
      '-9223372036854775809',
      '2026-02-30',
      '0000-00-00',
      '9999-12-31T23:59:60Z',
      '00000000-0000-0000-0000-000000000000',
      'x'.repeat(5000),
    ),
  );
}

/**
 * Percent-encodes every UTF-8 byte outside the unreserved set. Unlike encodeURIComponent it never
 * throws: a lone surrogate becomes the bytes of U+FFFD, as any client's UTF-8 encoder would send.
 * A value made only of escape sequences ("%ff", "%") passes through raw, to reach the URL decoder.
 */
export function percentEncode(value: string): string {
  if (/^(%[0-9a-fA-F]{0,2})+$/.test(value)) return value;
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

export function queryPart(key: string, value: string): string {
  return `${percentEncode(key).replaceAll('%5B', '[').replaceAll('%5D', ']')}=${percentEncode(value)}`;
}
