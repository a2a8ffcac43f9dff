/**
 * Events across replicas: two apps on one PostgreSQL (each LISTENing, as deployed), a stream on
 * replica B sees a take submitted through replica A well before the safety-net poll could find it,
 * and B's cursor resumes on A.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { Database } from '../../src/db/database.js';
import { createTestApp, testConfig, type TestContext } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { dataOf, openSse } from '../support/sse.js';
import { newMember, newSession, newSubject, signed, submit } from '../support/swarm.js';

const postgres = (await databaseKinds()).includes('postgres');
/** The poll is a minute: only a notification can wake replica B in time. */
const EVENTS_ENV = { EVENTS_POLL_MS: '60000' };

const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
};

// CI sets REQUIRE_POSTGRES=1, so this never skips there.
describe.skipIf(!postgres)('events across two replicas on one PostgreSQL [postgres]', () => {
  let a: TestContext;
  let bDatabase: Database;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp('postgres', { env: EVENTS_ENV, listen: true });
    const url = a.testDb.url!;
    bDatabase = openPostgres({ connectionString: url });
    b = await buildApp({
      config: testConfig({ ...EVENTS_ENV, DATABASE_URL: url }),
      database: bDatabase,
      clock: a.clock,
      logger: false,
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  test('a take submitted through replica A reaches a stream on replica B; its id resumes on A', async () => {
    const db = a.testDb.database.db;
    await newSubject(db);
    const member = await newMember(a.app, 'Rita Replica');
    await newSession(db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: new Date('2026-06-01T00:00:00Z'),
      roster: [member.memberId],
    });
    const onB = await openSse(`${baseOf(b)}/api/swarm/events?types=take-accepted`);
    expect(onB.status).toBe(200);
    const take = await signed(member, { stance: 'bullish' });
    expect((await submit(a.app, member.token, take)).statusCode).toBe(201);
    const seen = await onB.next((e) => dataOf(e).stance === 'bullish', 5000);
    expect(dataOf(seen)).toMatchObject({ memberId: member.memberId });

    const second = await signed(member, { stance: 'bearish' });
    expect((await submit(a.app, member.token, second)).statusCode).toBe(201);
    await onB.next((e) => dataOf(e).stance === 'bearish', 5000);
    onB.close();

    // B's id for the first take resumes on A with exactly the second one.
    const onA = await openSse(`${baseOf(a.app)}/api/swarm/events?types=take-accepted`, {
      'last-event-id': seen.id!,
    });
    const replayed = await onA.next(() => true);
    expect(dataOf(replayed).stance).toBe('bearish');
    expect(replayed.id).toBe(onB.events.at(-1)!.id);
    onA.close();
  });
});
