import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { QUERIES_DIR, querySnapshots } from '../../scripts/query-snapshots.js';

/*
 * src/db/queries/*.sql is the SQL every repository method sends (scripts/query-snapshots.ts), so a
 * change to a query shows in review. Compiled, never executed: no database is needed.
 */
test('the query snapshots are those the repositories compile', async () => {
  const fresh = await querySnapshots();
  const stale: string[] = [];
  const checkedIn = (await readdir(QUERIES_DIR)).filter((file) => file.endsWith('.sql'));
  for (const file of checkedIn)
    if (!fresh.has(file)) stale.push(`${file}: no repository writes it any more`);
  for (const [file, text] of fresh) {
    const old = checkedIn.includes(file)
      ? await readFile(path.join(QUERIES_DIR, file), 'utf8')
      : undefined;
    if (old === undefined) stale.push(`${file}: missing`);
    else if (old !== text) stale.push(`${file}: ${firstDifference(text, old)}`);
  }
  expect(
    stale.map((problem) => `packages/server/src/db/queries/${problem}; run npm run sql:snapshots`),
  ).toEqual([]);
}, 60_000);

function firstDifference(fresh: string, file: string): string {
  const [a, b] = [fresh.split('\n'), file.split('\n')];
  const at = a.findIndex((line, index) => line !== b[index]);
  const line = at === -1 ? a.length : at;
  return `line ${line + 1} is now ${JSON.stringify(a[line] ?? '(end)')}, the file has ${JSON.stringify(b[line] ?? '(end)')}`;
}
