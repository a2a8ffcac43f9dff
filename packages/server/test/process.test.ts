import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, signApplication } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runServerToExit, startServerProcess } from '@convene/test-support';

async function signedApplication(name: string): Promise<string> {
  const keys = await generateKeyPair();
  const application = { name, contact: 'sam@example.org', publicKey: keys.publicKey };
  const signature = await signApplication(application, keys.secretKey);
  return JSON.stringify({ ...application, signature });
}

/**
 * A POST sent with `Expect: 100-continue`: Node's HTTP server answers "100 Continue" when it hands
 * the request to the app, so `continued` resolves once the server holds the request; the body is
 * sent only when `sendBody` is called.
 */
function postWithContinue(url: string, body: string) {
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve) => request.once('continue', resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.once('response', (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.once('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
      incoming.once('error', reject);
    });
  });
  request.flushHeaders();
  return { continued, response, sendBody: () => request.end(body) };
}

describe('server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'convene-process-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a bad setting stops the start with one line naming the variable', async () => {
    const { code, output } = await runServerToExit({ PORT: 'abc', DATA_DIR: dataDir });
    expect(code).toBe(78);
    expect(output.trim().split('\n')).toEqual([
      'convene: invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")',
    ]);
  });

  test('starts on PGlite under DATA_DIR, serves /health, and shuts down gracefully on SIGTERM', async () => {
    // Staging, not demo: demo seeding keeps PGlite busy for minutes on a loaded machine, and the
    // shutdown is what this test is about. A fresh data directory still runs initdb and every migration.
    const env = {
      DATA_DIR: dataDir,
      APP_ENV: 'staging',
      ADMIN_TOKEN: 'process-test-admin-token-0123456789',
      RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64'),
      LOG_SIGNING_KEY: randomBytes(32).toString('base64'),
      SCHEDULER_ENABLED: 'false',
    };
    const server = await startServerProcess(env, 150_000);
    const health = await fetch(`${server.baseUrl}/health`);
    expect(await health.json()).toMatchObject({
      env: 'staging',
      db: 'pglite: ok',
      append_only_guard: 'enforced',
    });
    // An empty deployment says what to do next: create a subject, open its first session.
    await server.untilOutput('no subject yet: create one (npx convene admin subject');

    // An application whose body is still on its way when SIGTERM arrives: the server has taken the
    // request (it answered "100 Continue") but cannot answer before the body ends, so the request is
    // truly in flight through the shutdown. It must be answered in full and its write kept.
    const application = await signedApplication('Shutdown Sam');
    const inFlight = postWithContinue(`${server.baseUrl}/api/swarm/apply`, application);
    await inFlight.continued;
    server.child.kill('SIGTERM');
    await server.untilOutput('shutting down');
    inFlight.sendBody();
    const answer = await inFlight.response;
    expect(answer.status).toBe(201);
    const { memberId } = JSON.parse(answer.body) as { memberId: string };
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');

    // The data directory was closed cleanly: a second start opens it and finds the migrations applied.
    const again = await startServerProcess(env, 100_000);
    expect((await fetch(`${again.baseUrl}/health`)).status).toBe(200);
    // …and the application answered during the shutdown was committed.
    const status = await fetch(`${again.baseUrl}/api/swarm/apply/${memberId}`);
    expect(status.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 300_000);

  test('in demo: the banner says where everything is, DATA_DIR is owner-only, logs are pretty on request and never show a token', async () => {
    const demoDir = await mkdtemp(path.join(os.tmpdir(), 'convene-process-demo-'));
    try {
      const server = await startServerProcess(
        { DATA_DIR: demoDir, SCHEDULER_ENABLED: 'false' },
        150_000,
      );
      // The start banner says where everything is (JSON, as stdout is not a terminal).
      const entries = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; banner?: Record<string, string> });
      const banner = entries.find((entry) => entry.banner !== undefined);
      const port = new URL(server.baseUrl).port;
      expect(banner?.banner).toMatchObject({
        site: `http://localhost:${port}/`,
        apiDocs: `http://localhost:${port}/docs`,
        adminToken: path.join(demoDir, 'admin-token'),
        dataDir: demoDir,
        database: `PGlite in ${path.join(demoDir, 'pglite')}`,
      });
      expect(banner?.msg).toContain(`admin token in ${path.join(demoDir, 'admin-token')}`);
      // DATA_DIR and every file in it, PGlite's included, are readable by their owner only.
      const files = await readdir(demoDir, { recursive: true });
      expect(files.length).toBeGreaterThan(100);
      for (const entry of ['', ...files]) {
        const mode = (await stat(path.join(demoDir, entry))).mode;
        expect(mode & 0o077, `${entry} mode ${(mode & 0o777).toString(8)}`).toBe(0);
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // LOG_FORMAT=pretty gives the one-line readable logs a terminal gets.
      const again = await startServerProcess(
        { DATA_DIR: demoDir, SCHEDULER_ENABLED: 'false', LOG_FORMAT: 'pretty' },
        150_000,
      );
      // The first start was stopped while seeding, so this one resumes it: /health may say loading.
      const resumed = await fetch(`${again.baseUrl}/health?token=tok_secret_value`);
      expect([200, 503]).toContain(resumed.status);
      await again.untilOutput('GET /health');
      const lines = again.output().trim().split('\n');
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(again.output()).toMatch(
        /INFO.*: GET \/health\?token=\[redacted\] (200|503) [\d.]+ms\n/,
      );
      expect(again.output()).not.toContain('tok_secret_value');
      expect(again.output()).toMatch(
        /INFO.*: convene \(demo\) is up: site http:\/\/localhost:\d+\//,
      );
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
    } finally {
      await rm(demoDir, { recursive: true, force: true });
    }
  }, 400_000);
});
