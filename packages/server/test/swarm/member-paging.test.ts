import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { insertOpenSessions } from '../support/swarm-http.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { fileJudgement, getJson, newJudge } from './session-support.js';

const SUBJECTS = ['paging-alpha', 'paging-beta'] as const;
const DAY = 86_400_000;
const dates = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10),
  );

interface Page<K extends string> {
  status: number;
  body: Record<K, Array<{ id: string }>> & { nextCursor: string | null };
}

/** Follows `nextCursor` from the first page to the last, checking each page's size on the way. */
async function walk<K extends string>(
  ctx: TestContext,
  path: string,
  key: K,
  limit: number,
  between: (pageNumber: number) => Promise<void> = async () => {},
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = `${path.includes('?') ? '&' : '?'}limit=${limit}`;
    const after = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page: Page<K> = await getJson(ctx.app, `${path}${query}${after}`);
    expect(page.status).toBe(200);
    const rows = page.body[key];
    expect(rows.length).toBeLessThanOrEqual(limit);
    if (page.body.nextCursor !== null) expect(rows).toHaveLength(limit);
    ids.push(...rows.map((row) => row.id));
    cursor = page.body.nextCursor;
    await between(++pages);
  } while (cursor !== null);
  return ids;
}

describeEachDatabase('a member reads every judgement and take through the cursor', (kind) => {
  let ctx: TestContext;
  let judge: TestMember;
  let analyst: TestMember;
  const db = () => ctx.testDb.database.db;

  /** Every public judgement of the judge, read straight from the table, in the documented order. */
  const publicJudgementIds = async () =>
    (
      await db()
        .selectFrom('judgement')
        .innerJoin('swarm_session', 'swarm_session.id', 'judgement.session_id')
        .select('judgement.id')
        .where('judgement.member_id', '=', judge.memberId)
        .where('judgement.mode', '=', 'enforce')
        .where('swarm_session.state', '=', 'published')
        .orderBy('judgement.created_at', 'desc')
        .orderBy('judgement.id', 'desc')
        .execute()
    ).map((row) => row.id);

  /** Marks every collecting session published, as the lifecycle's last step does. */
  const publishAll = async () => {
    await db()
      .updateTable('swarm_session')
      .set({ state: 'published', published_at: ctx.clock.now() })
      .where('state', '=', 'collecting')
      .execute();
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-03-01T09:00:00Z');
    judge = await newJudge(ctx.app, 'Paging Judge');
    analyst = await newMember(ctx.app, 'Paging Analyst');
    await insertOpenSessions(db(), SUBJECTS, dates(65));

    // Takes first (sessions still collecting): two subjects, some amended, several filed at one
    // instant so the recommendation id has to break the tie.
    for (const [index, date] of dates(18).entries()) {
      for (const subjectId of SUBJECTS) {
        const revisions = index % 4 === 0 ? 2 : 1;
        for (let revision = 0; revision < revisions; revision++) {
          const response = await submit(
            ctx.app,
            analyst.token,
            await signed(analyst, { date, subjectId, stance: 'neutral' }),
          );
          expect(response.statusCode, response.body).toBe(201);
        }
      }
      if (index % 3 === 0) ctx.clock.advance(60_000);
    }

    // 130 judgements, three to an instant; every seventh in shadow mode (never public).
    const sessions = await db()
      .selectFrom('swarm_session')
      .select('id')
      .orderBy('date')
      .orderBy('subject_id')
      .execute();
    for (const [index, session] of sessions.entries()) {
      if (index % 3 === 0) ctx.clock.advance(60_000);
      const filed = await fileJudgement(ctx.app, judge, session.id, {
        mode: index % 7 === 6 ? 'shadow' : 'enforce',
        rationale: `judgement ${index}`,
      });
      expect(filed.statusCode, filed.body).toBe(201);
    }
    ctx.clock.advance(60_000);
    await publishAll();
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
  });

  test('judgements: every page, at the default size and the largest, equals a full read', async () => {
    const expected = await publicJudgementIds();
    expect(expected.length).toBeGreaterThan(100);
    const path = `/api/swarm/members/${judge.handle}/judgements`;
    for (const limit of [20, 100, 7]) {
      expect(await walk(ctx, path, 'judgements', limit)).toEqual(expected);
    }
    // Without limit: the spec's default page of 20, newest first, and a cursor to the rest.
    const first = await getJson(ctx.app, path);
    expect(first.body.judgements.map((j: { id: string }) => j.id)).toEqual(expected.slice(0, 20));
    expect(first.body.nextCursor).toEqual(expect.any(String));
    // A limit above 100 is clamped to it.
    const clamped = await getJson(ctx.app, `${path}?limit=1000`);
    expect(clamped.body.judgements).toHaveLength(100);
  });

  test('judgements: a judgement published mid-walk is neither repeated nor skips another', async () => {
    const before = await publicJudgementIds();
    const walked = await walk(
      ctx,
      `/api/swarm/members/${judge.memberId}/judgements`,
      'judgements',
      20,
      async (pageNumber) => {
        if (pageNumber !== 2) return;
        // A newer session, judged and published between the second and third pages.
        await insertOpenSessions(db(), [SUBJECTS[0]], ['2026-12-31']);
        const [fresh] = await db()
          .selectFrom('swarm_session')
          .select('id')
          .where('date', '=', '2026-12-31')
          .execute();
        ctx.clock.advance(60_000);
        expect((await fileJudgement(ctx.app, judge, fresh!.id)).statusCode).toBe(201);
        ctx.clock.advance(60_000);
        await publishAll();
      },
    );
    expect(walked).toEqual(before);
    expect((await publicJudgementIds()).slice(1)).toEqual(before);
  });

  test('judgements: a malformed cursor is the 400 of the paged routes', async () => {
    const path = `/api/swarm/members/${judge.memberId}/judgements`;
    const takesCursor = Buffer.from(JSON.stringify(['2026-03-01T09:00:00.000Z', 12])).toString(
      'base64url',
    );
    const notAnInstant = Buffer.from(
      JSON.stringify(['yesterday', '6f1c4a52-3c1e-4a57-9d0e-2a3c4b5d6e7f']),
    ).toString('base64url');
    for (const cursor of ['bogus', takesCursor, notAnInstant]) {
      const response = await getJson(ctx.app, `${path}?cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body).toEqual({ error: 'invalid cursor', code: 'invalid_cursor' });
    }
    expect((await getJson(ctx.app, `${path}?limit=1.5`)).body).toEqual({
      error: 'limit must be an integer',
      code: 'invalid_limit',
    });
    expect((await getJson(ctx.app, '/api/swarm/members/nobody/judgements?limit=5')).status).toBe(
      404,
    );
  });

  test('takes: the subject filter, page by page, equals the full read on that subject', async () => {
    const path = `/api/swarm/members/${analyst.handle}/takes`;
    const all = (await getJson(ctx.app, path)).body as {
      subjects: string[];
      takes: Array<{ id: string; subjectId: string }>;
      nextCursor: string | null;
    };
    expect(all.subjects).toEqual([...SUBJECTS]);
    expect(all.nextCursor).toBeNull();
    expect(all.takes.length).toBeGreaterThan(40);
    for (const subject of SUBJECTS) {
      const expected = all.takes.filter((t) => t.subjectId === subject).map((t) => t.id);
      expect(expected.length).toBeLessThan(all.takes.length);
      for (const limit of [1, 6, 1000]) {
        expect(await walk(ctx, `${path}?subject=${subject}`, 'takes', limit)).toEqual(expected);
      }
      // Without limit: every take on the subject, no cap, and every subject still listed.
      const unpaged = (await getJson(ctx.app, `${path}?subject=${subject}`)).body;
      expect(unpaged.takes.map((t: { id: string }) => t.id)).toEqual(expected);
      expect(unpaged.subjects).toEqual([...SUBJECTS]);
      expect(unpaged.nextCursor).toBeNull();
    }
    // Unfiltered paging is unchanged: the same takes as the full read.
    expect(await walk(ctx, path, 'takes', 9)).toEqual(all.takes.map((t) => t.id));
  });

  test('takes: an unknown or malformed subject is an empty list, as on the sessions list', async () => {
    const path = `/api/swarm/members/${analyst.memberId}/takes`;
    for (const subject of ['no-such-subject', 'Not%20A%20Slug!', 'PAGING-ALPHA']) {
      for (const limit of ['', '&limit=5']) {
        const response = await getJson(ctx.app, `${path}?subject=${subject}${limit}`);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ takes: [], nextCursor: null });
        expect(response.body.subjects).toEqual([...SUBJECTS]);
        const sessions = await getJson(ctx.app, `/api/swarm/sessions?subject=${subject}`);
        expect(sessions.body.sessions).toEqual([]);
      }
    }
    // An empty subject is no filter, as on the sessions list.
    expect((await getJson(ctx.app, `${path}?subject=&limit=3`)).body.takes).toHaveLength(3);
    const bad = await getJson(ctx.app, `${path}?subject=${SUBJECTS[0]}&limit=3&cursor=bogus`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'invalid cursor', code: 'invalid_cursor' });
    expect((await getJson(ctx.app, `/api/swarm/members/nobody/takes?subject=x`)).status).toBe(404);
  });
});
