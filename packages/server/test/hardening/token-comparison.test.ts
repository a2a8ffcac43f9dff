/**
 * Secrets are never compared with a short-circuiting `===`. Timing distributions are too noisy to test
 * on a shared machine, so this asserts the code path instead:
 * - the admin token goes through `timingSafeEqual` over sha256 digests of equal length (node:crypto is
 *   spied on where every importer reads it, Node's builtin exports, so our own code runs unchanged);
 * - a member token is never stored or compared raw: the database holds only its sha256 digest, found by
 *   an equality lookup on the digest of the presented token (an attacker controls the input, not the
 *   digest, so lookup timing says nothing about the stored value).
 */
import crypto, { createHash } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { newMember } from '../support/swarm.js';

// Named imports of a builtin (`import { timingSafeEqual } from 'node:crypto'`) read its exports
// object once synced: the spy reaches them without reloading any module (the suite shares modules
// between test files).
const spy = vi.spyOn(crypto, 'timingSafeEqual');
syncBuiltinESMExports();

const sha256 = (text: string) => createHash('sha256').update(text).digest();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp('pglite');
});
afterAll(async () => {
  spy.mockRestore();
  syncBuiltinESMExports();
  await ctx.close();
});

test('the admin token is compared with timingSafeEqual over equal-length digests', async () => {
  for (const presented of ['wrong', `${TEST_ADMIN_TOKEN}x`, TEST_ADMIN_TOKEN]) {
    spy.mockClear();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/admin/activate',
      headers: { 'x-admin-token': presented },
      payload: { memberId: crypto.randomUUID() },
    });
    expect(response.statusCode).toBe(presented === TEST_ADMIN_TOKEN ? 404 : 401);
    expect(spy).toHaveBeenCalledTimes(1);
    const [a, b] = spy.mock.calls[0] as [Buffer, Buffer];
    expect(Buffer.from(a)).toEqual(sha256(presented));
    expect(Buffer.from(b)).toEqual(sha256(TEST_ADMIN_TOKEN));
  }
});

test('a member token is stored only as its sha256 digest and never appears raw in the database', async () => {
  const member = await newMember(ctx.app, 'Token Holder');
  const stored = await ctx.testDb.database.db
    .selectFrom('member_token')
    .select('token_sha256')
    .where('member_id', '=', member.memberId)
    .execute();
  expect(stored).toEqual([{ token_sha256: sha256(member.token).toString('hex') }]);

  // Every text-like column of every table, searched for the raw token (and its random part).
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`.execute(
    ctx.testDb.database.db,
  );
  const secretPart = member.token.split('_').at(-1)!;
  for (const { table_name, column_name } of columns.rows) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table_name)}
      where ${sql.ref(column_name)}::text like ${`%${secretPart}%`}`.execute(
      ctx.testDb.database.db,
    );
    expect(Number(rows[0]?.n), `${table_name}.${column_name}`).toBe(0);
  }

  const verify = (token: string) =>
    ctx.app.inject({
      url: '/api/swarm/verify-token',
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await verify(member.token)).statusCode).toBe(200);
  expect((await verify(`${member.token.slice(0, -1)}x`)).statusCode).toBe(401);
});
