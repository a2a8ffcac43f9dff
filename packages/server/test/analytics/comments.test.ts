import { afterAll, beforeAll, expect, test } from 'vitest';
import { CommentsResponse } from '../../src/analytics/schemas/feeds.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { importViaHttp } from './factories.js';
import { expectShape } from './schema-check.js';

const HOSTILE = '<script>alert("x")</script>\n" onmouseover="alert(1)\u0000? ünïcødé 🚀 &amp;';

describeEachDatabase('GET /api/comments', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const comments = Array.from({ length: 120 }, (_, i) => ({
      id: `cccccccc-0000-4000-8000-${String(i).padStart(12, '0')}`,
      createdAt: new Date(Date.UTC(2026, 4, 1) + i * 60_000).toISOString(),
      author: `reader_${i}`,
      body: i === 119 ? HOSTILE.replace('\u0000', '') : `comment ${i}`,
      targetType: 'agent',
      targetId: '11111111-1111-4111-8111-111111111111',
    }));
    const response = await importViaHttp(ctx.app, 'comments', comments);
    expect(response.json()).toMatchObject({ imported: 120, rejected: 0 });
  });
  afterAll(async () => ctx?.close());

  test('pages of 50, newest first; text returned exactly as stored', async () => {
    const first = (await ctx.app.inject({ url: '/api/comments' })).json();
    expectShape(CommentsResponse, first);
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 120, hasMore: true });
    expect(first.comments).toHaveLength(50);
    expect(first.comments[0].body).toBe(HOSTILE.replace('\u0000', ''));
    expect(first.comments[1].author).toBe('reader_118');
    expect(Object.keys(first.comments[0]).sort()).toEqual([
      'author',
      'body',
      'createdAt',
      'id',
      'targetId',
      'targetType',
    ]);
    const third = (await ctx.app.inject({ url: '/api/comments?page=3' })).json();
    expect(third).toMatchObject({ page: 3, hasMore: false });
    expect(third.comments.at(-1).author).toBe('reader_0');
    expect((await ctx.app.inject({ url: '/api/comments?page=9' })).json().comments).toEqual([]);
  });

  test('a page that is not a page number is a 400 { error }', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const response = await ctx.app.inject({ url: `/api/comments?page=${page}` });
      expect(response.statusCode, page).toBe(400);
      expect(Object.keys(response.json())).toEqual(['error', 'code']);
    }
  });
});
