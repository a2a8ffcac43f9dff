import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, newSession, newSubject, signed, type TestMember } from '../support/swarm.js';

const WRITE_ROUTES = [
  '/api/swarm/submit',
  '/api/swarm/signing-payload',
  '/api/swarm/apply',
  '/api/swarm/token-claim/challenge',
  '/api/swarm/token-claim',
  '/api/swarm/memos',
  '/api/swarm/admin/activate',
];

describeEachDatabase('hostile input on swarm write routes', (kind) => {
  let ctx: TestContext;
  let member: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    member = await newMember(ctx.app, 'Fuzz Target');
    await newSubject(ctx.testDb.database.db);
    await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
      roster: [member.memberId],
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('generated bodies always get a 4xx in a spec error shape and store nothing', async () => {
    // Signed by another key: no mutation of it can ever be accepted, so nothing may be stored.
    const stranger = await newMember(ctx.app, 'Stranger');
    const valid = { ...(await signed(member)), signature: (await signed(stranger)).signature };
    const fieldValue = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.anything(), { maxLength: 3 }),
      fc.object({ maxDepth: 2 }),
      fc.constantFrom(
        "'; drop table take; --",
        '__proto__',
        '\u0000',
        '\ud800',
        'constructor',
        '1e309',
      ),
    );
    const mutated = fc
      .record({
        key: fc.constantFrom(...Object.keys(valid), '__proto__', 'constructor', 'extra'),
        value: fieldValue,
      })
      .map(({ key, value }) =>
        JSON.stringify({ ...valid, [key]: value }).replace(
          '"extra"',
          key === '__proto__' ? '"__proto__"' : '"extra"',
        ),
      );
    const body = fc.oneof(
      mutated,
      fc.json(),
      fc.string(),
      fc.constant('{"__proto__":{"polluted":true}}'),
      fc.constant('[]'),
      fc.constant('null'),
    );
    const before = await ctx.testDb.database.db.selectFrom('take').select('id').execute();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITE_ROUTES), body, async (url, payload) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
          payload,
        });
        expect(response.statusCode, `${url} ${payload}`).toBeLessThan(500);
        if (url === '/api/swarm/submit')
          expect(response.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
        if (response.statusCode >= 400) {
          expect(typeof response.json<Record<string, unknown>>().error).toBe('string');
        }
      }),
      { numRuns: 300, seed: 20261121 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const after = await ctx.testDb.database.db.selectFrom('take').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
