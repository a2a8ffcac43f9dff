import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { agentRecord, IDS, toNdjson } from './factories.js';

describeEachDatabase('POST /api/admin/analytics/import', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx?.close());

  const post = (options: { token?: string; type?: string; kind?: string; body?: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/analytics/import?kind=${options.kind ?? 'agents'}`,
      headers: {
        'content-type': options.type ?? 'application/x-ndjson',
        ...(options.token === undefined ? {} : { 'x-admin-token': options.token }),
      },
      payload: options.body ?? toNdjson([agentRecord()]),
    });

  test('needs the admin token: 401 without it or with a wrong one, nothing imported', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: 'missing admin token' });
    const wrong = await post({ token: 'wrong-token-wrong-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid admin token' });
    expect((await ctx.app.inject({ url: '/api/dashboards/agents' })).json().total).toBe(0);
  });

  test('imports NDJSON and answers counts, per-line errors and the data version', async () => {
    const body = [
      JSON.stringify(agentRecord()),
      'not json',
      JSON.stringify(agentRecord({ id: IDS.agentB, walletBalanceUsd: 'lots' })),
    ].join('\n');
    const response = await post({ token: TEST_ADMIN_TOKEN, body });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ kind: 'agents', received: 3, imported: 1, rejected: 2 });
    expect(report.errors[0]).toMatchObject({ line: 2, field: null });
    expect(report.errors[1]).toEqual({
      line: 3,
      field: 'walletBalanceUsd',
      message: 'must be number',
    });
    expect(report.dataVersion).toBeGreaterThan(0);
    const agents = (await ctx.app.inject({ url: '/api/dashboards/agents' })).json();
    expect(agents.agents.map((a: { id: string }) => a.id)).toEqual([IDS.agentA]);
    const again = (await post({ token: TEST_ADMIN_TOKEN })).json();
    expect(again).toMatchObject({ imported: 1, rejected: 0 });
    expect(again.dataVersion).toBe(report.dataVersion + 1);
    expect((await ctx.app.inject({ url: '/api/dashboards/agents' })).json().total).toBe(1);
  });

  test('check=true validates without writing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/analytics/import?kind=agents&check=true',
      headers: { 'content-type': 'application/x-ndjson', 'x-admin-token': TEST_ADMIN_TOKEN },
      payload: toNdjson([agentRecord({ id: IDS.agentC })]),
    });
    expect(response.json()).toMatchObject({ imported: 1, rejected: 0 });
    expect((await ctx.app.inject({ url: `/api/dashboards/agents/${IDS.agentC}` })).statusCode).toBe(
      404,
    );
  });

  test('bad requests: unknown kind 400, empty body 400, other content types 415', async () => {
    expect((await post({ token: TEST_ADMIN_TOKEN, kind: 'planets' })).statusCode).toBe(400);
    const empty = await post({ token: TEST_ADMIN_TOKEN, body: '\n\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/non-empty application\/x-ndjson/);
    const json = await post({
      token: TEST_ADMIN_TOKEN,
      type: 'application/json',
      body: JSON.stringify(agentRecord()),
    });
    expect(json.statusCode).toBe(415);
    const xml = await post({ token: TEST_ADMIN_TOKEN, type: 'application/xml', body: '<a/>' });
    expect(xml.statusCode).toBe(415);
  });

  test('the NDJSON parser is scoped to the analytics plugin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/signing-payload',
      headers: { 'content-type': 'application/x-ndjson' },
      payload: '{}\n',
    });
    expect(response.statusCode).toBe(415);
  });
});
