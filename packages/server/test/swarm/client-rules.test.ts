import type { ErrorCode } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { adminPost, collectingSession, getJson, scheduledSubject } from './session-support.js';

/*
 * Small rules an outside client meets (issue 31): one answer for an impossible date, memo text
 * never altered, one deterministic open session, drift only over buckets the allocation knows,
 * judges neither counted nor absent.
 */
const DATE = '2026-06-01';
const HOUR = 3_600_000;
const IMPOSSIBLE = ['2026-02-30', '2026-13-01', '2026-04-31', '0000-01-01'];
const swarmError = (status: number, error: string, code: ErrorCode) => ({
  ok: false,
  status,
  error,
  code,
});

describeEachDatabase('rules an outside client meets', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  const freshSession = () => collectingSession(ctx, { date: DATE, roster: [alice] });

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    carol = await newMember(ctx.app, 'Carol');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('a well-formed date that is no calendar day finds nothing (404) on every route that looks one up', async () => {
    const { subjectId } = await freshSession();
    for (const date of IMPOSSIBLE) {
      const take = await submit(ctx.app, alice.token, await signed(alice, { subjectId, date }));
      expect(take.json(), date).toEqual(
        swarmError(404, 'no session for date/subject', 'no_session'),
      );

      const day = await getJson(ctx.app, `/api/swarm/sessions/${date}/${subjectId}`);
      expect(day.body, date).toEqual(swarmError(404, 'no session for date/subject', 'no_session'));

      const brief = await getJson(ctx.app, `/api/swarm/brief?date=${date}&subject=${subjectId}`);
      expect(brief.body, date).toEqual(swarmError(404, 'no brief matches', 'brief_not_found'));

      // Opening a session on it is refused: a date that creates something must be a real day.
      const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId, date });
      expect(opened.json(), date).toEqual(
        swarmError(400, 'date must be YYYY-MM-DD', 'invalid_date'),
      );
    }
    // The form is still checked first: not YYYY-MM-DD is a 400 wherever a date is read.
    expect((await getJson(ctx.app, `/api/swarm/sessions/2026-6-1/${subjectId}`)).status).toBe(400);
    expect(
      (await getJson(ctx.app, `/api/swarm/brief?date=2026-6-1&subject=${subjectId}`)).status,
    ).toBe(400);
    const malformed = await submit(
      ctx.app,
      alice.token,
      await signed(alice, { subjectId, date: '2026-6-1' }),
    );
    expect(malformed.statusCode).toBe(400);
  });

  test('memo text is stored exactly or refused: a lone surrogate or NUL is a 400, as on submit', async () => {
    const post = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/swarm/memos',
        headers: { authorization: `Bearer ${alice.token}` },
        payload,
      });
    const unstorable = ['lone surrogate \ud800 inside', 'trailing \udc00', 'NUL \u0000 inside'];
    for (const text of unstorable) {
      expect((await post({ title: 'ok', body: text })).json(), text).toEqual(
        swarmError(400, 'invalid memo', 'invalid_memo'),
      );
      expect((await post({ title: text, body: 'ok' })).json(), text).toEqual(
        swarmError(400, 'invalid memo', 'invalid_memo'),
      );
    }
    const paired = 'a real pair 😀 kept';
    const created = await post({ title: 'pair', body: paired });
    expect(created.statusCode).toBe(201);
    const memo = await getJson(ctx.app, `/api/swarm/memos/${created.json<{ id: string }>().id}`);
    expect(memo.body.body).toBe(paired);
  });

  test('open-session with several collecting: the window closing soonest, ties by subject id, no deadline last', async () => {
    // Start from no collecting session: close whatever earlier tests left open.
    const collecting = await getJson(ctx.app, '/api/swarm/sessions?state=collecting&limit=100');
    for (const { id } of collecting.body.sessions as { id: string }[]) {
      await adminPost(ctx.app, `/api/swarm/admin/sessions/${id}/close`);
    }
    const at = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();
    const open = async (subjectId: string, windowClosesAt: string | null) => {
      await scheduledSubject(ctx.testDb.database.db, { id: subjectId, schedule: null, quorum: 1 });
      ctx.clock.advance(1000);
      const response = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
        subjectId,
        windowClosesAt,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ sessionId: string }>().sessionId;
    };
    const closesAt = at(HOUR);
    const later = await open('open-b', at(2 * HOUR));
    const soonC = await open('open-c', closesAt);
    const soonA = await open('open-a', closesAt);
    const noDeadline = await open('open-z', null); // the most recently convened

    for (const expected of [soonA, soonC, later, noDeadline]) {
      const body = (await getJson(ctx.app, '/api/swarm/open-session')).body;
      expect(body.id).toBe(expected);
      await adminPost(ctx.app, `/api/swarm/admin/sessions/${expected}/close`);
    }
    expect((await getJson(ctx.app, '/api/swarm/open-session')).body).toBeNull();
  });

  test('a take weighting only an unknown bucket adds no drift; the bucket is reported', async () => {
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: 'drift-treasury',
      schedule: null,
      quorum: 1,
    });
    ctx.clock.advance(1000);
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId,
      windowClosesAt: new Date(ctx.clock.now().getTime() + HOUR).toISOString(),
    });
    const { sessionId } = opened.json<{ sessionId: string }>();
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    const reference = session.referenceAllocation.buckets as { bucket: string; weight: number }[];
    const asReference = reference.filter((b) => b.weight > 0);
    const date = session.date as string;
    for (const member of [alice, bob]) {
      const take = await signed(member, { subjectId, date, weights: asReference });
      expect((await submit(ctx.app, member.token, take)).statusCode).toBe(201);
    }
    const foreign = await signed(carol, {
      subjectId,
      date,
      weights: [{ bucket: 'zzz', weight: 1 }],
    });
    expect((await submit(ctx.app, carol.token, foreign)).statusCode).toBe(201);
    await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/aggregate`);

    const { recommendation } = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(recommendation.drift).toBeCloseTo(0, 5); // was 1/3: carol's take counted as drift
    expect(recommendation.unknownBuckets).toEqual(['zzz']);
    const listed = (await getJson(ctx.app, `/api/swarm/sessions?subject=${subjectId}`)).body;
    expect(listed.sessions[0].recommendation).toMatchObject({ unknownBuckets: ['zzz'] });
  });

  test('a member made judge after the roster froze is neither in rosterSize nor absent; the receipt verifies', async () => {
    const dora = await newMember(ctx.app, 'Dora');
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: 'judge-quorum',
      schedule: null,
      quorum: 1,
      source: null,
    });
    ctx.clock.advance(1000);
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId,
      windowClosesAt: new Date(ctx.clock.now().getTime() + HOUR).toISOString(),
    });
    const { sessionId } = opened.json<{ sessionId: string }>();
    const before = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    const frozen = (before.roster as { memberId: string }[]).map((r) => r.memberId);
    expect(frozen).toContain(dora.memberId);

    const role = await adminPost(ctx.app, `/api/swarm/admin/members/${dora.memberId}/role`, {
      role: 'judge',
    });
    expect(role.statusCode, role.body).toBe(200);
    const take = await signed(alice, { subjectId, date: before.date as string });
    expect((await submit(ctx.app, alice.token, take)).statusCode).toBe(201);
    await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);

    const expected = frozen.filter((id) => id !== dora.memberId);
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(session.quorum).toMatchObject({
      rosterSize: expected.length,
      submitted: 1,
      participation: 1 / expected.length,
    });
    expect(session.quorum.absent).not.toContain(dora.memberId);
    expect(session.quorum.absent).toHaveLength(expected.length - 1);
    // The roster stays the record of who it froze with; only the quorum leaves the judge out.
    expect(session.roster.map((r: { memberId: string }) => r.memberId)).toContain(dora.memberId);
    const receipt = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`))
      .body;
    expect(receipt.verified).toBe(true);
    expect(receipt.payload.quorum).toEqual(session.quorum);
  });
});
