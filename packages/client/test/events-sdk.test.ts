/**
 * The SDK's swarmEvents against a small SSE server written here: it parses CRLF and LF lines,
 * multi-line data and comments, waits the announced `retry` after the stream ends, reconnects with
 * the last id as Last-Event-ID, a 503 (the server at its cap) is retried after its Retry-After, and
 * a 400 is thrown rather than retried.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiError, swarmEvents, type EventMessage } from '../src/index.js';

const seen: Array<string | undefined> = [];
let full = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url?.includes('types=gossip')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, status: 400, error: 'types must be …' }));
      return;
    }
    if (request.url?.includes('types=session-opened') && (full += 1) === 1) {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ ok: false, status: 503, error: 'this server holds …' }));
      return;
    }
    const last = request.headers['last-event-id'];
    seen.push(typeof last === 'string' ? last : undefined);
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    if (last === undefined) {
      // First connection: two events (CRLF lines, a comment, a two-line data), then the end.
      response.end(
        'retry: 20\r\n\r\n: heartbeat\r\n\r\nid: 1.0.0\r\nevent: checkpoint\r\ndata: {"size":1,\r\ndata: "rootHash":"r"}\r\n\r\n' +
          'id: 2.0.0\nevent: checkpoint\ndata: {"size":2,"rootHash":"s"}\n\n',
      );
    } else {
      response.end(`id: 3.0.0\nevent: checkpoint\ndata: {"size":3,"rootHash":"t"}\n\n`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('events are parsed, and after the end the iterator reconnects from the last id', async () => {
  const events: EventMessage[] = [];
  let reconnects = 0;
  for await (const event of swarmEvents({ baseUrl: base, onReconnect: () => reconnects++ })) {
    events.push(event);
    if (events.length === 3) break;
  }
  expect(events.map((e) => [e.id, e.type, e.data])).toEqual([
    ['1.0.0', 'checkpoint', { size: 1, rootHash: 'r' }],
    ['2.0.0', 'checkpoint', { size: 2, rootHash: 's' }],
    ['3.0.0', 'checkpoint', { size: 3, rootHash: 't' }],
  ]);
  expect(seen).toEqual([undefined, '2.0.0']);
  expect(reconnects).toBe(1);
});

test('a 400 is thrown with the server message, not retried', async () => {
  const iterator = swarmEvents({ baseUrl: base, types: ['gossip' as 'checkpoint'] });
  await expect(iterator.next()).rejects.toThrowError(ApiError);
});

test('a 503 (the server at its stream cap) is waited out and retried, not thrown', async () => {
  const failures: unknown[] = [];
  const iterator = swarmEvents({
    baseUrl: base,
    types: ['session-opened'],
    onReconnect: (error) => failures.push(error),
  });
  const first = await iterator.next();
  await iterator.return(undefined);
  expect(first.value).toMatchObject({ type: 'checkpoint' });
  expect(failures).toEqual([expect.objectContaining({ status: 503 })]);
  expect(full).toBe(2);
});
