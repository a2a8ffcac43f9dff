import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';

/*
 * From the outside: a member agent written in Python with PyNaCl, from the spec and the served
 * skill, talks plain HTTP to a listening server. It applies, is activated, claims its token, files a
 * take, amends it and reads it back by date and subject, finding its newest revision verified.
 * python3-nacl is installed by scripts/ensure-test-packages.mjs (part of `npm test`); when it is
 * missing this test fails, it is never skipped.
 */
const run = promisify(execFile);
/** Debian's interpreter, where apt puts python3-nacl (a pyenv or venv python3 on PATH may lack it). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const AGENT = fileURLToPath(new URL('./python/member_agent.py', import.meta.url));

describeEachDatabase('a Python member agent over HTTP', (kind) => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    try {
      await run(PYTHON, ['-c', 'import nacl.signing']);
    } catch {
      throw new Error(
        'python3 with PyNaCl is missing: run `node scripts/ensure-test-packages.mjs` (apt-get install python3-nacl)',
      );
    }
    ctx = await createTestApp(kind);
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };
    const subject = await ctx.app.inject({
      method: 'PUT',
      url: '/api/swarm/admin/subjects/py-treasury',
      headers: admin,
      payload: { name: 'Python treasury', recommendationType: 'bucket_weights', quorumRequired: 1 },
    });
    expect(subject.statusCode).toBe(201);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/admin/sessions',
      headers: admin,
      payload: {
        subjectId: 'py-treasury',
        windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
      },
    });
    expect(opened.statusCode).toBe(201);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('applies, is activated, claims, files, amends and reads back its newest revision verified', async () => {
    const { stdout } = await run(PYTHON, [AGENT, base], {
      env: { ...process.env, ADMIN_TOKEN: TEST_ADMIN_TOKEN, PYTHONIOENCODING: 'utf-8' },
      timeout: 60_000,
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(seen).toMatchObject({ revision: 2, verified: true });
    // The server agrees: the take the agent saw is the member's newest, and it verifies.
    const receipt = (await ctx.app.inject({ url: `/api/swarm/takes/${seen.takeId}` })).json();
    expect(receipt).toMatchObject({ memberId: seen.memberId, revision: 2, verified: true });
  });
});
