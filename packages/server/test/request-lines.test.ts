/**
 * The one line per request (src/http/request-log.ts), written by hand in pino's form: through the
 * real app and logger options, every line parses as JSON with pino's fields and the request's,
 * credentials stay redacted whatever the URL holds, errors keep pino's error serialisation, and the
 * level (global or per route) is honoured.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serializeRequest } from '../src/http/logging.js';
import { createTestApp, type TestContext } from './support/app.js';

function collectingLogger(level: string) {
  const lines: string[] = [];
  return {
    lines,
    options: {
      level,
      serializers: { req: serializeRequest },
      stream: { write: (line: string) => void lines.push(line) },
    },
  };
}

describe('request lines', () => {
  const log = collectingLogger('info');
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', {
      logger: log.options,
      extend: (app) => {
        app.get('/api/test/quiet', { logLevel: 'warn' }, async () => ({ quiet: true }));
        app.get('/api/test/logs-its-own', async (request) => {
          request.log.info({ step: 'inside' }, 'handler says');
          return { ok: true };
        });
        app.get('/api/test/fails', async () => {
          throw new Error('boom in a handler');
        });
      },
    });
  });
  afterAll(async () => ctx.close());

  const parsed = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const linesFor = (url: string) =>
    parsed().filter((line) => (line.req as { url?: string } | undefined)?.url === url);

  test("a completed request's line is pino's JSON, one per request, with the URL's credentials redacted", async () => {
    const url = '/health?token=tok_abc&note=%22quoted%22%20%E2%9C%93&x="y"';
    const response = await ctx.app.inject({ url, remoteAddress: '203.0.113.9' });
    const [line, ...more] = parsed().filter((entry) => entry.msg === 'request completed');
    expect(more).toEqual([]);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      req: {
        method: 'GET',
        url: '/health?token=[redacted]&note=%22quoted%22%20%E2%9C%93&x=%22y%22',
        remoteAddress: '203.0.113.9',
      },
      res: { statusCode: response.statusCode },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(Math.abs((line!.time as number) - Date.now())).toBeLessThan(60_000);
    expect(String(line!.responseTime)).toMatch(/^\d+(\.\d{1,3})?$/);
  });

  test("a route's own log lines carry the request id of its request line", async () => {
    await ctx.app.inject({ url: '/api/test/logs-its-own' });
    const own = parsed().find((entry) => entry.msg === 'handler says');
    const [completed] = linesFor('/api/test/logs-its-own');
    expect(own).toMatchObject({ level: 30, step: 'inside' });
    expect(own!.reqId).toBe(completed!.reqId);
  });

  test('a route logged at warn writes no request line; a failure logs its error under the same request id', async () => {
    await ctx.app.inject({ url: '/api/test/quiet' });
    expect(linesFor('/api/test/quiet')).toEqual([]);
    const failed = await ctx.app.inject({ url: '/api/test/fails' });
    expect(failed.statusCode).toBe(500);
    const [completed] = linesFor('/api/test/fails');
    expect(completed).toMatchObject({ msg: 'request completed', res: { statusCode: 500 } });
    const unhandled = parsed().find((entry) => entry.msg === 'unhandled error');
    expect(unhandled).toMatchObject({
      level: 50,
      reqId: completed!.reqId,
      err: { type: 'Error', message: 'boom in a handler', stack: expect.any(String) },
    });
  });
});

test('at LOG_LEVEL warn no request line is written', async () => {
  const log = collectingLogger('warn');
  const ctx = await createTestApp('pglite', { logger: log.options });
  try {
    expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(log.lines.filter((line) => line.includes('request completed'))).toEqual([]);
  } finally {
    await ctx.close();
  }
});
