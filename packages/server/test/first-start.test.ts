/**
 * What a newcomer's first requests meet: the site for any page address whatever the Accept header,
 * JSON 404s for the service's own paths, an honest "loading" while a first demo start builds its
 * data (never half-built data presented as current), and origin-derived bodies no shared cache can
 * hand to another host.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { Readiness } from '../src/readiness.js';
import { TEST_ADMIN_TOKEN, testConfig } from './support/app.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/databases.js';
import { newMember } from './support/swarm.js';

const SITE_HTML = '<!doctype html><title>site</title><div id="app"></div>';

describeEachDatabase('first start', (kind) => {
  let testDb: TestDatabase;
  let siteRoot: string;
  let app: FastifyInstance;
  const readiness = new Readiness(true);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    siteRoot = await mkdtemp(path.join(os.tmpdir(), 'convene-site-'));
    await writeFile(path.join(siteRoot, 'index.html'), SITE_HTML);
    await writeFile(path.join(siteRoot, 'favicon.svg'), '<svg/>');
    app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      clock: new ManualClock('2026-06-01T12:00:00Z'),
      logger: false,
      health: { dbPingTtlMs: 0, guardProbeTtlMs: 0 },
      readiness,
      siteRoot,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    await rm(siteRoot, { recursive: true, force: true });
  });

  test('while the demo data loads: /health says loading (503), the API answers 503, the site says so', async () => {
    const health = await app.inject({ url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toMatchObject({
      status: 'loading',
      env: 'demo',
      db: `${kind === 'pglite' ? 'pglite' : 'postgres'}: ok`,
      append_only_guard: 'enforced',
      handle_namespace: 'enforced',
    });
    for (const url of [
      '/api/swarm/open-session',
      '/api/swarm/sessions',
      '/api/dashboards/regime-snapshots',
      // The router decodes these to API routes: the gate must decide on the same path.
      '/%61pi/swarm/members',
      '/ap%69/dashboards/allocation',
      '/%61%70%69/swarm/sessions?state=published',
      '/api/swarm/%6Dembers',
    ]) {
      const read = await app.inject({ url });
      expect(read.statusCode, url).toBe(503);
      expect(read.headers['retry-after'], url).toBe('5');
      expect(read.headers['cache-control'], url).toBe('no-store');
      expect(read.json(), url).toEqual({
        error: 'demo data is loading; try again in a few seconds',
        code: 'loading',
      });
    }
    const write = await app.inject({ method: 'POST', url: '/api/swarm/apply', payload: {} });
    expect(write.statusCode).toBe(503);

    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('loading its demo data');
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">');
    // The API description and the operator's status stay available.
    expect((await app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
    const status = await app.inject({
      url: '/api/admin/status',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ loading: true });
  });

  test('once ready: /health ok, reads answer, the site is served', async () => {
    readiness.markReady();
    await readiness.ready();
    const health = await app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    expect((await app.inject({ url: '/api/swarm/open-session' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/' })).body).toBe(SITE_HTML);
  });

  test('the site answers any address whatever the Accept header (404 where it is no page); service paths keep JSON 404s', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
      for (const [url, status] of [
        ['/', 200],
        ['/regime?range=365', 200],
        ['/swarm/sessions/x', 200],
        // Not a page of the site: its not-found page, with the status saying so.
        ['/healthz', 404],
        ['/apis', 404],
      ] as const) {
        const response = await app.inject({
          url,
          ...(accept === undefined ? {} : { headers: { accept } }),
        });
        expect(response.statusCode, `${url} ${accept}`).toBe(status);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body).toBe(SITE_HTML);
      }
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    for (const url of [
      '/api',
      '/api/nothing-here',
      '/health/more',
      '/metrics/x',
      '/openapi.json/x',
      '/skills/nothing',
      '/missing.js',
      '/assets/missing.css',
    ]) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: `no route for GET ${url}`, code: 'no_route' });
    }
    // A page's former address: a permanent redirect to its one address, keeping the query.
    for (const [url, location] of [
      ['/swarm/log', '/log'],
      ['/swarm/log/', '/log'],
      ['/swarm/log?take=abc', '/log?take=abc'],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    expect((await app.inject({ url: '/favicon.svg' })).body).toBe('<svg/>');
    expect((await app.inject({ method: 'POST', url: '/regime' })).statusCode).toBe(404);
  });
});

describeEachDatabase('origin-derived responses', (kind) => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig(env),
      database: testDb.database,
      clock: new ManualClock('2026-06-01T12:00:00Z'),
      logger: false,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.destroy();
  });

  test('without PUBLIC_BASE_URL the skill names the requested host and varies on Host, privately', async () => {
    const app = await appWith({});
    const skill = await app.inject({
      url: '/skills/swarm-onboarding/SKILL.md',
      headers: { host: 'one.example' },
    });
    expect(skill.body).toContain('http://one.example/api/');
    expect(skill.headers.vary).toMatch(/(^|,\s*)Host(,|$)/);
    expect(skill.headers['cache-control']).toBe('private, max-age=300');
  });

  test('with PUBLIC_BASE_URL every host gets the configured origin, publicly cacheable', async () => {
    const app = await appWith({ PUBLIC_BASE_URL: 'https://convene.example/' });
    const skill = await app.inject({
      url: '/skills/swarm-onboarding/SKILL.md',
      headers: { host: 'internal:8080' },
    });
    expect(skill.body).toContain('https://convene.example/api/');
    expect(skill.body).not.toContain('internal:8080');
    expect(skill.headers.vary ?? '').not.toMatch(/host/i);
    expect(skill.headers['cache-control']).toBe('public, max-age=300');
  });

  test('a memo url follows the same rule', async () => {
    for (const [env, expected, varies] of [
      [{}, 'http://two.example/api/swarm/memos/', true],
      [
        { PUBLIC_BASE_URL: 'https://convene.example' },
        'https://convene.example/api/swarm/memos/',
        false,
      ],
    ] as const) {
      const app = await appWith(env);
      const { token } = await newMember(app, `Memo ${String(varies)}`);
      const posted = await app.inject({
        method: 'POST',
        url: '/api/swarm/memos',
        headers: { authorization: `Bearer ${token}`, host: 'two.example' },
        payload: { title: 'A memo', body: 'Longer reasoning.' },
      });
      expect(posted.statusCode).toBe(201);
      const url = posted.json<{ url: string }>().url;
      expect(url.startsWith(expected)).toBe(true);
      const read = await app.inject({
        url: new URL(url).pathname,
        headers: { host: 'two.example' },
      });
      expect(read.json<{ url: string }>().url).toBe(url);
      expect(/host/i.test(read.headers.vary?.toString() ?? '')).toBe(varies);
      if (varies) expect(read.headers['cache-control']).toMatch(/^private/);
    }
  });
});
