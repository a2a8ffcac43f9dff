import { isErrorCode } from '@convene/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_ADMIN_TOKEN, createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { newMember, signed, submit, type TestMember } from '../support/swarm.js';
import { newJudge } from './session-support.js';

/*
 * One 404 body on every swarm route (issue 31): `{ ok: false, status: 404, error }`, reads and
 * writes alike. The table must name every swarm operation the OpenAPI document says can 404.
 */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Probe {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  url: string;
  admin?: boolean;
  member?: boolean;
  judge?: boolean;
  payload?:
    Record<string, unknown> | (() => Promise<Record<string, unknown>> | Record<string, unknown>);
}

describeEachDatabase('one 404 body on every swarm route', (kind) => {
  let ctx: TestContext;
  let alice: TestMember;
  let arbiter: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    alice = await newMember(ctx.app, 'Alice');
    arbiter = await newJudge(ctx.app, 'Arbiter');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const probes: Probe[] = [
    { method: 'GET', path: '/api/swarm/members/{id}', url: `/api/swarm/members/${UNKNOWN}` },
    {
      method: 'GET',
      path: '/api/swarm/members/{id}/takes',
      url: '/api/swarm/members/nobody/takes',
    },
    {
      method: 'GET',
      path: '/api/swarm/members/{id}/judgements',
      url: '/api/swarm/members/nobody/judgements',
    },
    { method: 'GET', path: '/api/swarm/sessions/{id}', url: `/api/swarm/sessions/${UNKNOWN}` },
    {
      method: 'GET',
      path: '/api/swarm/sessions/{id}/{subject}', // the date/subject route, as OpenAPI names it
      url: '/api/swarm/sessions/2026-06-01/no-such-subject',
    },
    {
      method: 'GET',
      path: '/api/swarm/sessions/{id}/judgements',
      url: `/api/swarm/sessions/${UNKNOWN}/judgements`,
    },
    {
      method: 'GET',
      path: '/api/swarm/sessions/{id}/snapshot',
      url: `/api/swarm/sessions/${UNKNOWN}/snapshot`,
    },
    {
      method: 'GET',
      path: '/api/swarm/sessions/{id}/outcome',
      url: `/api/swarm/sessions/${UNKNOWN}/outcome`,
    },
    {
      method: 'GET',
      path: '/api/swarm/members/{id}/track-record',
      url: '/api/swarm/members/nobody/track-record',
    },
    {
      method: 'GET',
      path: '/api/swarm/track-record/series/{label}',
      url: '/api/swarm/track-record/series/no-such-label?from=2026-01-01&to=2026-01-02',
    },
    {
      method: 'GET',
      path: '/api/swarm/sessions/{id}/consensus-receipt',
      url: `/api/swarm/sessions/${UNKNOWN}/consensus-receipt`,
    },
    { method: 'GET', path: '/api/swarm/judgements/{id}', url: `/api/swarm/judgements/${UNKNOWN}` },
    { method: 'GET', path: '/api/swarm/brief', url: `/api/swarm/brief?session=${UNKNOWN}` },
    { method: 'GET', path: '/api/swarm/takes/{id}', url: `/api/swarm/takes/${UNKNOWN}` },
    { method: 'GET', path: '/api/swarm/subjects/{id}', url: '/api/swarm/subjects/no-such' },
    {
      method: 'GET',
      path: '/api/swarm/subjects/{id}/snapshots',
      url: '/api/swarm/subjects/no-such/snapshots',
    },
    { method: 'GET', path: '/api/swarm/memos/{id}', url: `/api/swarm/memos/${UNKNOWN}` },
    { method: 'GET', path: '/api/swarm/apply/{id}', url: `/api/swarm/apply/${UNKNOWN}` },
    {
      method: 'POST',
      path: '/api/swarm/submit',
      url: '/api/swarm/submit',
      member: true,
      payload: () => signed(alice, { subjectId: 'no-such', date: '2026-06-01' }),
    },
    {
      method: 'POST',
      path: '/api/swarm/memos',
      url: '/api/swarm/memos',
      member: true,
      payload: { title: 't', body: 'b', sessionId: UNKNOWN },
    },
    {
      method: 'POST',
      path: '/api/swarm/judgements',
      url: '/api/swarm/judgements',
      judge: true,
      payload: () => ({
        sessionId: UNKNOWN,
        memberId: arbiter.memberId,
        releaseSafety: 'safe',
        rationale: 'r',
        disagreements: [],
        signature: 'AAAA',
      }),
    },
    {
      method: 'POST',
      path: '/api/swarm/admin/activate',
      url: '/api/swarm/admin/activate',
      admin: true,
      payload: { memberId: UNKNOWN },
    },
    ...(['deactivate', 'reactivate', 'revoke-token'] as const).map((action): Probe => ({
      method: 'POST',
      path: `/api/swarm/admin/members/{id}/${action}`,
      url: `/api/swarm/admin/members/${UNKNOWN}/${action}`,
      admin: true,
    })),
    {
      method: 'POST',
      path: '/api/swarm/admin/members/{id}/rotate-key',
      url: `/api/swarm/admin/members/${UNKNOWN}/rotate-key`,
      admin: true,
      payload: { publicKey: Buffer.alloc(32, 7).toString('base64') },
    },
    {
      method: 'POST',
      path: '/api/swarm/admin/members/{id}/role',
      url: `/api/swarm/admin/members/${UNKNOWN}/role`,
      admin: true,
      payload: { role: 'judge' },
    },
    {
      method: 'POST',
      path: '/api/swarm/admin/sessions',
      url: '/api/swarm/admin/sessions',
      admin: true,
      payload: { subjectId: 'no-such' },
    },
    {
      method: 'POST',
      path: '/api/swarm/admin/sessions/{id}/window',
      url: `/api/swarm/admin/sessions/${UNKNOWN}/window`,
      admin: true,
      payload: { windowClosesAt: null },
    },
    {
      method: 'POST',
      path: '/api/swarm/admin/sessions/{id}/roster',
      url: `/api/swarm/admin/sessions/${UNKNOWN}/roster`,
      admin: true,
      payload: { memberId: UNKNOWN, action: 'add' },
    },
    ...(['close', 'aggregate', 'judge', 'publish'] as const).map((step): Probe => ({
      method: 'POST',
      path: `/api/swarm/admin/sessions/{id}/${step}`,
      url: `/api/swarm/admin/sessions/${UNKNOWN}/${step}`,
      admin: true,
    })),
    {
      method: 'PUT',
      path: '/api/swarm/admin/subjects/{id}',
      url: '/api/swarm/admin/subjects/linked-nobody',
      admin: true,
      payload: { name: 'Linked', recommendationType: 'bucket_weights', linkedMemberId: UNKNOWN },
    },
  ];

  test('every swarm operation documented with a 404 is probed here', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/swarm'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.responses['404'] !== undefined)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(probes.map((p) => `${p.method} ${p.path}`).sort()).toEqual(documented.sort());
  });

  test('each answers 404 { ok: false, status: 404, error }', async () => {
    for (const probe of probes) {
      const headers: Record<string, string> = {};
      if (probe.admin === true) headers['x-admin-token'] = TEST_ADMIN_TOKEN;
      if (probe.member === true) headers.authorization = `Bearer ${alice.token}`;
      if (probe.judge === true) headers.authorization = `Bearer ${arbiter.token}`;
      const payload = typeof probe.payload === 'function' ? await probe.payload() : probe.payload;
      const response =
        probe.path === '/api/swarm/submit'
          ? await submit(ctx.app, alice.token, payload)
          : await ctx.app.inject({
              method: probe.method,
              url: probe.url,
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
      const label = `${probe.method} ${probe.url}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(404);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort(), label).toEqual(['code', 'error', 'ok', 'status']);
      expect(body, label).toMatchObject({ ok: false, status: 404 });
      expect(typeof body.error, label).toBe('string');
      expect(isErrorCode(body.code), `${label}: ${String(body.code)}`).toBe(true);
    }
  });
});
