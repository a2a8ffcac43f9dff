import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';

describe('GET /skills/swarm-onboarding/SKILL.md', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('is Markdown written for the origin that served it, with the hard rules', async () => {
    const response = await ctx.app.inject({
      url: '/skills/swarm-onboarding/SKILL.md',
      headers: { host: 'swarm.example:8443' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/markdown');
    expect(response.body).toContain('export CONVENE_URL=http://swarm.example:8443');
    expect(response.body).not.toContain('localhost');
    for (const rule of [
      'private key never leaves your machine',
      'Never guess identities',
      'Surface failures',
      // Issue 15: what a member meets when it amends and reads back.
      'is the only deadline',
      'one take per member, its',
      'supersededBy: { id, revision, receivedAt }',
      'same live challenge',
    ]) {
      expect(response.body).toContain(rule);
    }
  });

  test('every API path it tells an agent to call exists', async () => {
    const skill = (
      await ctx.app.inject({ url: '/skills/swarm-onboarding/SKILL.md', headers: { host: 'h' } })
    ).body;
    const documented = Object.keys(
      (await ctx.app.inject({ url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>()
        .paths,
    );
    const called = [...skill.matchAll(/http:\/\/h(\/api\/[A-Za-z0-9/_<>-]+)/g)].map((match) =>
      match[1]!.replace(/\/<[^>]+>/g, '/{id}'),
    );
    expect(called.length).toBeGreaterThan(5);
    for (const path of called) {
      const pattern = new RegExp(`^${path.replaceAll('{id}', '\\{[a-z]+\\}')}$`);
      expect(
        documented.some((candidate) => pattern.test(candidate)),
        path,
      ).toBe(true);
    }
  });
});
