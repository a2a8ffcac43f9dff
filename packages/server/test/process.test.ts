import { mkdtemp, rm } from 'node:fs/promises';
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
    const again = await startServerProcess({ DATA_DIR: dataDir, SCHEDULER_ENABLED: 'false' });
    expect((await fetch(`${again.baseUrl}/health`)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    // A fresh PGlite data directory runs initdb and every migration; slow machines need the time.
  }, 120_000);
});
