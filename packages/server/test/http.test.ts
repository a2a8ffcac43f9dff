import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';

describe('HTTP plumbing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      env: { BODY_LIMIT_BYTES: '2048' },
      extend: (app) => app.post('/__test/echo', async (request) => ({ received: request.body })),
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('every error response the OpenAPI document declares carries the code (the serialiser would drop an undeclared field)', async () => {
    const document = (await ctx.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    let declared = 0;
    const lacking: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      // /health's 503 is its status body (status: loading), not a refusal.
      if (path === '/health') continue;
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
            'application/json'
          ]?.schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
          if (schema === undefined) continue;
          declared++;
          if (schema.properties?.code === undefined || !(schema.required ?? []).includes('code'))
            lacking.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(lacking).toEqual([]);
    expect(declared).toBeGreaterThan(50);
  });

  test('unknown routes are a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: 'no route for GET /api/nothing-here',
      code: 'no_route',
    });
  });

  test('a body over the limit is a JSON 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'request body too large', code: 'body_too_large' });
  });

  test('malformed JSON is a 400 in the parsing-error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'malformed JSON body', code: 'malformed_json_body' });
  });

  test('an unsupported content type is a JSON 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'unsupported content-type',
      code: 'unsupported_content_type',
    });
  });

  test('an empty JSON body is a 400 in the parsing-error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'empty JSON body', code: 'empty_json_body' });
  });

  test('a query its schema refuses, on a non-swarm route, is the catalogue invalidRequest', async () => {
    const response = await ctx.app.inject({ url: '/api/dashboards/activity?limit=many' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(
      '{"error":"invalid request: querystring/limit must be integer","code":"invalid_request"}',
    );
  });

  test('a path whose percent-escapes do not decode is the catalogue malformedUrl, not Fastify’s own shape', async () => {
    for (const url of ['/api/swarm/takes/%zz', '/api/treasury/%E0%A4%A', '/nowhere/%']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: 'malformed URL: a percent-escape in the path is not valid UTF-8',
        code: 'malformed_url',
      });
    }
  });

  test('a path parameter over 100 characters is the catalogue pathParameterTooLong (414), not Fastify’s own shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/swarm/admin/members/${'x'.repeat(101)}/role`,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: 'a path parameter is longer than 100 characters',
      code: 'path_parameter_too_long',
    });
  });

  test('a refused submit body is counted under its catalogue code', async () => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/swarm/submit',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok_x' },
      payload: '{"memberId":',
    });
    expect(submit.statusCode).toBe(400);
    expect(submit.json()).toEqual({ error: 'malformed JSON body', code: 'malformed_json_body' });
    const metrics = (await ctx.app.inject({ url: '/metrics' })).body;
    expect(metrics).toContain(
      'convene_submit_outcomes_total{status="400",code="malformed_json_body"} 1',
    );
  });

  test('/openapi.json is OpenAPI 3.1 with version "1" and documents /health', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1');
    expect(document.paths['/health'].get.responses['200']).toBeDefined();
  });

  test('/docs renders the API documentation', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});
