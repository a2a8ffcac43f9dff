import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, type TestMember } from '../support/swarm.js';

describeEachDatabase('memos', (kind) => {
  let ctx: TestContext;
  let member: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    member = await newMember(ctx.app, 'Memo Writer');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (payload: Record<string, unknown>, token: string | null = member.token) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/memos',
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload,
    });

  test('a member posts a memo and gets an id and a URL usable as memoUrl; anyone reads it', async () => {
    const response = await post({
      title: 'Why I am cautious',
      body: 'Long form <b>reasoning</b>.',
    });
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json<{ id: string; url: string }>();
    expect(url).toMatch(new RegExp(`/api/swarm/memos/${id}$`));
    const memo = (await ctx.app.inject({ url: `/api/swarm/memos/${id}` })).json();
    expect(memo).toMatchObject({
      id,
      memberId: member.memberId,
      handle: member.handle,
      title: 'Why I am cautious',
      body: 'Long form <b>reasoning</b>.',
    });
  });

  test('posting needs a token and a title and body; unknown memos are 404', async () => {
    expect((await post({ title: 't', body: 'b' }, null)).statusCode).toBe(401);
    expect((await post({ title: '', body: 'b' })).json()).toEqual({
      ok: false,
      status: 400,
      error: 'invalid memo',
      code: 'invalid_memo',
    });
    expect((await post({ title: 't', body: 'b', sessionId: crypto.randomUUID() })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ url: `/api/swarm/memos/${crypto.randomUUID()}` })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/swarm/memos/x' })).statusCode).toBe(404);
  });

  test('an unpublished memo is not served', async () => {
    const { id } = (await post({ title: 'draft', body: 'b' })).json<{ id: string }>();
    await ctx.testDb.database.db
      .updateTable('memo')
      .set({ published: false })
      .where('id', '=', id)
      .execute();
    expect((await ctx.app.inject({ url: `/api/swarm/memos/${id}` })).statusCode).toBe(404);
  });
});
