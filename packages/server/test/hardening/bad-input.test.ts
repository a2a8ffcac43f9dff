/**
 * Inputs that once answered 500 (issue #28): numbers Ajv coerces to ±Infinity, page cursors holding
 * instants JavaScript parses and the database cannot, and an admin body that is not JSON. Each is a
 * 400 from the error catalogue, on both databases.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newSession, newSubject } from '../support/swarm.js';

const cursorOf = (at: string, n: number | string = 1) =>
  Buffer.from(JSON.stringify([at, n])).toString('base64url');

describeEachDatabase('bad input answers 400, never 500', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  test.each([
    ['/api/log/checkpoints/Infinity', 'params/size'],
    ['/api/log/checkpoints/-Infinity', 'params/size'],
    ['/api/log/checkpoints/1e309', 'params/size'],
    ['/api/log/proof/inclusion?index=Infinity', 'querystring/index'],
    ['/api/log/proof/inclusion?index=-1e309', 'querystring/index'],
    ['/api/log/proof/inclusion?index=0&treeSize=Infinity', 'querystring/treeSize'],
    ['/api/log/proof/consistency?from=0&to=1e309', 'querystring/to'],
    ['/api/log/entries?start=0&end=Infinity', 'querystring/end'],
  ])('%s', async (url, where) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `invalid request: ${where} must be a finite number`,
      code: 'not_finite_number',
    });
  });

  test.each([
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    'Thu, 01 Jan 1970 00:00:00 GMT+9999',
    '2026-02-30T00:00:00.000Z',
    '2026-06-01T12:00:00Z',
    '2026-06-01',
  ])('a sessions cursor holding %j', async (instant) => {
    for (const url of [
      `/api/swarm/sessions?cursor=${cursorOf(instant)}`,
      `/api/swarm/sessions?state=published&cursor=${cursorOf(instant)}`,
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'invalid cursor', code: 'invalid_cursor' });
    }
  });

  test('a cursor the service wrote still pages', async () => {
    const response = await ctx.app.inject({
      url: `/api/swarm/sessions?cursor=${cursorOf('2026-06-01T12:00:00.000Z')}`,
    });
    expect(response.statusCode).toBe(200);
  });

  test('the admin window route with a body that is not a JSON object', async () => {
    const db = ctx.testDb.database.db;
    const subjectId = await newSubject(db, 'bad-input-window');
    const sessionId = await newSession(db, {
      subjectId,
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
    });
    for (const [contentType, payload] of [
      ['text/plain', 'hello'],
      ['text/plain', '{"windowClosesAt":null}'],
      ['application/json', '"windowClosesAt"'],
      ['application/json', '[]'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/swarm/admin/sessions/${sessionId}/window`,
        headers: { 'x-admin-token': TEST_ADMIN_TOKEN, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${payload}`).toBe(400);
      expect(response.json()).toEqual({
        ok: false,
        status: 400,
        error: 'windowClosesAt must be an ISO 8601 date-time or null',
        code: 'invalid_window',
      });
    }
  });
});
