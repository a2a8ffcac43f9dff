import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERRORS, errorCode, fail, type ErrorName, type ServiceError } from '../src/errors.js';
import { registerErrorHandling } from '../src/http/error-handler.js';
import { registerStrictJsonBodies } from '../src/http/json-body.js';

/*
 * http/error-handler.ts writes every refusal from the catalogue: what Fastify refuses before a
 * handler runs (schema validation, body parsing) and what only a client's input makes the database
 * refuse are named as catalogue errors first. Each case here states the exact body it answers
 * today and the catalogue entry that must have produced it (recorded as `request.failure`).
 */

/** A database error as the drivers raise it: its SQLSTATE in `code`. */
const databaseError = (sqlState: string) =>
  Object.assign(new Error('driver message, never shown'), { code: sqlState });

let app: FastifyInstance;
/** `request.failure` of the latest response (the cases run one at a time). */
let failure: string | null | undefined;
beforeAll(async () => {
  app = Fastify({ bodyLimit: 1024, ajv: { customOptions: { coerceTypes: true } } });
  registerErrorHandling(app);
  registerStrictJsonBodies(app);
  app.addHook('onResponse', (request, _reply, done) => {
    failure = request.failure;
    done();
  });
  app.get(
    '/query',
    { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
    async () => ({}),
  );
  app.post('/echo', async (request) => ({ received: request.body }));
  app.get('/nul', async () => {
    throw databaseError('22021');
  });
  app.get('/february-30', async () => {
    throw databaseError('22008');
  });
  app.get('/range', async () => {
    throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
  });
  app.get('/bug', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };
const CASES: ReadonlyArray<{
  what: string;
  request: InjectOptions;
  code: ErrorName;
  args?: string[];
  body: string;
}> = [
  {
    what: 'a query its schema refuses',
    request: { url: '/query?n=many' },
    code: 'invalidRequest',
    args: ['querystring/n must be integer'],
    body: '{"error":"invalid request: querystring/n must be integer","code":"invalid_request"}',
  },
  {
    what: 'malformed JSON',
    request: { method: 'POST', url: '/echo', headers: json, payload: '{"a":' },
    code: 'malformedJsonBody',
    body: '{"error":"malformed JSON body","code":"malformed_json_body"}',
  },
  {
    what: 'an empty JSON body',
    request: { method: 'POST', url: '/echo', headers: json, payload: '' },
    code: 'emptyJsonBody',
    body: '{"error":"empty JSON body","code":"empty_json_body"}',
  },
  {
    what: 'a body over the limit',
    request: { method: 'POST', url: '/echo', headers: json, payload: `"${'x'.repeat(2048)}"` },
    code: 'bodyTooLarge',
    body: '{"error":"request body too large","code":"body_too_large"}',
  },
  {
    what: 'an unsupported content type',
    request: {
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    },
    code: 'unsupportedContentType',
    body: '{"error":"unsupported content-type","code":"unsupported_content_type"}',
  },
  {
    what: 'a JSON body that is not UTF-8',
    request: {
      method: 'POST',
      url: '/echo',
      headers: json,
      payload: Buffer.from([0x22, 0xff, 0x22]),
    },
    code: 'bodyNotUtf8',
    body: '{"error":"request body is not valid UTF-8","code":"body_not_utf8"}',
  },
  {
    what: 'text the database cannot store',
    request: { url: '/nul' },
    code: 'unstorableCharacters',
    body: '{"error":"request contains characters that cannot be stored","code":"unstorable_characters"}',
  },
  {
    what: 'a date that is no calendar day',
    request: { url: '/february-30' },
    code: 'impossibleDate',
    body: '{"error":"request contains an invalid date","code":"impossible_date"}',
  },
  {
    what: 'an unknown route',
    request: { url: '/nowhere?x=1' },
    code: 'noRoute',
    args: ['GET /nowhere'],
    body: '{"error":"no route for GET /nowhere","code":"no_route"}',
  },
];

describe.each(CASES)('$what', ({ request, code, args, body }) => {
  test(`answers ${body} from the catalogue entry ${code}`, async () => {
    failure = undefined;
    const response = await app.inject(request);
    expect(response.body).toBe(body);
    expect(response.statusCode).toBe(ERRORS[code].status);
    expect(failure).toBe(errorCode(code));
    const named = (fail as (name: ErrorName, ...rest: string[]) => ServiceError)(
      code,
      ...(args ?? []),
    );
    expect(JSON.parse(body)).toEqual({ error: named.message, code: errorCode(code) });
  });
});

test('an unexpected error is a bare 500, never its message', async () => {
  const response = await app.inject({ url: '/bug' });
  expect(response.statusCode).toBe(500);
  expect(response.body).toBe('{"error":"internal error","code":"internal"}');
  expect(failure).toBe('internal');
});

test("a plugin's own 4xx keeps its status and message, with the catalogue's code for it", async () => {
  const response = await app.inject({ url: '/range' });
  expect(response.statusCode).toBe(416);
  expect(response.json()).toEqual({ error: 'Range Not Satisfiable', code: 'refused_by_plugin' });
  expect(failure).toBe('refused_by_plugin');
});
