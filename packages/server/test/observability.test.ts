import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { newMember, newSession, newSubject, signed, submit } from './support/swarm.js';

describe('security headers, CORS and metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('responses carry a CSP without inline scripts and the usual hardening headers', async () => {
    const response = await ctx.app.inject({ url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  test('public GETs are open to any origin; cross-origin writes are not preflight-approved', async () => {
    const get = await ctx.app.inject({
      url: '/health',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/swarm/submit',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(String(preflight.headers['access-control-allow-methods'] ?? '')).not.toContain('POST');
  });

  test('/metrics reports request latency per route, submit outcomes and process memory', async () => {
    await newSubject(ctx.testDb.database.db);
    const member = await newMember(ctx.app, 'Metric Member');
    await newSession(ctx.testDb.database.db, {
      subjectId: 'convene-treasury',
      date: '2026-06-01',
      convenedAt: ctx.clock.now(),
      roster: [member.memberId],
    });
    expect((await submit(ctx.app, member.token, await signed(member))).statusCode).toBe(201);
    expect((await submit(ctx.app, undefined, await signed(member))).statusCode).toBe(401);
    await ctx.app.inject({ url: '/health' });
    const metrics = await ctx.app.inject({ url: '/metrics' });
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /convene_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+/,
    );
    expect(metrics.body).toMatch(/convene_submit_outcomes_total\{status="201",code=""\} 1/);
    expect(metrics.body).toMatch(
      /convene_submit_outcomes_total\{status="401",code="missing_bearer"\} 1/,
    );
    expect(metrics.body).toContain('convene_process_resident_memory_bytes');
  });
});
