import { signTokenClaim, type ErrorCode } from '@convene/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { REGIME_DATASETS } from '../../src/regime/datasets.js';
import { SESSION_SUBROUTES } from '../../src/swarm/shared/constants.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  applyMember,
  newMember,
  newSession,
  signed,
  submit,
  type TestMember,
} from '../support/swarm.js';
import { adminPost, collectingSession, getJson, scheduledSubject } from './session-support.js';

/*
 * The spec's swarm rules where member agents and strangers meet them (issue 15): reads resolve to
 * the highest revision, the window is the only deadline, the submit check order holds for every
 * input, judges file no takes, applicants are not public, challenges cannot be spoiled, a foreign
 * bucket cannot block the allocation, admin routes authenticate first, slugs cannot shadow routes.
 */
const DATE = '2026-06-01';
const HOUR = 3_600_000;
const swarmError = (status: number, error: string, code: ErrorCode) => ({
  ok: false,
  status,
  error,
  code,
});

describeEachDatabase('swarm rules where members and strangers meet them', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;
  let subjectCounter = 0;

  /** A fresh treasury-like subject and a collecting session on it, its window an hour away. */
  const freshSession = (options: { source?: string | null; quorum?: number } = {}) =>
    collectingSession(ctx, {
      date: DATE,
      roster: [alice, bob, carol],
      subject: {
        quorum: options.quorum ?? 1,
        ...(options.source === undefined ? {} : { source: options.source }),
      },
    });

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    bob = await newMember(ctx.app, 'Bob');
    carol = await newMember(ctx.app, 'Carol');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('reads resolve to the highest revision per member, verified; earlier ones keep resolving', async () => {
    const { subjectId, sessionId } = await freshSession();
    const first = await signed(alice, { subjectId, stance: 'bearish' });
    const r1 = (await submit(ctx.app, alice.token, first)).json().recommendationId;
    ctx.clock.advance(1000);
    const amended = await signed(alice, { subjectId, stance: 'bullish', confidence: 0.9 });
    expect((await submit(ctx.app, alice.token, amended)).statusCode).toBe(201);
    expect((await submit(ctx.app, bob.token, await signed(bob, { subjectId }))).statusCode).toBe(
      201,
    );

    const byId = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`);
    const byDay = await getJson(ctx.app, `/api/swarm/sessions/${DATE}/${subjectId}`);
    for (const takes of [byId.body.takes, byDay.body.takes]) {
      expect(takes).toHaveLength(2);
      const mine = takes.find((t: { memberId: string }) => t.memberId === alice.memberId);
      expect(mine).toMatchObject({
        revision: 2,
        stance: 'bullish',
        verified: true,
        receivedAt: expect.stringMatching(/Z$/),
        supersededBy: null,
      });
    }
    expect(byId.body.takeCount).toBe(2);

    // Revision 1 still resolves and verifies, pointing at the newest revision in the one shape.
    const old = await getJson(ctx.app, `/api/swarm/takes/${r1}`);
    const pointer = { id: expect.any(String), revision: 2, receivedAt: expect.any(String) };
    expect(old.body).toMatchObject({ revision: 1, verified: true, supersededBy: pointer });
    const history = await getJson(ctx.app, `/api/swarm/members/${alice.memberId}/takes`);
    const rows = history.body.takes.filter((t: { sessionId: string }) => t.sessionId === sessionId);
    expect(rows.map((t: { revision: number }) => t.revision)).toEqual([2, 1]);
    expect(rows[0]).toMatchObject({ verified: true, supersededBy: null, superseded: false });
    expect(rows[1]).toMatchObject({ verified: true, supersededBy: old.body.supersededBy });
  });

  test('verified is recomputed: a take whose stored row no longer matches its signature is false', async () => {
    const { subjectId, sessionId } = await freshSession();
    const id = (await submit(ctx.app, carol.token, await signed(carol, { subjectId }))).json()
      .recommendationId as number;
    // Tamper behind the append-only guard, as a rogue operator would.
    const db = ctx.testDb.database.db;
    await sql`alter table take disable trigger all`.execute(db);
    await sql`update take set stance = 'bearish' where recommendation_id = ${id}`.execute(db);
    await sql`alter table take enable trigger all`.execute(db);
    const session = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`);
    expect(session.body.takes[0]).toMatchObject({ stance: 'bearish', verified: false });
    expect((await getJson(ctx.app, `/api/swarm/takes/${id}`)).body.verified).toBe(false);
  });

  test('admin close and aggregate never move windowClosesAt; first takes count until then, amendments stop', async () => {
    const { subjectId, sessionId } = await freshSession();
    const deadline = new Date(ctx.clock.now().getTime() + HOUR).toISOString();
    expect(
      (await submit(ctx.app, alice.token, await signed(alice, { subjectId }))).statusCode,
    ).toBe(201);
    const closed = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/close`);
    expect(closed.json()).toMatchObject({ state: 'window_closed', windowClosesAt: deadline });
    // A first take after an admin close, before the deadline: accepted and counted.
    expect((await submit(ctx.app, bob.token, await signed(bob, { subjectId }))).statusCode).toBe(
      201,
    );
    const aggregated = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/aggregate`);
    expect(aggregated.json()).toMatchObject({ state: 'aggregated', windowClosesAt: deadline });

    const amendment = await submit(ctx.app, alice.token, await signed(alice, { subjectId }));
    expect(amendment.json()).toEqual(
      swarmError(
        409,
        'amendment window closed (session already aggregated); the take on file stands',
        'amendment_closed',
      ),
    );
    // A first take after aggregation, before the deadline: accepted, visible, verifiable, not counted.
    const late = await submit(ctx.app, carol.token, await signed(carol, { subjectId }));
    expect(late.statusCode).toBe(201);
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(session.windowClosesAt).toBe(deadline);
    const counted = Object.fromEntries(
      session.takes.map((t: { memberId: string; counted: boolean }) => [t.memberId, t.counted]),
    );
    expect(counted).toEqual({
      [alice.memberId]: true,
      [bob.memberId]: true,
      [carol.memberId]: false,
    });
    expect(session.quorum.submitted).toBe(2);
    const lateReceipt = await getJson(
      ctx.app,
      `/api/swarm/takes/${late.json().recommendationId as number}`,
    );
    expect(lateReceipt.body.verified).toBe(true);

    const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);
    expect(published.json()).toMatchObject({ state: 'published', windowClosesAt: deadline });
    const receipt = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`))
      .body;
    expect(receipt.verified).toBe(true);
    expect(receipt.payload.windowClosesAt).toBe(deadline);
    expect(receipt.payload.submissions.map((s: { memberId: string }) => s.memberId).sort()).toEqual(
      [alice.memberId, bob.memberId].sort(),
    );
    const afterPublish = await submit(ctx.app, bob.token, await signed(bob, { subjectId }));
    expect(afterPublish.json()).toEqual(
      swarmError(
        409,
        'amendment window closed (session already aggregated); the take on file stands',
        'amendment_closed',
      ),
    );

    // The deadline itself is the only timing refusal.
    ctx.clock.set(new Date(Date.parse(deadline) + 1));
    const other = await newMember(ctx.app, 'Dora');
    const tooLate = await submit(ctx.app, other.token, await signed(other, { subjectId }));
    expect(tooLate.json()).toEqual(swarmError(409, 'submission window closed', 'window_closed'));
  });

  test('submit check order: 401 before any body check; impossible dates 404; unstorable text 400', async () => {
    const { subjectId } = await freshSession();
    const bodyless = [{}, { memberId: 42 }, { ...(await signed(alice)), date: '2026-02-30' }];
    for (const payload of bodyless) {
      expect((await submit(ctx.app, undefined, payload)).json()).toEqual(
        swarmError(401, 'missing bearer token', 'missing_bearer'),
      );
      expect((await submit(ctx.app, 'tok_nobody', payload)).json()).toEqual(
        swarmError(401, 'unknown member token', 'unknown_token'),
      );
    }
    const impossible = await submit(
      ctx.app,
      alice.token,
      await signed(alice, { subjectId, date: '2026-02-30' }),
    );
    expect(impossible.json()).toEqual(swarmError(404, 'no session for date/subject', 'no_session'));

    for (const body of ['NUL \u0000 inside', 'lone surrogate \ud800 inside']) {
      const take = await signed(alice, { subjectId, body });
      expect((await submit(ctx.app, alice.token, take)).json()).toEqual(
        swarmError(400, 'invalid submission', 'invalid_submission'),
      );
      expect((await submit(ctx.app, 'tok_nobody', take)).statusCode).toBe(401);
    }
    const nulBucket = await signed(alice, {
      subjectId,
      weights: [{ bucket: 'a\u0000', weight: 1 }],
    });
    expect((await submit(ctx.app, alice.token, nulBucket)).json()).toEqual(
      swarmError(400, 'invalid submission', 'invalid_submission'),
    );

    // Invalid UTF-8 in a JSON body is refused, never replaced; valid non-ASCII text is accepted.
    const take = await signed(alice, { subjectId, body: 'café' });
    const bytes = Buffer.from(JSON.stringify(take), 'utf8');
    const at = bytes.indexOf(Buffer.from('café', 'utf8')) + 3;
    const broken = Buffer.concat([
      bytes.subarray(0, at),
      Buffer.from([0xff]),
      bytes.subarray(at + 2),
    ]);
    for (const url of ['/api/swarm/submit', '/api/swarm/signing-payload', '/api/swarm/apply']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
        payload: broken,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'request body is not valid UTF-8',
        code: 'body_not_utf8',
      });
    }
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/submit',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      payload: bytes,
    });
    expect(ok.statusCode).toBe(201);
    expect(
      (await getJson(ctx.app, `/api/swarm/takes/${ok.json().recommendationId}`)).body,
    ).toMatchObject({
      body: 'café',
      verified: true,
    });
  });

  test('a judge files no takes, even from a roster frozen before its role changed', async () => {
    const judge = await newMember(ctx.app, 'Judy');
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: `subject-${++subjectCounter}`,
      schedule: null,
    });
    await newSession(ctx.testDb.database.db, {
      subjectId,
      date: DATE,
      convenedAt: ctx.clock.now(),
      windowClosesAt: null,
      roster: [judge.memberId],
    });
    const role = await adminPost(ctx.app, `/api/swarm/admin/members/${judge.memberId}/role`, {
      role: 'judge',
    });
    expect(role.statusCode).toBe(200);
    const response = await submit(ctx.app, judge.token, await signed(judge, { subjectId }));
    expect(response.json()).toEqual(
      swarmError(403, "member is not on this session's expected roster", 'not_on_roster'),
    );
  });

  test('a pending applicant is not public, indistinguishably from an unknown id', async () => {
    const pending = await applyMember(ctx.app, 'Quiet Applicant');
    const unknown = crypto.randomUUID();
    for (const suffix of ['', '/takes', '/judgements']) {
      const asPending = await getJson(ctx.app, `/api/swarm/members/${pending.memberId}${suffix}`);
      const asUnknown = await getJson(ctx.app, `/api/swarm/members/${unknown}${suffix}`);
      expect(asPending.status).toBe(404);
      expect(asPending.body).toEqual(asUnknown.body);
      const byHandle = await getJson(ctx.app, `/api/swarm/members/${pending.handle}${suffix}`);
      expect(byHandle.status).toBe(404);
    }
    const list = JSON.stringify((await getJson(ctx.app, '/api/swarm/members')).body);
    for (const secret of [pending.memberId, pending.handle, 'Quiet Applicant', pending.publicKey])
      expect(list).not.toContain(secret);
  });

  test("a stranger asking for a member's challenge cannot stop the member claiming its token", async () => {
    const applied = await applyMember(ctx.app, 'Claimer');
    await adminPost(ctx.app, '/api/swarm/admin/activate', { memberId: applied.memberId });
    const ask = async (memberId: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/swarm/token-claim/challenge',
          payload: { memberId },
        })
      ).json<{ challenge: string; expiresAt: string }>();
    const mine = await ask(applied.memberId);
    const strangers = [await ask(applied.memberId), await ask(applied.memberId)];
    expect(strangers).toEqual([mine, mine]);
    // A non-member looks the same: repeated asks answer one live challenge.
    const nobody = crypto.randomUUID();
    expect(await ask(nobody)).toEqual(await ask(nobody));
    const claim = { memberId: applied.memberId, ...mine };
    const signature = await signTokenClaim(claim, applied.seed);
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/token-claim',
      payload: { ...claim, signature },
    });
    expect(claimed.statusCode).toBe(201);
  });

  test('a foreign bucket cannot keep the recommendation from the allocation; the effect is shown', async () => {
    const { subjectId, sessionId } = await freshSession();
    const attacker = await signed(alice, {
      subjectId,
      weights: [
        { bucket: 'aave', weight: 1 },
        { bucket: 'zzz', weight: 0.000001 },
      ],
    });
    expect((await submit(ctx.app, alice.token, attacker)).statusCode).toBe(201);
    const honest = await signed(bob, {
      subjectId,
      weights: [
        { bucket: 'morpho', weight: 1 },
        { bucket: 'juno', weight: 1 },
      ],
    });
    expect((await submit(ctx.app, bob.token, honest)).statusCode).toBe(201);
    const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);
    expect(published.json()).toMatchObject({ state: 'published' });

    const allocation = (await getJson(ctx.app, '/api/dashboards/allocation')).body;
    expect(allocation.setBy).toEqual({ kind: 'swarm', sessionId });
    // The sleeves stay the framework's 95 / 5; the swarm set the buckets beneath them.
    expect(allocation.sleeves.map((s: { target: number }) => s.target)).toEqual([0.95, 0.05]);
    const bucket = (key: string) =>
      allocation.sleeves
        .flatMap((s: { buckets: Array<{ key: string; target: number }> }) => s.buckets)
        .find((b: { key: string }) => b.key === key).target;
    // The mean (aave 0.5, morpho 0.25, juno 0.25; zzz ~0, ignored) split within each sleeve.
    expect(bucket('aave')).toBeCloseTo((0.95 * 2) / 3, 5);
    expect(bucket('morpho')).toBeCloseTo(0.95 / 3, 5);
    expect(bucket('juno')).toBeCloseTo(0.05, 5);

    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(session.allocationEffect).toEqual({
      status: 'applied',
      version: allocation.version,
      ignoredBuckets: ['zzz'],
      decidedAt: expect.any(String),
    });
    const listed = (await getJson(ctx.app, `/api/swarm/sessions?subject=${subjectId}`)).body;
    expect(listed.sessions[0].allocationEffect.status).toBe('applied');

    // A subject that is not the treasury's: published, advisory, and the session says so.
    const advisory = await freshSession({ source: null });
    await submit(ctx.app, alice.token, await signed(alice, { subjectId: advisory.subjectId }));
    await adminPost(ctx.app, `/api/swarm/admin/sessions/${advisory.sessionId}/publish`);
    const advised = (await getJson(ctx.app, `/api/swarm/sessions/${advisory.sessionId}`)).body;
    expect(advised.allocationEffect).toMatchObject({
      status: 'not_applied',
      reason: 'advisory_subject',
    });
  });

  test('admin routes answer 401 before they read or validate a body', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/swarm/admin/activate'],
      ['PUT', '/api/swarm/admin/subjects/anything'],
      ['POST', `/api/swarm/admin/sessions/${crypto.randomUUID()}/close`],
      ['POST', `/api/swarm/admin/members/${crypto.randomUUID()}/role`],
      ['PUT', '/api/treasury/admin/allocation'],
    ];
    for (const [method, url] of routes) {
      for (const payload of ['{not json', '{"name": 42, "role": "nope", "weights": "x"}']) {
        const response = await ctx.app.inject({
          method: method as 'POST' | 'PUT',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toEqual(
          swarmError(401, 'missing admin token', 'missing_admin_token'),
        );
      }
    }
  });

  test('subject slugs that would shadow a session route are refused', async () => {
    // The swarm plugin refuses to register a session sub-route that is not in this list.
    for (const slug of SESSION_SUBROUTES)
      expect(ctx.app.hasRoute({ method: 'GET', url: `/api/swarm/sessions/:id/${slug}` })).toBe(
        true,
      );
    for (const slug of SESSION_SUBROUTES) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/swarm/admin/subjects/${slug}`,
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
        payload: { name: 'Shadow', recommendationType: 'bucket_weights' },
      });
      expect(response.statusCode, slug).toBe(400);
    }
    const fine = await ctx.app.inject({
      method: 'PUT',
      url: '/api/swarm/admin/subjects/judgement-day',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: { name: 'Fine', recommendationType: 'bucket_weights' },
    });
    expect(fine.statusCode).toBe(201);
  });

  test("a member's takes without limit are all of them, newest first; with limit, cursor pages", async () => {
    const member = await newMember(ctx.app, 'Prolific');
    const subjectId = `subject-${++subjectCounter}`;
    await scheduledSubject(ctx.testDb.database.db, { id: subjectId, schedule: null });
    const total = 23 * 5;
    for (let day = 1; day <= 23; day++) {
      const date = `2026-05-${String(day).padStart(2, '0')}`;
      await newSession(ctx.testDb.database.db, {
        subjectId,
        date,
        convenedAt: ctx.clock.now(),
        windowClosesAt: null,
        roster: [member.memberId],
      });
      for (let revision = 1; revision <= 5; revision++) {
        ctx.clock.advance(1);
        const take = await signed(member, { subjectId, date });
        const response = await submit(ctx.app, member.token, take);
        expect(response.statusCode).toBe(201);
      }
    }
    const all = (await getJson(ctx.app, `/api/swarm/members/${member.memberId}/takes`)).body;
    expect(all.takes).toHaveLength(total);
    expect(all.nextCursor).toBeNull();
    const times = all.takes.map((t: { receivedAt: string }) => Date.parse(t.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=40${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page = (await getJson(ctx.app, `/api/swarm/members/${member.memberId}/takes?${query}`))
        .body;
      expect(page.takes.length).toBeLessThanOrEqual(40);
      paged.push(...page.takes.map((t: { id: string }) => t.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(paged).toEqual(all.takes.map((t: { id: string }) => t.id));
  });

  test('every brief references the research signals as of its own date, embedded point in time', async () => {
    const subjectId = await scheduledSubject(ctx.testDb.database.db, {
      id: `subject-${++subjectCounter}`,
      schedule: null,
    });
    const opened = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId,
      date: '2026-03-10',
    });
    const sessionId = opened.json().sessionId as string;
    const brief = async (include = '') =>
      (await getJson(ctx.app, `/api/swarm/brief?session=${sessionId}${include}`)).body;
    expect((await brief()).body.researchSignals).toEqual([]);

    // Signal history for the brief's date arrives after the brief was published, plus a later row.
    const db = ctx.testDb.database.db;
    for (const [date, level] of [
      ['2026-03-09', 'before'],
      ['2026-03-11', 'after'],
    ] as const) {
      await db
        .insertInto('research_signal')
        .values({
          signal_key: 'late-cycle-signals',
          date,
          computed_at: ctx.clock.now(),
          source: 'test',
          payload: JSON.stringify({ summary: level }),
        })
        .execute();
    }
    await ctx.app.convene.versions.bump(REGIME_DATASETS.research);
    expect((await brief()).body.researchSignals).toEqual([
      {
        signalKey: 'late-cycle-signals',
        date: '2026-03-09',
        href: '/api/dashboards/research-signals/late-cycle-signals',
      },
    ]);
    expect((await brief('&include=researchSignals')).body.researchSignals).toEqual([
      { signal_key: 'late-cycle-signals', date: '2026-03-09', payload: { summary: 'before' } },
    ]);
    const session = (await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body;
    expect(session.brief.body.researchSignals).toHaveLength(1);
  });
});
