import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runServerToExit, startServerProcess } from './support/process.js';

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
    const server = await startServerProcess({ DATA_DIR: dataDir, SCHEDULER_ENABLED: 'false' });
    const health = await fetch(`${server.baseUrl}/health`);
    expect(await health.json()).toMatchObject({
      env: 'demo',
      db: 'pglite: ok',
      append_only_guard: 'enforced',
    });

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
      adminToken: path.join(dataDir, 'admin-token'),
      dataDir,
      database: `PGlite in ${path.join(dataDir, 'pglite')}`,
    });
    expect(banner?.msg).toContain(`admin token in ${path.join(dataDir, 'admin-token')}`);
    // DATA_DIR and every file in it, PGlite's included, are readable by their owner only.
    const files = await readdir(dataDir, { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    for (const entry of ['', ...files]) {
      const mode = (await stat(path.join(dataDir, entry))).mode;
      expect(mode & 0o077, `${entry} mode ${(mode & 0o777).toString(8)}`).toBe(0);
    }

    const inFlight = fetch(`${server.baseUrl}/openapi.json`).then(async (response) => {
      const body = (await response.json()) as { info: { version: string } };
      return body.info.version;
    });
    // Signal once the server has the request: it must still be answered in full.
    while (!server.output().includes('"url":"/openapi.json"')) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    server.child.kill('SIGTERM');
    expect(await inFlight).toBe('1');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');

    // The data directory was closed cleanly: a second start opens it and finds the migrations applied.
    // LOG_FORMAT=pretty gives the one-line readable logs a terminal gets.
    const again = await startServerProcess({
      DATA_DIR: dataDir,
      SCHEDULER_ENABLED: 'false',
      LOG_FORMAT: 'pretty',
    });
    // The first start was stopped while seeding, so this one resumes it: /health may say loading.
    const resumed = await fetch(`${again.baseUrl}/health?token=tok_secret_value`);
    expect([200, 503]).toContain(resumed.status);
    while (!again.output().includes('GET /health')) await new Promise((r) => setTimeout(r, 20));
    const lines = again.output().trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(again.output()).toMatch(/INFO.*: GET \/health\?token=\[redacted\] (200|503) [\d.]+ms\n/);
    expect(again.output()).not.toContain('tok_secret_value');
    expect(again.output()).toMatch(/INFO.*: convene \(demo\) is up: site http:\/\/localhost:\d+\//);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    // A fresh PGlite data directory runs initdb and every migration; slow machines need the time.
  }, 120_000);
});
