import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateKeyPair } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ServiceError, type ErrorName } from '../../src/errors.js';
import { parseJudgementBody } from '../../src/swarm/judgements/bodies.js';
import {
  parseActivateBody,
  parseApplyBody,
  parseChallengeBody,
  parseRoleBody,
  parseRotateKeyBody,
  parseTokenClaimBody,
} from '../../src/swarm/members/bodies.js';
import { parseMemoBody } from '../../src/swarm/memos/bodies.js';
import {
  parseConveneBody,
  parseRosterChangeBody,
  parseWindowBody,
} from '../../src/swarm/sessions/bodies.js';
import { documentOnly } from '../../src/swarm/shared/schemas.js';
import { parseSubjectBody } from '../../src/swarm/subjects/bodies.js';
import { parseSigningDraftBody, parseSubmitBody } from '../../src/swarm/takes/bodies.js';
import { sourceFiles } from '../support/source-files.js';
import { createTestApp, type TestContext } from '../support/app.js';

/*
 * A swarm write route documents its body for OpenAPI only (`documentOnly`, so Ajv neither refuses
 * nor coerces) and parses it with one function, its domain's `bodies.ts`, so the answers are the
 * catalogue's. These hold each parser to the document: a sample naming every documented field and
 * no other is accepted; without a documented-required field it is refused with the catalogue error
 * named here; without a documented-optional one it is still accepted; a documented field given a
 * value of no documented type is refused (the parser reads every field it documents). And every
 * route that uses `documentOnly` is in the table.
 */

interface BodySchema {
  properties: Record<string, unknown>;
  required?: string[];
}

const { publicKey } = await generateKeyPair();
const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const draft = {
  memberId: uuid(1),
  date: '2026-06-10',
  subjectId: 'convene-treasury',
  nonce: 'nonce-1',
  stance: 'constructive',
  confidence: 0.7,
  body: 'Rates are falling.',
  memoUrl: 'https://convene.example/api/swarm/memos/1',
  weights: [{ bucket: 'stables', weight: 1 }],
};

/** Every `documentOnly` route, by method and OpenAPI path: its parser, a full sample, its refusal. */
const BODIES: Record<
  string,
  { parse: (body: unknown) => unknown; sample: Record<string, unknown>; refusal: ErrorName }
> = {
  'POST /api/swarm/signing-payload': {
    parse: parseSigningDraftBody,
    sample: draft,
    refusal: 'invalidSigningDraft',
  },
  'POST /api/swarm/submit': {
    parse: parseSubmitBody,
    sample: { ...draft, signature: 'c2lnbmF0dXJl' },
    refusal: 'invalidSubmission',
  },
  'POST /api/swarm/apply': {
    parse: parseApplyBody,
    sample: {
      name: 'Athena',
      contact: 'athena@example.org',
      lens: 'macro',
      publicKey,
      signature: 'c2lnbmF0dXJl',
    },
    refusal: 'invalidApplication',
  },
  'POST /api/swarm/token-claim/challenge': {
    parse: parseChallengeBody,
    sample: { memberId: uuid(1) },
    refusal: 'memberIdRequired',
  },
  'POST /api/swarm/token-claim': {
    parse: parseTokenClaimBody,
    sample: {
      memberId: uuid(1),
      challenge: 'challenge',
      expiresAt: '2026-06-10T00:10:00.000Z',
      signature: 'c2lnbmF0dXJl',
    },
    refusal: 'invalidTokenClaimBody',
  },
  'POST /api/swarm/admin/activate': {
    parse: parseActivateBody,
    sample: { memberId: uuid(1) },
    refusal: 'memberIdRequired',
  },
  'POST /api/swarm/admin/members/{id}/rotate-key': {
    parse: parseRotateKeyBody,
    sample: { publicKey },
    refusal: 'invalidPublicKey',
  },
  'POST /api/swarm/admin/members/{id}/role': {
    parse: parseRoleBody,
    sample: { role: 'judge' },
    refusal: 'invalidRole',
  },
  'PUT /api/swarm/admin/subjects/{id}': {
    parse: parseSubjectBody,
    sample: {
      name: 'Convene treasury',
      recommendationType: 'bucket_weights',
      status: 'active',
      operator: 'convene',
      homepage: 'https://convene.example',
      xHandle: 'convene',
      thesisBlurb: 'The service’s own vault.',
      wallets: [],
      nftContracts: [],
      source: 'onchain',
      linkedMemberId: 'athena',
      structuralNotes: 'none',
      lastReviewed: '2026-06-01',
      schedule: '0 0 * * *',
      scheduleEnabled: true,
      quorumRequired: 2,
    },
    refusal: 'invalidSubjectSettings',
  },
  'POST /api/swarm/memos': {
    parse: parseMemoBody,
    sample: { title: 'Why constructive', body: 'The long version.', sessionId: uuid(2) },
    refusal: 'invalidMemo',
  },
  'POST /api/swarm/judgements': {
    parse: parseJudgementBody,
    sample: {
      sessionId: uuid(2),
      memberId: uuid(1),
      releaseSafety: 'caution',
      rationale: 'Quorum met; one outlier.',
      disagreements: ['athena'],
      signature: 'c2lnbmF0dXJl',
      mode: 'shadow',
      model: 'judge/1',
      promptHash: 'sha256:0',
      inputsDigest: 'sha256:1',
    },
    refusal: 'invalidJudgement',
  },
  'POST /api/swarm/admin/sessions': {
    parse: parseConveneBody,
    sample: {
      subjectId: 'convene-treasury',
      date: '2026-06-10',
      windowClosesAt: '2026-06-10T22:00:00.000Z',
      fireAt: '2026-06-10T00:00:00.000Z',
      additional: true,
    },
    refusal: 'invalidSubject',
  },
  'POST /api/swarm/admin/sessions/{id}/window': {
    parse: parseWindowBody,
    sample: { windowClosesAt: '2026-06-10T22:00:00.000Z' },
    refusal: 'invalidWindow',
  },
  'POST /api/swarm/admin/sessions/{id}/roster': {
    parse: parseRosterChangeBody,
    sample: { memberId: 'athena', action: 'excuse' },
    refusal: 'invalidRosterChange',
  },
};

/** The error `parse(body)` throws, or null. */
function thrownBy(parse: (body: unknown) => unknown, body: unknown): unknown {
  try {
    parse(body);
    return null;
  } catch (error) {
    return error;
  }
}

function without(sample: Record<string, unknown>, field: string): Record<string, unknown> {
  const rest = { ...sample };
  delete rest[field];
  return rest;
}

let ctx: TestContext;
let documented: Record<string, BodySchema>;
/** Method and path of every route Fastify compiled with documentOnly's validator compiler. */
let handParsed: string[];
beforeAll(async () => {
  // Observed, not replaced: the spy calls the real compiler. The routes spread `documentOnly` when
  // their plugins run, inside buildApp, so they pick the spy up.
  const compiler = vi.spyOn(documentOnly, 'validatorCompiler');
  let calls: unknown[][];
  try {
    ctx = await createTestApp('pglite');
  } finally {
    calls = [...compiler.mock.calls];
    compiler.mockRestore(); // which forgets the calls
  }
  handParsed = [
    ...new Set(
      calls.map((call) => {
        const { method, url } = call[0] as { method: string; url: string };
        return `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
      }),
    ),
  ].sort();
  const openapi = (await ctx.app.inject({ url: '/openapi.json' })).json<{
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: BodySchema }> } }>
    >;
  }>();
  documented = {};
  for (const route of handParsed) {
    const [method, url] = route.split(' ') as [string, string];
    const schema =
      openapi.paths[url]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
    if (schema !== undefined) documented[route] = schema;
  }
});
afterAll(() => ctx.close());

test('every route using documentOnly has a parser in this table, and each documents its body', () => {
  expect(handParsed.length).toBeGreaterThan(0);
  expect(handParsed).toEqual(Object.keys(BODIES).sort());
  expect(Object.keys(documented).sort()).toEqual(handParsed);
});

test('no route takes documentOnly in a way the app build above could miss', async () => {
  // Every use is a spread into one route's options where the route is registered (so the spy
  // sees it); each spread registers at least one route.
  const root = path.resolve(import.meta.dirname, '../../src');
  let spreads = 0;
  const otherUses: string[] = [];
  for (const file of await sourceFiles(root)) {
    const code = (await readFile(file, 'utf8')).replace(/^import [^;]*;$/gm, '');
    for (const line of code.split('\n')) {
      if (!/\bdocumentOnly\b/.test(line) || /^\s*(\*|\/\*|\/\/)/.test(line)) continue;
      if (/^\s*\.\.\.documentOnly,$/.test(line)) spreads++;
      else if (!line.startsWith('export const documentOnly = '))
        otherUses.push(`${path.relative(root, file)}: ${line.trim()}`);
    }
  }
  expect(otherUses).toEqual([]);
  expect(spreads).toBeGreaterThan(0);
  expect(spreads).toBeLessThanOrEqual(handParsed.length);
});

describe.each(Object.entries(BODIES))('%s', (route, { parse, sample, refusal }) => {
  test('the sample names every documented field and no other; the parser accepts it', () => {
    expect(Object.keys(sample).sort()).toEqual(Object.keys(documented[route]!.properties).sort());
    expect(thrownBy(parse, sample)).toBeNull();
  });

  test(`without a documented-required field, the parser refuses it with ${refusal}`, () => {
    const required = documented[route]!.required ?? [];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const thrown = thrownBy(parse, without(sample, field));
      expect(thrown, field).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).code, field).toBe(refusal);
    }
  });

  test('without a documented-optional field, the parser still accepts it', () => {
    const required = new Set(documented[route]!.required ?? []);
    for (const field of Object.keys(sample).filter((name) => !required.has(name)))
      expect(thrownBy(parse, without(sample, field)), field).toBeNull();
  });

  test('a documented field given a value of no documented type is refused (a 400)', () => {
    for (const field of Object.keys(sample)) {
      const thrown = thrownBy(parse, { ...sample, [field]: { not: 'a documented value' } });
      expect(thrown, field).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).status, field).toBe(400);
    }
  });

  test(`a body that is not an object is refused with ${refusal}`, () => {
    for (const body of [null, 'text', [sample], 42]) {
      const thrown = thrownBy(parse, body);
      expect(thrown, JSON.stringify(body)).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).code, JSON.stringify(body)).toBe(refusal);
    }
  });
});
