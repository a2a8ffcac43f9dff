import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './support/source-files.js';

/*
 * Enumerations and formats defined once (issue 19): the protocol package holds the stance list, the
 * session states, the date pattern, the UTC date of an instant and the analytics import kinds; every
 * other package derives from it. This scan fails when a copy comes back.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const OWNER = 'packages/protocol/src/';

const COPIES: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'the stance list (protocol STANCES)', pattern: /'bearish',\s*'cautious',\s*'neutral'/ },
  {
    what: 'the session states (protocol SESSION_STATES)',
    pattern: /'scheduled',\s*'collecting',\s*'window_closed'/,
  },
  { what: 'the date pattern (protocol DATE_RE)', pattern: /\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$/ },
  {
    what: 'the UTC date of an instant (protocol utcDate)',
    pattern: /toISOString\(\)\.slice\(0, 10\)/,
  },
  {
    what: 'the analytics import kinds (protocol IMPORT_KINDS)',
    pattern: /'agent-history',\s*'coin-history'/,
  },
];

test('each enumeration and format has one source, in the protocol package', async () => {
  const packages = await readdir(path.join(ROOT, 'packages'));
  const files = (
    await Promise.all(packages.map((p) => sourceFiles(path.join(ROOT, 'packages', p, 'src'))))
  ).flat();
  expect(files.length).toBeGreaterThan(100);
  const copies: string[] = [];
  for (const file of files) {
    const relative = path.relative(ROOT, file);
    // Generated from the server's OpenAPI document, and migrations (SQL history, never edited).
    if (relative.startsWith(OWNER) || relative.endsWith('sdk/openapi.ts')) continue;
    if (relative.includes('/db/migrations/')) continue;
    const text = await readFile(file, 'utf8');
    for (const { what, pattern } of COPIES) {
      if (pattern.test(text)) copies.push(`${relative}: a copy of ${what}`);
    }
  }
  expect(copies).toEqual([]);
});

/*
 * One catalogue of errors (issue 19): every error the service answers on purpose is named in
 * the catalogue (packages/protocol/src/errors.ts) with its status, shape and message; throw sites
 * name it through the server's src/errors.ts. A status paired with a
 * message anywhere else, or a second class of answered errors, fails here.
 */
test('every answered error comes from the catalogue', async () => {
  const files = await sourceFiles(path.join(ROOT, 'packages/server/src'));
  const handMade: string[] = [];
  for (const file of files) {
    const relative = path.relative(ROOT, file);
    // ServiceError itself. The error handler is scanned too: it answers the framework's errors
    // by naming catalogue entries, never with a status and message of its own.
    if (relative === 'packages/server/src/errors.ts') continue;
    const text = await readFile(file, 'utf8');
    for (const [pattern, what] of [
      [/new ServiceError\(/, 'builds a ServiceError by hand'],
      [
        /class \w+ extends (?:App|Service|Swarm|Request)Error\b/,
        'declares another answered error class',
      ],
      [/\.status\(4\d\d\)\s*\.send\(/, 'sends a 4xx body by hand'],
      [/throw \w*[eE]rror\(\s*4\d\d\s*,/, 'pairs a status and a message at a throw site'],
    ] as const) {
      if (pattern.test(text)) handMade.push(`${relative}: ${what}`);
    }
  }
  expect(handMade).toEqual([]);
});

/*
 * One take mapping (issue 47): the take table's columns are read and filed through
 * src/db/take-columns.ts, and a take's served fields come from the protocol's `takeStatement` /
 * `servedTake`; a read that maps the columns by hand, or serves a memo URL its own way, fails here.
 */
test('a take is mapped from and to its row in one module', async () => {
  const files = await sourceFiles(path.join(ROOT, 'packages/server/src'));
  const copies: string[] = [];
  for (const file of files) {
    const relative = path.relative(ROOT, file);
    if (relative.includes('/db/migrations/') || relative.includes('/db/functions/')) continue;
    if (relative.endsWith('db/take-columns.ts') || relative.endsWith('db/columns.generated.ts'))
      continue;
    if (relative.endsWith('swarm/tables.ts')) continue; // the table's declaration
    const text = await readFile(file, 'utf8');
    if (/\bmemo_url\b/.test(text)) copies.push(`${relative}: maps the take's columns by hand`);
    if (/memoUrl === ''/.test(text)) copies.push(`${relative}: serves a memo URL its own way`);
  }
  expect(copies).toEqual([]);
});
