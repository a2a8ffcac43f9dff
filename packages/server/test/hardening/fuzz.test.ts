/**
 * Hostile input over the whole public surface, read from /openapi.json: every GET route with fuzzed
 * path and query parameters, every write route with fuzzed bodies, content types and credentials.
 * Reads answer 200 or a 4xx with a string `error`; writes answer a 4xx with a string `error`; nothing
 * answers 5xx, nothing is stored and no prototype is polluted. FUZZ_RUNS sets the generated inputs
 * per database (default 3,000, split between reads and writes; the full run uses 100,000).
 */
import net from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  newMember,
  newSession,
  newSubject,
  signed,
  submit,
  type TestMember,
} from '../support/swarm.js';
import { hostileString, percentEncode, queryPart } from './hostile-strings.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const FUZZ_TIMEOUT_MS = 60_000 + RUNS * 10;

interface Operation {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  pathParams: string[];
  queryParams: string[];
}

async function operationsOf(ctx: TestContext): Promise<Operation[]> {
  const doc = (await ctx.app.inject({ url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

/** Row counts of every table, to prove a batch of requests stored nothing. */
async function rowCounts(ctx: TestContext): Promise<Record<string, number>> {
  const db = ctx.testDb.database.db;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(table_name)}`.execute(db);
    counts[table_name] = Number(rows[0]?.n);
  }
  return counts;
}

function expectErrorShape(status: number, body: string, context: string): void {
  expect(status, context).toBeGreaterThanOrEqual(400);
  expect(status, context).toBeLessThan(500);
  const parsed = JSON.parse(body) as { error?: unknown };
  expect(typeof parsed.error, context).toBe('string');
}

describeEachDatabase('fuzzed requests over every route', (kind) => {
  let ctx: TestContext;
  let member: TestMember;
  let operations: Operation[];
  let knownIds: string[];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    member = await newMember(ctx.app, 'Fuzz Reader');
    await newSubject(ctx.testDb.database.db);
    const sessionId = await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
      roster: [member.memberId],
    });
    const filed = await submit(ctx.app, member.token, await signed(member));
    expect(filed.statusCode).toBe(201);
    knownIds = [
      member.memberId,
      member.handle,
      sessionId,
      String(filed.json<{ recommendationId: number }>().recommendationId),
      'convene-treasury',
      'late-cycle-signals',
      '2026-06-01',
    ];
    operations = await operationsOf(ctx);
    // Created on first use by design, not by the fuzzed input: make them exist before counting rows.
    await ctx.app.inject({ url: '/api/swarm/receipt-key' });
    // The take filed above is integrated into the log's tree in the background: do it now, so no
    // node row appears while the fuzzed reads are counted.
    await ctx.app.convene.tlog.checkpoint();
  });
  afterAll(async () => {
    await ctx.close();
  });

  test(
    'GET routes: fuzzed path and query parameters give 200 or a 4xx error, store nothing',
    async () => {
      const reads = operations.filter((operation) => operation.method === 'GET');
      expect(reads.length).toBeGreaterThan(40);
      const before = await rowCounts(ctx);
      const value = fc.oneof(hostileString(), fc.constantFrom(...knownIds));
      const request = fc.record({
        operation: fc.constantFrom(...reads),
        pathValues: fc.array(value, { minLength: 2, maxLength: 2 }),
        query: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('limit', 'range', 'cursor', 'state', 'page', 'full', 'include'),
              fc.constantFrom('__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b][c]'),
              hostileString(),
            ),
            value,
          ),
          { maxLength: 4 },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ operation, pathValues, query }) => {
          let path = operation.path;
          operation.pathParams.forEach((name, i) => {
            path = path.replace(`{${name}}`, percentEncode(pathValues[i] ?? ''));
          });
          const named = operation.queryParams.map((name, i) => [name, pathValues[i % 2] ?? '']);
          const url = `${path}?${[...named, ...query].map(([k, v]) => queryPart(k!, v!)).join('&')}`;
          const response = await ctx.app.inject({ method: 'GET', url });
          const context = `GET ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode === 200) return;
          expectErrorShape(response.statusCode, response.body, context);
        }),
        { numRuns: Math.ceil(RUNS / 2), seed: SEED },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await rowCounts(ctx)).toEqual(before);
    },
    FUZZ_TIMEOUT_MS,
  );

  test('a NUL byte, an infinite limit or an impossible date reaching a query is a 400, not a 500', async () => {
    for (const url of [
      '/api/swarm/members/%00',
      '/api/swarm/members/a%00b/takes',
      '/api/swarm/subjects/%00',
      '/api/swarm/sessions?search=%00',
      '/api/dashboards/activity?limit=Infinity',
      '/api/dashboards/activity?limit=1e309',
      '/api/swarm/sessions/2026-02-30/convene-treasury',
    ]) {
      const response = await ctx.app.inject({ url });
      expectErrorShape(response.statusCode, response.body, url);
    }
    const body = { ...(await signed(member)), nonce: 'nul\u0000nonce' };
    const response = await submit(ctx.app, member.token, body);
    expectErrorShape(response.statusCode, response.body, 'submit with a NUL in the nonce');
  });

  test(
    'write routes: fuzzed bodies, content types and credentials give a 4xx error, store nothing',
    async () => {
      const writes = operations.filter((operation) => operation.method !== 'GET');
      expect(writes.length).toBeGreaterThan(20);
      // A real token on submit, with a body signed by another key: no mutation of it can be accepted.
      const stranger = await newMember(ctx.app, 'Fuzz Stranger');
      const valid = { ...(await signed(member)), signature: (await signed(stranger)).signature };
      // A challenge for a real member is stored by design (one per member, replaced on each request).
      for (const memberId of [member.memberId, stranger.memberId])
        await ctx.app.inject({
          method: 'POST',
          url: '/api/swarm/token-claim/challenge',
          payload: { memberId },
        });
      // The stranger's key events (applied, activated) are log entries integrated in the
      // background: integrate them now, so no node row appears while the fuzzed writes are counted.
      await ctx.app.convene.tlog.checkpoint();
      const before = await rowCounts(ctx);
      const fieldValue = fc.oneof(
        hostileString(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.anything(), { maxLength: 3 }),
        fc.object({ maxDepth: 2 }),
      );
      const mutated = fc
        .record({
          key: fc.constantFrom(
            ...Object.keys(valid),
            'subjectId',
            'memberId',
            'windowClosesAt',
            'publicKey',
            'challenge',
            '__proto__',
            'constructor',
          ),
          value: fieldValue,
        })
        // JSON.stringify drops a "__proto__" own key set by spread; write it into the text instead.
        .map(({ key, value }) => {
          const text = JSON.stringify({ ...valid, placeholder: value });
          return text.replace('"placeholder"', JSON.stringify(key));
        });
      const body = fc.oneof(
        mutated,
        fc.json(),
        hostileString(),
        fc.constantFrom(
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          '{"a":',
          '[]',
          'null',
          '',
          '{"memberId":"\\ud800","nonce":"\\u0000"}',
        ),
      );
      const headers = fc.record({
        'content-type': fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'multipart/form-data; boundary=x',
        ),
        authorization: fc.oneof(
          fc.constant(`Bearer ${member.token}`),
          fc.constant(`Bearer ${member.token}x`),
          hostileString().map((s) => `Bearer ${s}`),
          fc.constant('Basic Zm9vOmJhcg=='),
        ),
        'x-admin-token': fc.oneof(hostileString(), fc.constant('x'.repeat(4000))),
      });
      const request = fc.record({
        operation: fc.constantFrom(...writes),
        pathValue: fc.oneof(hostileString(), fc.constantFrom(...knownIds)),
        body,
        headers,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ operation, pathValue, body, headers }) => {
          let path = operation.path;
          for (const name of operation.pathParams)
            path = path.replace(`{${name}}`, percentEncode(pathValue));
          const safeHeaders = Object.fromEntries(
            Object.entries(headers).map(([k, v]) => [k, Buffer.from(v).toString('latin1')]),
          );
          const response = await ctx.app.inject({
            method: operation.method,
            url: path,
            headers: safeHeaders,
            payload: body,
          });
          const context = `${operation.method} ${path} ${body.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          // Two writes answer 200 without storing anything: the signing helper and the challenge,
          // which answers every memberId alike so it never reveals membership.
          if (
            response.statusCode === 200 &&
            ['/api/swarm/signing-payload', '/api/swarm/token-claim/challenge'].includes(path)
          )
            return;
          expectErrorShape(response.statusCode, response.body, context);
        }),
        { numRuns: Math.ceil(RUNS / 2), seed: SEED + 1 },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await rowCounts(ctx)).toEqual(before);
    },
    FUZZ_TIMEOUT_MS,
  );

  test('a body one byte over the limit gets 413 on every write route', async () => {
    const writes = operations.filter((operation) => operation.method !== 'GET');
    const oversized = JSON.stringify({ body: 'x'.repeat(ctx.config.bodyLimitBytes) });
    for (const operation of writes) {
      const url = operation.path.replace(/\{[^}]+\}/g, knownIds[2]!);
      const response = await ctx.app.inject({
        method: operation.method,
        url,
        // With the admin token too: admin routes answer 401 before reading a body without it.
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
          'x-admin-token': TEST_ADMIN_TOKEN,
        },
        payload: oversized,
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json<{ error: string }>().error).toBe('request body too large');
    }
  });

  test('over-long headers and URLs are refused with 431 before reaching a route', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const cases = [
      { path: '/health', headers: { 'x-filler': 'a'.repeat(20_000) } },
      { path: '/api/swarm/submit', headers: { authorization: `Bearer ${'t'.repeat(20_000)}` } },
      { path: `/api/swarm/members/${'m'.repeat(20_000)}`, headers: {} },
      { path: `/api/swarm/sessions?search=${'%F0%9F%A7%A8'.repeat(2_000)}`, headers: {} },
    ];
    for (const { path, headers } of cases) {
      const { status, body } = await rawGet(`${address}${path}`, headers);
      expect(status, path.slice(0, 60)).toBe(431);
      expect(typeof (JSON.parse(body) as { error?: unknown }).error).toBe('string');
    }
  });
});

/**
 * A raw socket: the server answers 431 and closes while an HTTP client would still be writing, which
 * node:http and fetch report as a hang-up; reading what arrived before the close shows the answer.
 */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = [`GET ${pathname}${search} HTTP/1.1`, `host: ${hostname}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}
