import { describe, expect, test } from 'vitest';
import { webLink } from '../src/index.js';

describe('webLink: only an absolute http(s) URL is a link', () => {
  test.each([
    'https://example.org/memo',
    'http://127.0.0.1:8080/api/swarm/memos/x',
    'HTTPS://EXAMPLE.ORG',
  ])('%s is a link', (url) => expect(webLink(url)).toBe(url));
  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'ftp://example.org/memo',
    '/api/swarm/memos/x',
    'example.org/memo',
    'not a url',
    '',
  ])('%j is not', (url) => expect(webLink(url)).toBeNull());
  test('nothing is no link', () => {
    expect(webLink(null)).toBeNull();
    expect(webLink(undefined)).toBeNull();
  });
});
