import {
  canonicalApplication,
  generateKeyPair,
  sha256Hex,
  signApplication,
  signTokenClaim,
} from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { activate, applyMember, claimToken, newSession, newSubject } from '../support/swarm.js';

describeEachDatabase('member onboarding', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const apply = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/swarm/apply', payload });

  test('a valid application mints a member id; its public status is redacted', async () => {
    const applied = await applyMember(ctx.app, 'Athena Quant');
    expect(applied.handle).toBe('athena-quant');
    const status = await ctx.app.inject({ url: `/api/swarm/apply/${applied.memberId}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      id: applied.memberId,
      state: 'applied',
      appliedAt: ctx.clock.now().toISOString(),
      reviewedAt: null,
      claimedAt: null,
    });
    for (const secret of [
      applied.application.name,
      applied.application.contact,
      applied.publicKey,
    ]) {
      expect(status.body).not.toContain(secret);
    }
  });

  test('an invalid signature records nothing and returns the expected payload', async () => {
    const keys = await generateKeyPair();
    const other = await generateKeyPair();
    const application = {
      name: 'Mallory',
      contact: 'm@example.org',
      lens: 'contrarian',
      publicKey: keys.publicKey,
    };
    const signature = await signApplication(application, other.secretKey);
    const before = await ctx.testDb.database.db.selectFrom('member').select('id').execute();
    const response = await apply({ ...application, signature });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      status: 400,
      error: 'application signature verification failed',
      code: 'application_signature',
      expectedPayload: canonicalApplication(application),
    });
    expect(response.json().expectedPayload).toBe(
      `{"name":"Mallory","contact":"m@example.org","lens":"contrarian","publicKey":"${keys.publicKey}"}`,
    );
    const after = await ctx.testDb.database.db.selectFrom('member').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  test('malformed applications are 400 invalid application', async () => {
    const keys = await generateKeyPair();
    for (const payload of [
      {},
      { name: '', contact: 'x', publicKey: keys.publicKey, signature: 'AA==' },
      { name: 'x'.repeat(201), contact: 'x', publicKey: keys.publicKey, signature: 'AA==' },
      { name: 'x', contact: 'x', publicKey: 'not-base64', signature: 'AA==' },
      {
        name: 'x',
        contact: 'x',
        lens: 'l'.repeat(501),
        publicKey: keys.publicKey,
        signature: 'AA==',
      },
    ]) {
      const response = await apply(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        ok: false,
        status: 400,
        error: 'invalid application',
        code: 'invalid_application',
      });
    }
  });

  test('re-applying with the same pending key refreshes; once admitted the key is refused', async () => {
    const first = await applyMember(ctx.app, 'Refresher');
    const refreshed = { ...first.application, name: 'Refresher Two' };
    const again = await apply({
      ...refreshed,
      signature: await signApplication(refreshed, first.seed),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ memberId: first.memberId, state: 'applied' });
    expect((await activate(ctx.app, first.memberId)).statusCode).toBe(200);
    const admitted = await apply({
      ...refreshed,
      signature: await signApplication(refreshed, first.seed),
    });
    expect(admitted.statusCode).toBe(409);
  });

  test('unknown and never-issued application ids are indistinguishable 404s', async () => {
    const unknown = await ctx.app.inject({ url: `/api/swarm/apply/${crypto.randomUUID()}` });
    const malformed = await ctx.app.inject({ url: '/api/swarm/apply/not-an-id' });
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(unknown.body).toBe(malformed.body);
  });

  test('activation needs the admin token, approves, queues the email and joins collecting sessions', async () => {
    const subject = await newSubject(ctx.testDb.database.db);
    const session = await newSession(ctx.testDb.database.db, {
      subjectId: subject,
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
    });
    const applied = await applyMember(ctx.app, 'Newcomer');
    const activateWith = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/admin/activate',
        headers,
        payload: { memberId: applied.memberId },
      });
    expect((await activateWith({})).json()).toEqual({
      ok: false,
      status: 401,
      error: 'missing admin token',
      code: 'missing_admin_token',
    });
    expect((await activateWith({ 'x-admin-token': 'wrong-token-wrong-token' })).json()).toEqual({
      ok: false,
      status: 401,
      error: 'invalid admin token',
      code: 'invalid_admin_token',
    });
    const unknown = await activate(ctx.app, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);

    const ok = await activateWith({ 'x-admin-token': TEST_ADMIN_TOKEN });
    expect(ok.json()).toEqual({
      ok: true,
      status: 200,
      memberId: applied.memberId,
      memberStatus: 'active',
      changed: true,
    });
    const status = (await ctx.app.inject({ url: `/api/swarm/apply/${applied.memberId}` })).json();
    expect(status).toMatchObject({ state: 'approved', reviewedAt: ctx.clock.now().toISOString() });
    const emails = await ctx.testDb.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', applied.application.contact)
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain(applied.memberId);
    const roster = await ctx.testDb.database.db
      .selectFrom('session_roster')
      .selectAll()
      .where('session_id', '=', session)
      .execute();
    expect(roster.map((row) => row.member_id)).toContain(applied.memberId);

    const again = await activateWith({ 'x-admin-token': TEST_ADMIN_TOKEN });
    expect(again.json()).toMatchObject({ changed: false });
    expect(
      await ctx.testDb.database.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', applied.application.contact)
        .execute(),
    ).toHaveLength(1);
  });

  test('challenges never reveal membership and only an approved member gets one persisted (one live)', async () => {
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/token-claim/challenge',
      payload: { memberId: crypto.randomUUID() },
    });
    expect(stranger.statusCode).toBe(200);
    expect(Object.keys(stranger.json()).sort()).toEqual(['challenge', 'expiresAt']);
    const applied = await applyMember(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/token-claim/challenge',
      payload: { memberId: applied.memberId },
    });
    const rows = () =>
      ctx.testDb.database.db
        .selectFrom('token_claim_challenge')
        .selectAll()
        .where('member_id', '=', applied.memberId)
        .execute();
    expect(await rows()).toHaveLength(0); // applied, not approved
    await activate(ctx.app, applied.memberId);
    const first = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/token-claim/challenge',
        payload: { memberId: applied.memberId },
      })
    ).json();
    ctx.clock.advance(60_000);
    const second = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/token-claim/challenge',
        payload: { memberId: applied.memberId },
      })
    ).json();
    const stored = await rows();
    expect(stored).toHaveLength(1);
    // One live challenge: asking again (anyone may) answers the same one, with its own expiry.
    expect(second).toEqual(first);
    expect(stored[0]!.challenge).toBe(first.challenge);
    expect(Date.parse(first.expiresAt) - ctx.clock.now().getTime()).toBe(9 * 60 * 1000);
    // Once it expires, the next request mints a new one, valid 10 minutes.
    ctx.clock.advance(9 * 60 * 1000);
    const third = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/token-claim/challenge',
        payload: { memberId: applied.memberId },
      })
    ).json();
    expect(third.challenge).not.toBe(first.challenge);
    expect(Date.parse(third.expiresAt) - ctx.clock.now().getTime()).toBe(10 * 60 * 1000);
    expect((await rows())[0]!.challenge).toBe(third.challenge);
  });

  test('the first valid claim returns the token once, stored only as sha256; later valid claims get 409', async () => {
    const applied = await applyMember(ctx.app);
    await activate(ctx.app, applied.memberId);
    const claimed = await claimToken(ctx.app, applied.memberId, applied.seed);
    expect(claimed.statusCode).toBe(201);
    const { token } = claimed.json<{ token: string }>();
    expect(token).toMatch(new RegExp(`^tok_${applied.memberId}_[0-9a-f-]{36}$`));
    const stored = await ctx.testDb.database.db
      .selectFrom('member_token')
      .selectAll()
      .where('member_id', '=', applied.memberId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_sha256).toBe(sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(
      (await ctx.app.inject({ url: `/api/swarm/apply/${applied.memberId}` })).json(),
    ).toMatchObject({ state: 'claimed' });

    const again = await claimToken(ctx.app, applied.memberId, applied.seed);
    expect(again.json()).toEqual({
      ok: false,
      status: 409,
      error: 'token already claimed',
      code: 'token_already_claimed',
    });

    const whoami = await ctx.app.inject({
      url: '/api/swarm/verify-token',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whoami.json()).toEqual({ memberId: applied.memberId });
  });

  test('bad proofs are refused: wrong key, altered expiry, expired challenge', async () => {
    const applied = await applyMember(ctx.app);
    await activate(ctx.app, applied.memberId);
    const issue = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/swarm/token-claim/challenge',
          payload: { memberId: applied.memberId },
        })
      ).json<{ challenge: string; expiresAt: string }>();
    const claim = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/swarm/token-claim', payload });

    const c1 = await issue();
    const stranger = await generateKeyPair();
    const wrongKey = await signTokenClaim(
      { memberId: applied.memberId, ...c1 },
      stranger.secretKey,
    );
    expect(
      (await claim({ memberId: applied.memberId, ...c1, signature: wrongKey })).statusCode,
    ).toBe(401);

    const altered = {
      memberId: applied.memberId,
      challenge: c1.challenge,
      expiresAt: new Date(Date.parse(c1.expiresAt) + 60_000).toISOString(),
    };
    expect(
      (await claim({ ...altered, signature: await signTokenClaim(altered, applied.seed) }))
        .statusCode,
    ).toBe(401);

    const c2 = await issue();
    ctx.clock.advance(10 * 60 * 1000);
    const expired = { memberId: applied.memberId, ...c2 };
    const response = await claim({
      ...expired,
      signature: await signTokenClaim(expired, applied.seed),
    });
    expect(response.json()).toEqual({
      ok: false,
      status: 401,
      error: 'token claim rejected: challenge unknown, expired or signature invalid',
      code: 'invalid_claim',
    });
    expect((await claim({ memberId: applied.memberId })).statusCode).toBe(400);
  });

  test('verify-token: missing and unknown tokens are 401 with the spec messages; deactivation revokes', async () => {
    expect((await ctx.app.inject({ url: '/api/swarm/verify-token' })).json()).toEqual({
      ok: false,
      status: 401,
      error: 'missing bearer token',
      code: 'missing_bearer',
    });
    const unknown = await ctx.app.inject({
      url: '/api/swarm/verify-token',
      headers: { authorization: 'Bearer tok_x_y' },
    });
    expect(unknown.json()).toEqual({
      ok: false,
      status: 401,
      error: 'unknown member token',
      code: 'unknown_token',
    });

    const applied = await applyMember(ctx.app);
    await activate(ctx.app, applied.memberId);
    const { token } = (await claimToken(ctx.app, applied.memberId, applied.seed)).json<{
      token: string;
    }>();
    const admin = { 'x-admin-token': TEST_ADMIN_TOKEN };
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/swarm/admin/members/${applied.handle}/deactivate`,
      headers: admin,
    });
    expect(off.json()).toMatchObject({ memberStatus: 'inactive', changed: true });
    expect(
      (
        await ctx.app.inject({
          url: '/api/swarm/verify-token',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/swarm/admin/members/${applied.memberId}/reactivate`,
      headers: admin,
    });
    const fresh = await claimToken(ctx.app, applied.memberId, applied.seed);
    expect(fresh.statusCode).toBe(201);
  });
});
