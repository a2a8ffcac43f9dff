import { describe, expect, test } from 'vitest';
import { isoDateFragment } from '../../src/swarm/sessions/date-search.js';

describe('a search phrase in the site’s date form', () => {
  test('reads as the part of an ISO date it names', () => {
    expect(isoDateFragment('20 Nov 2026')).toBe('2026-11-20');
    expect(isoDateFragment('Nov 2026')).toBe('2026-11-');
    expect(isoDateFragment('20 Nov')).toBe('-11-20');
    expect(isoDateFragment('Nov')).toBe('-11-');
    expect(isoDateFragment('1 Sept 2026')).toBe('2026-09-01');
    expect(isoDateFragment('september')).toBe('-09-');
    expect(isoDateFragment('Nov 20, 2026')).toBe('2026-11-20');
    expect(isoDateFragment('  3   mar.  ')).toBe('-03-03');
  });

  test('anything else is searched as written', () => {
    for (const phrase of ['no', 'ma', 'risk on', '2026-11-20', '32 Nov', 'Nov 2026 extra', 'Novel'])
      expect(isoDateFragment(phrase), phrase).toBeUndefined();
  });
});
