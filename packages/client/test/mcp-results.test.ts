import { expect, test } from 'vitest';
import { ok } from '../src/mcp/results.js';

const text = (data: unknown) => (ok(data).content[0] as { text: string }).text;

test('a memoUrl that is not an http(s) link never reaches the model, wherever it sits', () => {
  const answer = JSON.parse(
    text({
      takes: [
        { takeId: 'a', memoUrl: 'javascript:alert(document.cookie)' },
        { takeId: 'b', memoUrl: 'https://example.org/memo' },
        { takeId: 'c', memoUrl: '' },
      ],
      brief: { recent: { take: { memoUrl: 'data:text/html,<script>alert(1)</script>' } } },
    }),
  );
  expect(answer.takes).toEqual([
    { takeId: 'a', memoUrl: null, memoUrlWithheld: 'not an http(s) link (javascript:)' },
    { takeId: 'b', memoUrl: 'https://example.org/memo' },
    { takeId: 'c', memoUrl: '' },
  ]);
  expect(answer.brief.recent.take).toEqual({
    memoUrl: null,
    memoUrlWithheld: 'not an http(s) link (data:)',
  });
  expect(JSON.stringify(answer)).not.toMatch(/alert|<script>/);
});
