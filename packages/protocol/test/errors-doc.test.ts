import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { ERROR_CODES, ERRORS, errorCode, isErrorCode, type ErrorName } from '../src/errors.js';
import { ERRORS_DOC, withCurrentTable } from '../scripts/errors-doc.js';

test('each catalogue entry has its own snake-case wire code', () => {
  const names = Object.keys(ERRORS) as ErrorName[];
  expect(ERROR_CODES.size).toBe(names.length);
  for (const name of names) expect(errorCode(name)).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  expect(errorCode('windowClosed')).toBe('window_closed');
  expect(isErrorCode('window_closed')).toBe(true);
  expect(isErrorCode('windowClosed')).toBe(false);
  expect(isErrorCode(undefined)).toBe(false);
});

test('docs/errors.md lists every code, status and message of the catalogue', async () => {
  const doc = await readFile(ERRORS_DOC, 'utf8');
  // On failure: npx tsx --conditions=source packages/protocol/scripts/errors-doc.ts
  expect(doc === withCurrentTable(doc), 'docs/errors.md is stale: regenerate its table').toBe(true);
  for (const code of ERROR_CODES) expect(doc).toContain(`| \`${code}\` |`);
});
