import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember } from '../support/swarm.js';

describeEachDatabase('PUT /api/swarm/admin/subjects/:id', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (
    id: string,
    payload: Record<string, unknown>,
    token: string | null = TEST_ADMIN_TOKEN,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/swarm/admin/subjects/${id}`,
      headers: token === null ? {} : { 'x-admin-token': token },
      payload,
    });

  test('creates a subject, then edits it; the public record follows', async () => {
    const owner = await newMember(ctx.app, 'Subject Owner');
    const created = await put('harbor-fund', {
      name: 'Harbor Fund',
      recommendationType: 'position_actions',
      operator: 'Harbor',
      wallets: [{ chain: 'base', address: '0x0000000000000000000000000000000000000001' }],
      linkedMemberId: owner.handle,
      quorumRequired: 2,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ok: true,
      created: true,
      subject: { id: 'harbor-fund', linkedMemberId: owner.memberId, quorumRequired: 2 },
    });
    const edited = await put('harbor-fund', {
      name: 'Harbor Fund II',
      recommendationType: 'position_actions',
      thesisBlurb: 'Long ships.',
    });
    expect(edited.statusCode).toBe(200);
    const read = (await ctx.app.inject({ url: '/api/swarm/subjects/harbor-fund' })).json();
    expect(read).toMatchObject({
      id: 'harbor-fund',
      name: 'Harbor Fund II',
      thesisBlurb: 'Long ships.',
      operator: 'Harbor',
    });
    // The public list names every subject, so a page can show names instead of ids.
    const { subjects } = (await ctx.app.inject({ url: '/api/swarm/subjects' })).json<{
      subjects: Array<{ id: string; name: string; status: string }>;
    }>();
    expect(subjects.find((subject) => subject.id === 'harbor-fund')).toMatchObject({
      name: 'Harbor Fund II',
    });
  });

  test('an enabled schedule convenes sessions on the next lifecycle pass', async () => {
    await put('daily-desk', {
      name: 'Daily desk',
      recommendationType: 'bucket_weights',
      schedule: '0 0 * * *',
      scheduleEnabled: true,
    });
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/admin/lifecycle/run',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(run.statusCode).toBe(200);
    const sessions = (
      await ctx.app.inject({ url: '/api/swarm/sessions?subject=daily-desk' })
    ).json<{ sessions: unknown[] }>();
    expect(sessions.sessions).toHaveLength(1);
  });

  test('bad input and missing credentials are refused', async () => {
    expect(
      (await put('x', { name: 'x', recommendationType: 'bucket_weights' }, null)).statusCode,
    ).toBe(401);
    expect(
      (await put('Not A Slug', { name: 'x', recommendationType: 'bucket_weights' })).statusCode,
    ).toBe(400);
    expect(
      (
        await put('bad-cron', {
          name: 'x',
          recommendationType: 'bucket_weights',
          schedule: 'every day',
        })
      ).json(),
    ).toMatchObject({
      status: 400,
      error: 'schedule is not a cron expression: every day',
    });
    expect(
      (
        await put('no-cron', {
          name: 'x',
          recommendationType: 'bucket_weights',
          scheduleEnabled: true,
        })
      ).statusCode,
    ).toBe(400);
    expect((await put('x', { name: 'x', recommendationType: 'votes' })).statusCode).toBe(400);
    expect(
      (
        await put('x', {
          name: 'x',
          recommendationType: 'bucket_weights',
          linkedMemberId: 'nobody',
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/swarm/subjects/no-cron' })).statusCode).toBe(404);
  });
});
