import { signJudgement, type ReleaseSafety } from '@convene/protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { DB } from '../../src/db/schema.js';
import { SWARM_LIFECYCLE_JOB } from '../../src/swarm/sessions/jobs.js';
import { TEST_ADMIN_TOKEN, type TestContext } from '../support/app.js';
import { newMember, newSession, type TestMember } from '../support/swarm.js';

export interface SubjectOptions {
  id?: string;
  schedule?: string | null;
  enabled?: boolean;
  quorum?: number;
  type?: 'bucket_weights' | 'position_actions';
  source?: string | null;
}

/** A subject with a cron schedule (enabled by default), written directly. */
export async function scheduledSubject(db: Kysely<DB>, options: SubjectOptions = {}) {
  const id = options.id ?? 'convene-treasury';
  await db
    .insertInto('subject')
    .values({
      id,
      name: `Subject ${id}`,
      recommendation_type: options.type ?? 'bucket_weights',
      source: options.source === undefined ? 'treasury' : options.source,
      schedule: options.schedule === undefined ? '0 0 * * *' : options.schedule,
      schedule_enabled: options.enabled ?? true,
      quorum_required: options.quorum ?? 2,
      thesis_blurb: 'The service treasury.',
    })
    .execute();
  return id;
}

let sessionSubjects = 0;

/**
 * A subject of its own (no schedule) with one session collecting for an hour from the test clock's
 * now, over `roster`: each test sets up what it changes, so tests pass in any order.
 */
export async function collectingSession(
  ctx: TestContext,
  options: { date: string; roster: readonly TestMember[]; subject?: Omit<SubjectOptions, 'id'> },
): Promise<{ subjectId: string; sessionId: string }> {
  const subjectId = await scheduledSubject(ctx.testDb.database.db, {
    schedule: null,
    quorum: 1,
    ...options.subject,
    id: `subject-${crypto.randomUUID().slice(0, 8)}-${++sessionSubjects}`,
  });
  ctx.clock.advance(1000);
  const sessionId = await newSession(ctx.testDb.database.db, {
    subjectId,
    date: options.date,
    convenedAt: ctx.clock.now(),
    windowClosesAt: new Date(ctx.clock.now().getTime() + 3_600_000),
    roster: options.roster.map((member) => member.memberId),
  });
  return { subjectId, sessionId };
}

export const adminPost = (app: FastifyInstance, url: string, payload?: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    ...(payload === undefined ? {} : { payload }),
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely shaped JSON
export const getJson = async <T = any>(app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>(), response };
};

/** One pass of the lifecycle job under its advisory lock, as the scheduler runs it. */
export const runLifecycle = (ctx: TestContext) =>
  ctx.app.convene.scheduler.runNow(SWARM_LIFECYCLE_JOB);

export async function newJudge(app: FastifyInstance, name: string): Promise<TestMember> {
  const judge = await newMember(app, name);
  const response = await adminPost(app, `/api/swarm/admin/members/${judge.memberId}/role`, {
    role: 'judge',
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return judge;
}

export async function fileJudgement(
  app: FastifyInstance,
  judge: TestMember,
  sessionId: string,
  options: { releaseSafety?: ReleaseSafety; mode?: 'enforce' | 'shadow'; rationale?: string } = {},
) {
  const judgement = {
    sessionId,
    memberId: judge.memberId,
    releaseSafety: options.releaseSafety ?? 'safe',
    rationale: options.rationale ?? 'Quorum met; poles are reasonable.',
    disagreements: ['aave weight'],
  };
  const signature = await signJudgement(judgement, judge.seed);
  return app.inject({
    method: 'POST',
    url: '/api/swarm/judgements',
    headers: { authorization: `Bearer ${judge.token}` },
    payload: {
      ...judgement,
      signature,
      ...(options.mode === undefined ? {} : { mode: options.mode }),
    },
  });
}

/**
 * Another app on the same database, as after a restart or on a second replica: PostgreSQL gets its
 * own pool (a separate process would), PGlite (one connection per process) shares the database.
 */
export async function secondApp(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database =
    ctx.testDb.url === undefined
      ? ctx.testDb.database
      : openPostgres({ connectionString: ctx.testDb.url });
  const app = await buildApp({ config: ctx.config, database, clock: ctx.clock, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== ctx.testDb.database) await database.close();
    },
  };
}

export async function countRows(
  db: Kysely<DB>,
  table: 'swarm_session' | 'consensus_receipt' | 'brief',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
