/**
 * From the outside: a Python standard-library reader (test/outside-in/events_reader.py, no SDK, no
 * SSE library) reads GET /api/swarm/events as docs/agents.md describes it, sees a take submitted
 * while it listens, and resumes with Last-Event-ID to get exactly the take filed while it was away.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  newMember,
  newSession,
  newSubject,
  signed,
  submit,
  type TestMember,
} from '../support/swarm.js';

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const READER = fileURLToPath(new URL('./events_reader.py', import.meta.url));

interface Printed {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Runs the reader; resolves `connected` once its response started and `events` when it exits. */
function read(url: string, count: number, lastEventId?: string) {
  const child = spawn(PYTHON, [READER, url, String(count), ...(lastEventId ? [lastEventId] : [])]);
  let out = '';
  let err = '';
  let onConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('connected 200\n')) onConnected();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const events = new Promise<Printed[]>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(
            out
              .split('\n')
              .filter((line) => line.startsWith('{'))
              .map((line) => JSON.parse(line) as Printed),
          )
        : reject(new Error(`reader exited ${code}: ${err}`)),
    ),
  );
  return { connected, events };
}

describeEachDatabase('a Python stdlib reader of the event stream', (kind) => {
  let ctx: TestContext;
  let url: string;
  let member: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { listen: true });
    url = `${await ctx.app.listen({ host: '127.0.0.1', port: 0 })}/api/swarm/events?types=take-accepted`;
    const db = ctx.testDb.database.db;
    await newSubject(db);
    member = await newMember(ctx.app, 'Paul Python');
    await newSession(db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: new Date('2026-06-01T00:00:00Z'),
      roster: [member.memberId],
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  test('reads a take live, then resumes with Last-Event-ID', async () => {
    const first = read(url, 1);
    await first.connected;
    expect(
      (await submit(ctx.app, member.token, await signed(member, { stance: 'bullish' }))).statusCode,
    ).toBe(201);
    const [live] = await first.events;
    expect(live).toMatchObject({ event: 'take-accepted', data: { stance: 'bullish' } });

    expect(
      (await submit(ctx.app, member.token, await signed(member, { stance: 'bearish' }))).statusCode,
    ).toBe(201);
    const [missed] = await read(url, 1, live!.id).events;
    expect(missed).toMatchObject({
      event: 'take-accepted',
      data: { stance: 'bearish', revision: 2 },
    });
  });
});
