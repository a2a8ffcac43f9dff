import { describe, expect, test } from 'vitest';
import { isSitePath, SITE_PATHS, SITE_REDIRECTS } from '../src/site-paths.js';

describe('site page addresses', () => {
  test('every pattern matches its own addresses, with any value in a :name segment', () => {
    for (const pattern of SITE_PATHS) {
      const address = pattern.replace(/:[a-z]+/g, 'some-value');
      expect(isSitePath(address), address).toBe(true);
      expect(isSitePath(`${address}/`), `${address}/`).toBe(true);
    }
    expect(isSitePath('/swarm/2026-11-20/convene-treasury')).toBe(true);
    expect(isSitePath('/analytics/projects/a%20b')).toBe(true);
  });

  test('anything else is not a page: unknown sections, extra or missing segments, API paths', () => {
    for (const address of [
      '/nope',
      '/swarm/sessions',
      '/swarm/members/a/b',
      '/analytics/unknown',
      '/research',
      '/treasury/x',
      '/api/swarm/sessions',
      '/join/status',
      '/swarm/a/b/c',
    ])
      expect(isSitePath(address), address).toBe(false);
  });

  test('a former address is no page of its own, and leads to one', () => {
    for (const [from, to] of Object.entries(SITE_REDIRECTS)) {
      expect(isSitePath(from), from).toBe(false);
      expect(SITE_PATHS, from).toContain(to);
    }
  });
});
