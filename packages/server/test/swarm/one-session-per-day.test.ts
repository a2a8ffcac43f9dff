import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { createEmptyDatabase, describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { adminPost, getJson, runLifecycle, scheduledSubject } from './session-support.js';

/*
 * One session per date and subject (docs/swarm.md "One session per date and subject"): a signed
 * take names a date and a subject, not a session, so a second session for the pair would take the
 * takes meant for the first. docs/operations.md §6b opens the day's session by hand; the scheduler
 * must count it as the day's fire, and publishing a session no take counts in must say so first.
 */
describeEachDatabase('one session per date and subject', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;

  beforeEach(async () => {
    ctx = await createTestApp(kind);
    ctx.clock.set('2026-06-01T14:00:00Z');
    alice = await newMember(ctx.app, 'Alice');
  });
  afterEach(async () => {
    await ctx.close();
  });

  const db = () => ctx.testDb.database.db;
  const sessionsOf = async (subjectId = 'convene-treasury') =>
    (
      await db()
        .selectFrom('swarm_session')
        .select(['id', 'date', 'fire_at', 'additional'])
        .where('subject_id', '=', subjectId)
        .orderBy('convened_at')
        .orderBy('seq')
        .execute()
    ).map((row) => ({ ...row, fire_at: row.fire_at?.toISOString() ?? null }));
  const openByHand = async (body: Record<string, unknown> = {}) =>
    adminPost(ctx.app, '/api/swarm/admin/sessions', { subjectId: 'convene-treasury', ...body });

  test("ops §6b: a session opened by hand is the day's session; the scheduler opens no second one and the take lands in it", async () => {
    await scheduledSubject(db(), { schedule: '0 0 * * *', quorum: 1 });
    const opened = await openByHand({ windowClosesAt: '2026-06-02T12:00:00Z' });
    expect(opened.statusCode).toBe(201);
    const { sessionId } = opened.json<{ sessionId: string }>();

    // The scheduler's passes in the next minutes (every 30 s): today's 00:00 fire is older than
    // the session opened by hand, so it is not owed.
    for (let pass = 0; pass < 3; pass++) {
      ctx.clock.advance(30_000);
      expect(await runLifecycle(ctx)).toBe('skipped');
    }
    expect(await sessionsOf()).toHaveLength(1);
    expect((await getJson(ctx.app, '/api/swarm/open-session')).body.id).toBe(sessionId);

    expect((await submit(ctx.app, alice.token, await signed(alice))).statusCode).toBe(201);
    const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);
    expect(published.statusCode).toBe(200);
    const receipt = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`);
    expect(receipt.body.payload.quorum).toMatchObject({ submitted: 1 });
    expect(receipt.body.verified).toBe(true);

    // Tomorrow's fire opens tomorrow's session, as always.
    ctx.clock.set('2026-06-02T00:00:05Z');
    expect(await runLifecycle(ctx)).toBe('success');
    expect((await sessionsOf()).map((s) => [s.date, s.fire_at, s.additional])).toEqual([
      ['2026-06-01', null, false],
      ['2026-06-02', '2026-06-02T00:00:00.000Z', false],
    ]);
  });

  test("a session opened by hand before the day's fire is counted as that fire: its fireAt is set, nothing opens", async () => {
    ctx.clock.set('2026-06-01T05:00:00Z');
    await scheduledSubject(db(), { schedule: '0 6 * * *' });
    const { sessionId } = (await openByHand()).json<{ sessionId: string }>();
    // Yesterday's 06:00 fire is older than the session opened by hand: not owed either.
    ctx.clock.advance(30_000);
    expect(await runLifecycle(ctx)).toBe('skipped');
    ctx.clock.set('2026-06-01T06:00:10Z');
    await runLifecycle(ctx);
    ctx.clock.advance(30_000);
    await runLifecycle(ctx);
    expect(await sessionsOf()).toEqual([
      { id: sessionId, date: '2026-06-01', fire_at: '2026-06-01T06:00:00.000Z', additional: false },
    ]);
    const view = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`);
    expect(view.body.fireAt).toBe('2026-06-01T06:00:00.000Z');
  });

  test('the admin open route refuses a second session for the pair (409 naming it) unless additional: true; the database refuses one written behind it', async () => {
    await scheduledSubject(db(), { schedule: null, enabled: false });
    const first = (await openByHand()).json<{ sessionId: string }>().sessionId;
    ctx.clock.advance(60_000);
    const again = await openByHand({ windowClosesAt: '2026-06-02T00:00:00Z' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      ok: false,
      status: 409,
      error: `convene-treasury already has a session on 2026-06-01 (${first}): a take names a date and a subject, not a session, so each pair has one session; send additional: true to open another anyway`,
      code: 'session_of_day_exists',
      sessionId: first,
    });
    // Another date, or another subject, is another pair.
    expect((await openByHand({ date: '2026-06-02' })).statusCode).toBe(201);
    expect((await openByHand({ additional: 'yes' })).json().error).toBe(
      'additional must be true or false',
    );

    const another = await openByHand({ additional: true });
    expect(another.statusCode).toBe(201);
    expect((await sessionsOf()).map((s) => [s.date, s.additional])).toEqual([
      ['2026-06-01', false],
      ['2026-06-02', false],
      ['2026-06-01', true],
    ]);
    // Takes go to the newest session of the pair (spec §4 brief rule 4), the additional one.
    const take = await submit(ctx.app, alice.token, await signed(alice));
    expect(take.statusCode).toBe(201);

    const behind = db()
      .insertInto('swarm_session')
      .values({
        id: crypto.randomUUID(),
        subject_id: 'convene-treasury',
        date: '2026-06-01',
        state: 'collecting',
        convened_at: ctx.clock.now(),
      })
      .execute();
    await expect(behind).rejects.toMatchObject({ code: '23505' });
  });

  test('a schedule that fires more than once a day opens an additional session at each later fire', async () => {
    ctx.clock.set('2026-06-01T00:00:05Z');
    await scheduledSubject(db(), { schedule: '0 0,12 * * *' });
    await runLifecycle(ctx);
    ctx.clock.set('2026-06-01T12:00:05Z');
    await runLifecycle(ctx);
    expect((await sessionsOf()).map((s) => [s.date, s.fire_at, s.additional])).toEqual([
      ['2026-06-01', '2026-06-01T00:00:00.000Z', false],
      ['2026-06-01', '2026-06-01T12:00:00.000Z', true],
    ]);
  });

  test('publishing a session in which no take counts is refused (nothing changes) unless ?force=true', async () => {
    await scheduledSubject(db(), { schedule: null, enabled: false, quorum: 1 });
    const { sessionId } = (await openByHand()).json<{ sessionId: string }>();
    const publish = (query = '') =>
      adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish${query}`);

    const refused = await publish();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      ok: false,
      status: 409,
      error: `no take counts in session ${sessionId}: its consensus receipt would record submitted: 0 for good; publish with ?force=true to sign it anyway`,
      code: 'empty_session',
    });
    expect((await publish('?force=maybe')).json().error).toBe(
      'invalid request: querystring/force must be boolean',
    );
    // Refused before any step: still collecting, so a member can still file.
    expect((await getJson(ctx.app, `/api/swarm/sessions/${sessionId}`)).body.state).toBe(
      'collecting',
    );
    // Aggregated with nothing counted (by hand), publishing is still refused.
    await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/aggregate`);
    expect((await publish('?force=false')).statusCode).toBe(409);

    const forced = await publish('?force=true');
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ state: 'published' });
    const receipt = await getJson(ctx.app, `/api/swarm/sessions/${sessionId}/consensus-receipt`);
    expect(receipt.body.payload.quorum).toMatchObject({ submitted: 0 });
    // Published: publishing again answers the session as it stands, force or not.
    expect((await publish()).statusCode).toBe(200);
  });

  test('a session with a counted take publishes without force', async () => {
    await scheduledSubject(db(), { schedule: null, enabled: false, quorum: 1 });
    const { sessionId } = (await openByHand()).json<{ sessionId: string }>();
    expect((await submit(ctx.app, alice.token, await signed(alice))).statusCode).toBe(201);
    const published = await adminPost(ctx.app, `/api/swarm/admin/sessions/${sessionId}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ state: 'published' });
  });
});

describeEachDatabase('the scheduler and a session nobody filed in', (kind) => {
  test('publishes it when its window closes (the record keeps it) and says so in the log', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp(kind, {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      ctx.clock.set('2026-06-01T00:00:05Z');
      await scheduledSubject(ctx.testDb.database.db, { schedule: '0 0 * * *' });
      await runLifecycle(ctx);
      const { id } = (await getJson(ctx.app, '/api/swarm/open-session')).body;
      ctx.clock.set('2026-06-02T00:00:05Z');
      await runLifecycle(ctx);
      expect((await getJson(ctx.app, `/api/swarm/sessions/${id}`)).body.state).toBe('published');
      const said = lines
        .map((line) => JSON.parse(line) as { msg: string; sessionId?: string })
        .filter((line) => line.sessionId === id);
      expect(said.map((line) => line.msg)).toEqual([
        'swarm lifecycle: published a session in which no take counts (its receipt records submitted: 0)',
      ]);
    } finally {
      await ctx.close();
    }
  });
});

describeEachDatabase(
  'migration 0023 on a database that already has two sessions for a pair',
  (kind) => {
    test("the earliest convened stays the day's session, later ones become additional, and the migration applies", async () => {
      const empty = await createEmptyDatabase(kind);
      const { database } = empty;
      const drop = () => empty.destroy();
      try {
        await migrateToLatest(database, MIGRATIONS.slice(0, BEFORE));
        const db = database.db;
        await sql`insert into subject (id, name, recommendation_type)
        values ('convene-treasury', 'Convene treasury', 'bucket_weights')`.execute(db);
        const ids = ['a', 'b', 'c', 'd'].map(
          (letter) => `${letter}0000000-0000-4000-8000-000000000001`,
        );
        // A session opened by hand at 14:00, the scheduler's for the same day 25 s later, another
        // day's session, and a third for the first day (issue 46).
        await sql`insert into swarm_session (id, subject_id, date, state, convened_at, fire_at) values
        (${ids[0]}, 'convene-treasury', '2026-06-01', 'collecting', '2026-06-01T14:00:00Z', null),
        (${ids[1]}, 'convene-treasury', '2026-06-01', 'collecting', '2026-06-01T14:00:25Z', '2026-06-01T00:00:00Z'),
        (${ids[2]}, 'convene-treasury', '2026-06-02', 'collecting', '2026-06-02T00:00:01Z', '2026-06-02T00:00:00Z'),
        (${ids[3]}, 'convene-treasury', '2026-06-01', 'published', '2026-06-01T18:00:00Z', null)`.execute(
          db,
        );

        await migrateToLatest(database);

        const { rows } = await sql<{ id: string; additional: boolean }>`
        select id, additional from swarm_session order by id`.execute(db);
        expect(rows.map((row) => [row.id, row.additional])).toEqual([
          [ids[0], false],
          [ids[1], true],
          [ids[2], false],
          [ids[3], true],
        ]);
      } finally {
        await drop();
      }
    }, 120_000); // a fresh database migrated from nothing: initdb and every migration
  },
);

const BEFORE = MIGRATIONS.findIndex((m) => m.name === '0023-one-session-per-day');
