import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { secureDataDir } from '../src/data-dir.js';
import { prettyLogs, prettyMessage, redactUrl } from '../src/http/logging.js';

describe('logged URLs', () => {
  test('credential-like query values and member-token-shaped values are redacted, the rest kept', () => {
    expect(redactUrl('/api/swarm/verify-token?token=tok_abc_123')).toBe(
      '/api/swarm/verify-token?token=[redacted]',
    );
    expect(
      redactUrl('/x?access_token=s3cret&limit=20&X-Admin-Token=abc&api%5Fkey=k&passphrase=p'),
    ).toBe(
      '/x?access_token=[redacted]&limit=20&X-Admin-Token=[redacted]&api%5Fkey=[redacted]&passphrase=[redacted]',
    );
    expect(redactUrl('/x?t=tok_0b0f_5c1e&state=collecting')).toBe(
      '/x?t=[redacted]&state=collecting',
    );
    expect(redactUrl('/api/swarm/sessions?state=published&cursor=abc')).toBe(
      '/api/swarm/sessions?state=published&cursor=abc',
    );
    expect(redactUrl('/health')).toBe('/health');
    expect(redactUrl('/x?flag&signature=%ZZ')).toBe('/x?flag&signature=[redacted]');
  });
});

describe('log format', () => {
  test('readable one-liners on a terminal or with LOG_FORMAT=pretty, JSON otherwise', () => {
    expect(prettyLogs('auto', { isTTY: true })).toBe(true);
    expect(prettyLogs('auto', { isTTY: false })).toBe(false);
    expect(prettyLogs('auto', {})).toBe(false);
    expect(prettyLogs('json', { isTTY: true })).toBe(false);
    expect(prettyLogs('pretty', { isTTY: false })).toBe(true);
  });

  test('a request line reads "METHOD url status time", errors keep their request id', () => {
    expect(
      prettyMessage({
        msg: 'request completed',
        level: 30,
        reqId: 'r-1',
        req: { method: 'GET', url: '/health' },
        res: { statusCode: 200 },
        responseTime: 1.234,
      }),
    ).toBe('GET /health 200 1.2ms');
    expect(
      prettyMessage({
        msg: 'request errored',
        level: 50,
        reqId: 'r-2',
        req: { method: 'POST', url: '/api/x' },
        res: { statusCode: 500 },
        responseTime: 3,
      }),
    ).toBe('POST /api/x 500 3.0ms request errored [req r-2]');
    expect(prettyMessage({ msg: 'demo data ready', level: 30 })).toBe('demo data ready');
  });
});

describe('DATA_DIR', () => {
  test('is created 0700, and an existing one loses group and other access on every entry', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'convene-datadir-'));
    try {
      const fresh = path.join(parent, 'fresh', 'data');
      expect(await secureDataDir(fresh)).toBe(0);
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);

      const old = path.join(parent, 'old');
      await mkdir(path.join(old, 'pglite', 'base'), { recursive: true });
      await writeFile(path.join(old, 'admin-token'), 'x');
      await writeFile(path.join(old, 'pglite', 'base', '1'), 'x');
      await chmod(old, 0o755);
      await chmod(path.join(old, 'pglite'), 0o755);
      await chmod(path.join(old, 'pglite', 'base'), 0o775);
      await chmod(path.join(old, 'admin-token'), 0o644);
      await chmod(path.join(old, 'pglite', 'base', '1'), 0o664);
      expect(await secureDataDir(old)).toBe(5);
      for (const [entry, mode] of [
        ['', 0o700],
        ['pglite', 0o700],
        ['pglite/base', 0o700],
        ['admin-token', 0o600],
        ['pglite/base/1', 0o600],
      ] as const)
        expect((await stat(path.join(old, entry))).mode & 0o777, entry).toBe(mode);
      expect(await secureDataDir(old)).toBe(0);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
