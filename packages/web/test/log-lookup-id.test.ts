import { describe, expect, test } from 'vitest';
import { resolveLookup, wrongKindHint, type ShownId } from '../src/pages/log/lookup-id.js';

const TAKE = '1a2b3c4d-0000-4000-8000-00000000aaaa';
const OTHER_TAKE = '1a2b9999-0000-4000-8000-00000000bbbb';
const SESSION = '5e551011-0000-4000-8000-00000000cccc';
const MEMBER = '3e3be700-0000-4000-8000-00000000dddd';
const SHOWN: ShownId[] = [
  { id: TAKE, of: 'take' },
  { id: OTHER_TAKE, of: 'take' },
  { id: SESSION, of: 'session' },
  { id: MEMBER, of: 'member' },
];

describe('the log checker reads the ids its entries table shows', () => {
  test('a short id as the table shows it, or its start, resolves to the whole id', () => {
    expect(resolveLookup('1a2b3c4d…aaaa', 'take', SHOWN)).toEqual({ status: 'resolved', id: TAKE });
    expect(resolveLookup('1a2b3c4d', 'take', SHOWN)).toEqual({ status: 'resolved', id: TAKE });
    expect(resolveLookup(` ${TAKE.toUpperCase()} `, 'take', SHOWN)).toEqual({
      status: 'resolved',
      id: TAKE,
    });
    expect(resolveLookup('5e55', 'receipt', SHOWN)).toEqual({ status: 'resolved', id: SESSION });
  });

  test('a start shared by two ids, or one too short, is refused with the reason', () => {
    const shared = resolveLookup('1a2b', 'take', SHOWN);
    expect(shared).toMatchObject({ status: 'unknown' });
    expect(JSON.stringify(shared)).toContain('starts 2 ids');
    expect(resolveLookup('1a', 'take', [])).toMatchObject({ status: 'unknown' });
  });

  test('a whole id not on this page is asked of the service; a short one is explained', () => {
    const elsewhere = '99999999-0000-4000-8000-000000000000';
    expect(resolveLookup(elsewhere, 'take', SHOWN)).toEqual({ status: 'ask', id: elsewhere });
    expect(JSON.stringify(resolveLookup('ffff0000', 'take', SHOWN))).toContain(
      'paste the whole id',
    );
  });

  test('a session id given as a take id says what it is and where it belongs', () => {
    const wrong = resolveLookup(SESSION.slice(0, 8), 'take', SHOWN);
    expect(wrong).toEqual({ status: 'wrong-kind', id: SESSION, of: 'session' });
    expect(wrongKindHint('session', 'take')).toBe(
      'This looks like a session id, not a take id: check its consensus receipt as “a consensus receipt (session id)”.',
    );
    expect(resolveLookup(TAKE, 'receipt', SHOWN)).toEqual({
      status: 'wrong-kind',
      id: TAKE,
      of: 'take',
    });
    expect(resolveLookup(MEMBER, 'take', SHOWN)).toMatchObject({ of: 'member' });
  });
});
