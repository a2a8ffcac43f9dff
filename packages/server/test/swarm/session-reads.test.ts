import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SessionState } from '../../src/db/schema.js';
import { SwarmBrief } from '../../src/swarm/briefs/schemas.js';
import {
  SessionDetail,
  SessionListResponse,
  SessionOfDay,
} from '../../src/swarm/sessions/schemas.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  applyMember,
  newMember,
  newSession,
  signed,
  submit,
  type TestMember,
} from '../support/swarm.js';
import { adminPost, getJson, scheduledSubject } from './session-support.js';

describeEachDatabase('swarm read routes and their parameters', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let firstOfDay: string;
  let published: string;

  const db = () => ctx.testDb.database.db;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-06-01T12:00:00Z');
    alice = await newMember(ctx.app, 'Alice');
    await applyMember(ctx.app, 'Pending Applicant');
    await scheduledSubject(db(), { quorum: 1, schedule: '0 0 * * *' });
    await db()
      .insertInto('research_signal')
      .values({
        signal_key: 'late-cycle-signals',
        date: '2026-05-31',
        computed_at: new Date('2026-05-31T23:00:00Z'),
        source: 'test',
        payload: JSON.stringify({ summary: 'late but not over', gauges: [] }),
      })
      .execute();
    const open = await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
      windowClosesAt: null,
    });
    published = open.json<{ sessionId: string }>().sessionId;
    await submit(
      ctx.app,
      alice.token,
      await signed(alice, { body: 'Rates 100% priced; keep_it_safe.' }),
    );
    await adminPost(ctx.app, `/api/swarm/admin/sessions/${published}/publish`);
    ctx.clock.advance(60_000);
    // A second session the same day, asked for explicitly (one per date and subject otherwise).
    firstOfDay = (
      await adminPost(ctx.app, '/api/swarm/admin/sessions', {
        subjectId: 'convene-treasury',
        additional: true,
      })
    ).json<{ sessionId: string }>().sessionId;
    await submit(ctx.app, alice.token, await signed(alice));
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('brief rule 1: session= is the handle; malformed is a 400, unknown a 404', async () => {
    const brief = await getJson(ctx.app, `/api/swarm/brief?session=${firstOfDay}`);
    expect(brief.status).toBe(200);
    expect(Object.keys(brief.body).sort()).toEqual([
      'body',
      'createdAt',
      'date',
      'id',
      'sessionId',
      'subjectId',
    ]);
    expect(brief.body.sessionId).toBe(firstOfDay);
    expect((await getJson(ctx.app, '/api/swarm/brief?session=nope')).status).toBe(400);
    expect((await getJson(ctx.app, `/api/swarm/brief?session=${crypto.randomUUID()}`)).status).toBe(
      404,
    );
  });

  test('brief body: exactly the SwarmBrief fields, snake_case regime and recentSessions, camelCase subject', async () => {
    const { body } = (await getJson(ctx.app, `/api/swarm/brief?session=${firstOfDay}`)).body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'prompt',
        'recentSessions',
        'regime',
        'researchSignals',
        'subject',
        'takeSchema',
        'windowClosesAt',
      ].sort(),
    );
    expect(Object.keys(body.subject).sort()).toEqual(
      [
        'id',
        'status',
        'name',
        'operator',
        'homepage',
        'xHandle',
        'thesisBlurb',
        'wallets',
        'nftContracts',
        'source',
        'recommendationType',
        'linkedMemberId',
        'structuralNotes',
        'lastReviewed',
      ].sort(),
    );
    expect(body.recentSessions).toEqual([
      {
        id: published,
        convened_at: '2026-06-01T12:00:00.000Z',
        date: '2026-06-01',
        subject_id: 'convene-treasury',
        state: 'published',
      },
    ]);
    expect(body.researchSignals).toEqual([
      {
        signalKey: 'late-cycle-signals',
        date: '2026-05-31',
        href: '/api/dashboards/research-signals/late-cycle-signals',
      },
    ]);
    expect(Object.keys(body.prompt).sort()).toEqual(['system', 'user']);
    expect(body.takeSchema.stance.enum).toEqual([
      'bearish',
      'cautious',
      'neutral',
      'constructive',
      'bullish',
    ]);
    expect(body.takeSchema.confidence).toMatchObject({ minimum: 0, maximum: 1 });
    expect(body.windowClosesAt).toBeNull();
    expect(body.regime).toBeNull();
  });

  test('brief rule 2 and 4: date+subject is the newest session of the day that published a brief', async () => {
    ctx.clock.advance(60_000);
    // A newer session without a brief yet (created first, brief later): the date route skips it.
    const newest = await newSession(db(), {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
      roster: [alice.memberId],
    });
    const brief = await getJson(
      ctx.app,
      '/api/swarm/brief?date=2026-06-01&subject=convene-treasury',
    );
    expect(brief.body.sessionId).toBe(firstOfDay);
    const day = await getJson(ctx.app, '/api/swarm/sessions/2026-06-01/convene-treasury');
    expect(day.body.session.id).toBe(newest);
    expect(Object.keys(day.body).sort()).toEqual(['session', 'takes']);
  });

  test('brief rule 3 and 5: 400 for a malformed date or missing subject, 404 for no match, embedded signals', async () => {
    const error = async (url: string, status: number) => {
      const response = await getJson(ctx.app, url);
      expect(response.status).toBe(status);
      expect(typeof response.body.error).toBe('string');
    };
    await error('/api/swarm/brief?date=2026-6-1&subject=convene-treasury', 400);
    await error('/api/swarm/brief?date=2026-06-01', 400);
    await error('/api/swarm/brief', 400);
    await error('/api/swarm/brief?date=2026-05-01&subject=convene-treasury', 404);
    const embedded = await getJson(
      ctx.app,
      `/api/swarm/brief?session=${firstOfDay}&include=researchSignals`,
    );
    expect(embedded.body.body.researchSignals).toEqual([
      {
        signal_key: 'late-cycle-signals',
        date: '2026-05-31',
        payload: { summary: 'late but not over', gauges: [] },
      },
    ]);
  });

  test('members: active only, by UUID or handle, takes newest first with limit', async () => {
    const list = (await getJson(ctx.app, '/api/swarm/members')).body;
    expect(list.members.map((m: { handle: string }) => m.handle)).toEqual([alice.handle]);
    expect(list.members[0].publicKey).toBe(alice.publicKey);
    expect(JSON.stringify(list)).not.toContain('@example.org');
    expect(
      (await getJson(ctx.app, `/api/swarm/members/${alice.handle.toUpperCase()}`)).body.id,
    ).toBe(alice.memberId);
    expect((await getJson(ctx.app, `/api/swarm/members/${alice.memberId}`)).body.handle).toBe(
      alice.handle,
    );
    expect((await getJson(ctx.app, '/api/swarm/members/nobody')).status).toBe(404);
    const takes = (await getJson(ctx.app, `/api/swarm/members/${alice.handle}/takes`)).body;
    expect(takes.takes.map((t: { sessionId: string }) => t.sessionId)).toEqual([
      firstOfDay,
      published,
    ]);
    expect(takes.takes[0].sessionState).toBe('collecting');
    expect(
      (await getJson(ctx.app, `/api/swarm/members/${alice.handle}/takes?limit=1`)).body.takes,
    ).toHaveLength(1);
    expect(
      (await getJson(ctx.app, `/api/swarm/members/${alice.handle}/takes?limit=0`)).body.takes,
    ).toHaveLength(1);
    expect(
      (await getJson(ctx.app, `/api/swarm/members/${alice.handle}/takes?limit=x`)).status,
    ).toBe(400);
    expect((await getJson(ctx.app, '/api/swarm/members/nobody/takes')).status).toBe(404);
  });

  test('member judgements limit: default 20, clamped to 1..100, non-integers 400, unknown member 404', async () => {
    for (const limit of ['', '?limit=0', '?limit=-3', '?limit=1000', '?limit=20']) {
      const response = await getJson(
        ctx.app,
        `/api/swarm/members/${alice.memberId}/judgements${limit}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ judgements: [], nextCursor: null });
    }
    expect(
      (await getJson(ctx.app, `/api/swarm/members/${alice.memberId}/judgements?limit=1.5`)).status,
    ).toBe(400);
    expect((await getJson(ctx.app, '/api/swarm/members/nobody/judgements')).status).toBe(404);
  });

  test('sessions list: state, subject, search (literal, case-insensitive), full, nextSessionAt on every page', async () => {
    const list = async (query: string) =>
      (await getJson(ctx.app, `/api/swarm/sessions${query}`)).body;
    const all = await list('');
    expect(all.sessions).toHaveLength(3);
    expect(all.nextCursor).toBeNull();
    expect(all.nextSessionAt).toBe('2026-06-02T00:00:00.000Z');
    expect(all.sessions[0]).not.toHaveProperty('synthesis');
    const row = all.sessions.find((s: { id: string }) => s.id === published);
    expect(row).toMatchObject({ takeCount: 1, state: 'published' });
    expect(row.referenceAllocation.sleeves).toHaveLength(2);
    const full = await list('?full=1&state=published');
    expect(full.sessions.map((s: { id: string }) => s.id)).toEqual([published]);
    expect(full.sessions[0]).toHaveProperty('regimeSummary');
    expect(full.sessions[0].synthesis).toMatch(/^Participation: 1 of 1/);
    expect(full.nextSessionAt).toBe('2026-06-02T00:00:00.000Z');
    // The next fire is reused only until it passes, then the one after it is announced.
    const now = ctx.clock.now();
    ctx.clock.set('2026-06-02T00:00:01Z');
    expect((await list('')).nextSessionAt).toBe('2026-06-03T00:00:00.000Z');
    ctx.clock.set(now);
    expect((await list('')).nextSessionAt).toBe('2026-06-02T00:00:00.000Z');
    expect((await list('?subject=other')).sessions).toEqual([]);
    expect(
      (await list('?search=participation%3A%201%20OF')).sessions.map((s: { id: string }) => s.id),
    ).toEqual([published]);
    expect((await list('?search=2026-06-01')).sessions).toHaveLength(3);
    // A date as the site shows it ("1 Jun 2026") finds the sessions of that date, and only those.
    for (const phrase of ['1 Jun 2026', 'Jun 2026', 'june', '1 Jun', 'Jun 1, 2026', ' JUN. '])
      expect((await list(`?search=${encodeURIComponent(phrase)}`)).sessions, phrase).toHaveLength(
        3,
      );
    for (const phrase of ['2 Jun 2026', 'Jun 2025', 'Nov', '1 Jul'])
      expect((await list(`?search=${encodeURIComponent(phrase)}`)).sessions, phrase).toEqual([]);
    // `%` and `_` are literal: as wildcards these would match "1 of 1" and "Participation:".
    expect((await list('?search=1%25 1')).sessions).toEqual([]);
    expect((await list('?search=participation_')).sessions).toEqual([]);
    expect((await list('?search=(100.0%25)')).sessions.map((s: { id: string }) => s.id)).toEqual([
      published,
    ]);
    expect((await getJson(ctx.app, '/api/swarm/sessions?state=bogus')).status).toBe(400);
    expect((await getJson(ctx.app, '/api/swarm/sessions?cursor=bogus')).status).toBe(400);
    expect((await getJson(ctx.app, '/api/swarm/sessions?limit=abc')).status).toBe(400);
    expect((await list('?limit=0')).sessions).toHaveLength(1);
  });

  test('cached session bodies match their documented schemas (JSON.stringify bypasses them)', async () => {
    const conforms = (schema: TSchema, body: unknown) =>
      expect([...Value.Errors(schema, body)].map((e) => `${e.instancePath} ${e.message}`)).toEqual(
        [],
      );
    for (const id of [published, firstOfDay]) {
      const detail = (await getJson(ctx.app, `/api/swarm/sessions/${id}`)).body;
      conforms(SessionDetail, detail);
      conforms(SwarmBrief, (await getJson(ctx.app, `/api/swarm/brief?session=${id}`)).body);
    }
    const aggregated = (await getJson(ctx.app, `/api/swarm/sessions/${published}`)).body;
    expect(aggregated.disagreement).toMatchObject({ stanceSpread: 0, poles: null });
    expect(aggregated.quorum).toEqual({
      rosterSize: 1,
      submitted: 1,
      absent: [],
      participation: 1,
      required: 1,
      met: true,
    });
    conforms(
      SwarmBrief,
      (await getJson(ctx.app, `/api/swarm/brief?session=${published}&include=researchSignals`))
        .body,
    );
    conforms(SessionListResponse, (await getJson(ctx.app, '/api/swarm/sessions')).body);
    conforms(SessionListResponse, (await getJson(ctx.app, '/api/swarm/sessions?full=1')).body);
    conforms(
      SessionOfDay,
      (await getJson(ctx.app, '/api/swarm/sessions/2026-06-01/convene-treasury')).body,
    );
    // Member takes go through the response schema: every field the service returns survives it.
    const takes = (await getJson(ctx.app, `/api/swarm/members/${alice.handle}/takes`)).body;
    expect(Object.keys(takes.takes[0]).sort()).toEqual(
      [
        'id',
        'recommendationId',
        'sessionId',
        'date',
        'subjectId',
        'sessionState',
        'revision',
        'stance',
        'confidence',
        'body',
        'memoUrl',
        'weights',
        'nonce',
        'canonical',
        'signature',
        'publicKey',
        'receivedAt',
        'verified',
        'logIndex',
        'leafHash',
        'superseded',
        'supersededBy',
      ].sort(),
    );
    expect(takes.nextCursor).toBeNull();
    expect(takes.takes[1]).toMatchObject({
      sessionId: published,
      date: '2026-06-01',
      subjectId: 'convene-treasury',
      sessionState: 'published',
      recommendationId: expect.any(Number),
      confidence: expect.any(Number),
      revision: 1,
      verified: true,
      superseded: false,
      supersededBy: null,
      receivedAt: expect.stringMatching(/Z$/),
    });
  });

  test('session by id, by day, open-session, judgements and subjects: 404s and shapes', async () => {
    const detail = (await getJson(ctx.app, `/api/swarm/sessions/${published}`)).body;
    expect(detail.takes[0]).toMatchObject({
      memberId: alice.memberId,
      counted: true,
      signature: expect.any(String),
    });
    expect(detail.brief.sessionId).toBe(published);
    expect(detail.quorum).toMatchObject({ rosterSize: 1, submitted: 1, met: true });
    expect(detail.recommendation.stances.constructive).toBe(1);
    expect((await getJson(ctx.app, '/api/swarm/sessions/not-a-uuid')).status).toBe(404);
    expect((await getJson(ctx.app, `/api/swarm/sessions/${crypto.randomUUID()}`)).status).toBe(404);
    const missing = await getJson(ctx.app, '/api/swarm/sessions/2026-01-01/convene-treasury');
    expect(missing.body).toEqual({
      ok: false,
      status: 404,
      error: 'no session for date/subject',
      code: 'no_session',
    });
    expect(
      (await getJson(ctx.app, `/api/swarm/sessions/${crypto.randomUUID()}/judgements`)).status,
    ).toBe(404);
    expect((await getJson(ctx.app, `/api/swarm/sessions/${firstOfDay}/judgements`)).body).toEqual({
      judgements: [],
    });
    expect((await getJson(ctx.app, `/api/swarm/judgements/${crypto.randomUUID()}`)).status).toBe(
      404,
    );
    const subject = (await getJson(ctx.app, '/api/swarm/subjects/convene-treasury')).body;
    expect(subject).toMatchObject({
      id: 'convene-treasury',
      recommendationType: 'bucket_weights',
      quorumRequired: 1,
    });
    expect(subject.schedule.nextFireAt).toBe('2026-06-02T00:00:00.000Z');
    expect((await getJson(ctx.app, '/api/swarm/subjects/nope')).status).toBe(404);
    expect((await getJson(ctx.app, '/api/swarm/subjects/nope/snapshots')).status).toBe(404);
    const snapshots = (
      await getJson(ctx.app, '/api/swarm/subjects/convene-treasury/snapshots?limit=1')
    ).body;
    expect(snapshots.snapshots).toHaveLength(1);
    expect(snapshots.snapshots[0]).toMatchObject({
      subjectId: 'convene-treasury',
      sessionId: firstOfDay,
    });

    const open = (await getJson(ctx.app, '/api/swarm/open-session')).body;
    expect(open.state).toBe('collecting');
    const response = await getJson(ctx.app, '/api/swarm/open-session');
    expect(response.response.body.length).toBeLessThan(500);
    for (const session of (await getJson(ctx.app, '/api/swarm/sessions?state=collecting')).body
      .sessions) {
      await adminPost(ctx.app, `/api/swarm/admin/sessions/${session.id}/close`);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/swarm/open-session' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');
  });

  test('session snapshot: the one taken at convene, null when none was taken, 404 for no session', async () => {
    const listed = (await getJson(ctx.app, '/api/swarm/subjects/convene-treasury/snapshots')).body
      .snapshots as Array<{ sessionId: string }>;
    for (const sessionId of [published, firstOfDay]) {
      const response = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/snapshot`);
      expect(response.status).toBe(200);
      expect(response.body.snapshot).toEqual(listed.find((s) => s.sessionId === sessionId));
    }
    // A session filed before snapshots existed (or by hand) has none: null, not a 404.
    const bare = crypto.randomUUID();
    await db()
      .insertInto('swarm_session')
      .values({
        id: bare,
        subject_id: 'convene-treasury',
        date: '2026-05-01',
        state: 'collecting',
        convened_at: new Date('2026-05-01T00:00:00Z'),
      })
      .execute();
    expect((await getJson(ctx.app, `/api/swarm/sessions/${bare}/snapshot`)).body).toEqual({
      snapshot: null,
    });
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await getJson(ctx.app, `/api/swarm/sessions/${id}/snapshot`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        ok: false,
        status: 404,
        error: 'session not found',
        code: 'session_not_found',
      });
    }
  });

  test('cached bodies answer 304 to their ETag and refresh after a write', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/swarm/sessions' });
    const etag = first.headers.etag as string;
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/swarm/sessions',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await adminPost(ctx.app, '/api/swarm/admin/sessions', {
      subjectId: 'convene-treasury',
      additional: true,
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/swarm/sessions',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
  });
});

const stateOf = (i: number): SessionState => (i % 5 === 0 ? 'collecting' : 'published');

describeEachDatabase('sessions list paging over 500+ sessions', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const db = ctx.testDb.database.db;
    await scheduledSubject(db, { id: 'alpha', schedule: null, enabled: false });
    await scheduledSubject(db, { id: 'beta', schedule: null, enabled: false });
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 530 sessions; every third shares its convened_at with the previous one (the seq tie-break).
    const rows = Array.from({ length: 530 }, (_, i) => ({
      id: crypto.randomUUID(),
      subject_id: i % 2 === 0 ? 'alpha' : 'beta',
      date: new Date(base + i * 3_600_000).toISOString().slice(0, 10),
      // Hourly: after a subject's first session of a day, the others are additional ones.
      additional: i % 24 >= 2,
      state: stateOf(i),
      convened_at: new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 3_600_000),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('swarm_session')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const walk = async (query: string) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/swarm/sessions?${query}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page: {
        body: {
          sessions: Array<{ id: string }>;
          nextCursor: string | null;
          nextSessionAt: unknown;
        };
      } = await getJson(ctx.app, url);
      expect(page.body).toHaveProperty('nextSessionAt', null);
      ids.push(...page.body.sessions.map((s) => s.id));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor !== null);
    return { ids, pages };
  };

  test('every session exactly once, newest first, whatever the page size and filter', async () => {
    const db = ctx.testDb.database.db;
    const expected = (
      await db
        .selectFrom('swarm_session')
        .select('id')
        .orderBy('convened_at', 'desc')
        .orderBy('seq', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(expected).toHaveLength(530);
    const paged = await walk('limit=7');
    expect(paged.ids).toEqual(expected);
    expect(paged.pages).toBe(76);
    expect((await walk('')).ids).toEqual(expected);
    expect((await walk('limit=100')).pages).toBe(6);
    const filtered = await walk('limit=9&subject=beta&state=published');
    const expectedFiltered = (
      await db
        .selectFrom('swarm_session')
        .select('id')
        .where('subject_id', '=', 'beta')
        .where('state', '=', 'published')
        .orderBy('convened_at', 'desc')
        .orderBy('seq', 'desc')
        .execute()
    ).map((r) => r.id);
    expect(filtered.ids).toEqual(expectedFiltered);
  });
});
