import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import {
  parseConveneBody,
  parseRosterChangeBody,
  parseWindowBody,
} from '../../src/swarm/sessions/admin-bodies.js';
import { createTestApp, type TestContext } from '../support/app.js';

/*
 * Each session admin body has one parser; the route documents its shape for OpenAPI only. These
 * hold the two together: a sample carrying every documented field is accepted, a sample without
 * a documented-required field is refused with the catalogue's error, and the sample names no field
 * the document does not.
 */

interface BodySchema {
  properties: Record<string, unknown>;
  required?: string[];
}

const BODIES = [
  {
    path: '/api/swarm/admin/sessions',
    parse: (body: unknown) => parseConveneBody(body),
    sample: {
      subjectId: 'convene-treasury',
      date: '2026-06-10',
      windowClosesAt: '2026-06-10T22:00:00.000Z',
      fireAt: '2026-06-10T00:00:00.000Z',
    },
    refusal: 'invalidSubject',
  },
  {
    path: '/api/swarm/admin/sessions/{id}/window',
    parse: (body: unknown) => parseWindowBody(body),
    sample: { windowClosesAt: '2026-06-10T22:00:00.000Z' },
    refusal: 'invalidWindow',
  },
  {
    path: '/api/swarm/admin/sessions/{id}/roster',
    parse: (body: unknown) => parseRosterChangeBody(body),
    sample: { memberId: 'athena', action: 'excuse' },
    refusal: 'invalidRosterChange',
  },
] as const;

let ctx: TestContext;
let documented: Record<string, BodySchema>;
beforeAll(async () => {
  ctx = await createTestApp('pglite');
  const openapi = (await ctx.app.inject({ url: '/openapi.json' })).json<{
    paths: Record<
      string,
      { post?: { requestBody?: { content: Record<string, { schema: BodySchema }> } } }
    >;
  }>();
  documented = Object.fromEntries(
    BODIES.map(({ path }) => [
      path,
      openapi.paths[path]!.post!.requestBody!.content['application/json']!.schema,
    ]),
  );
});
afterAll(() => ctx.close());

describe.each(BODIES)('$path', ({ path, parse, sample, refusal }) => {
  test('the sample names every documented field and no other; the parser accepts it', () => {
    expect(Object.keys(sample).sort()).toEqual(Object.keys(documented[path]!.properties).sort());
    expect(() => parse(sample)).not.toThrow();
  });

  test('without a documented-required field, the parser refuses it with the catalogue error', () => {
    const required = documented[path]!.required ?? [];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const rest: Record<string, unknown> = { ...sample };
      delete rest[field];
      const thrown = (() => {
        try {
          parse(rest);
          return null;
        } catch (error) {
          return error;
        }
      })();
      expect(thrown, field).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).code, field).toBe(refusal);
    }
  });

  test('a body that is not an object is refused the same way', () => {
    for (const body of [null, 'text', [sample], 42])
      expect(() => parse(body)).toThrow(ServiceError);
  });
});
