import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './support/source-files.js';

/*
 * The server's shape (issue 19, docs/architecture.md): SQL lives in repositories, and the swarm's
 * subdomains depend on each other in one direction only. These scans fail when either slips.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** Kysely's query builder or its `sql` template: a query being written. */
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(|\bsql`|\bsql<|\bsql\.(raw|ref|table|join|lit|id)\(/;

test('SQL is written only in repositories (and the database layer in src/db)', async () => {
  const outside: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    const name = path.basename(file);
    if (relative.startsWith(`db${path.sep}`)) continue;
    if (name === 'repository.ts' || name.endsWith('-repository.ts')) continue;
    const text = await readFile(file, 'utf8');
    text.split('\n').forEach((line, index) => {
      if (QUERY.test(line)) outside.push(`${relative}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(outside).toEqual([]);
});

/**
 * The swarm's subdomains from the bottom up: each may import only from those listed before it;
 * `shared` is the floor, the session lifecycle the one orchestrator on top, the demo above all.
 */
const SWARM_LAYERS = [
  'shared',
  'members',
  'subjects',
  'memos',
  'takes',
  'briefs',
  'judgements',
  'receipts',
  'sessions',
  'demo',
] as const;

test('swarm subdomains import only the ones below them', async () => {
  const swarm = path.join(SRC, 'swarm');
  const folders = (await readdir(swarm, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect(new Set(folders)).toEqual(new Set(SWARM_LAYERS));
  const upward: string[] = [];
  for (const folder of folders) {
    const level = SWARM_LAYERS.indexOf(folder as (typeof SWARM_LAYERS)[number]);
    for (const file of await sourceFiles(path.join(swarm, folder))) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
        const target = path.relative(swarm, path.resolve(path.dirname(file), match[1]!));
        const [top] = target.split(path.sep);
        if (top === undefined || top === folder || top.startsWith('..')) continue;
        const targetLevel = SWARM_LAYERS.indexOf(top as (typeof SWARM_LAYERS)[number]);
        if (targetLevel === -1 || targetLevel >= level)
          upward.push(`${path.relative(SRC, file)} imports ${target}`);
      }
    }
  }
  expect(upward).toEqual([]);
});

const PACKAGES = path.resolve(import.meta.dirname, '../..');

/** Relative and `@convene/…` module specifiers in `text` (static, dynamic and side-effect imports). */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

test("no package's tests or benchmarks import another package's test/ or bench/ (shared helpers live in @convene/test-support)", async () => {
  const packages = (await readdir(PACKAGES, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const reaching: string[] = [];
  for (const own of packages) {
    const folders = own === 'test-support' ? ['src'] : ['test', 'bench'];
    for (const folder of folders) {
      const dir = path.join(PACKAGES, own, folder);
      const files = await sourceFiles(dir).catch(() => []);
      for (const file of files) {
        for (const specifier of importSpecifiers(await readFile(file, 'utf8'))) {
          let target: string;
          if (specifier.startsWith('.')) {
            target = path.relative(PACKAGES, path.resolve(path.dirname(file), specifier));
          } else if (specifier.startsWith('@convene/')) {
            target = specifier.slice('@convene/'.length);
          } else continue;
          const [pkg, top] = target.split(/[\\/]/);
          if (pkg !== own && (top === 'test' || top === 'bench'))
            reaching.push(`${path.relative(PACKAGES, file)} imports ${specifier}`);
        }
      }
    }
  }
  expect(reaching).toEqual([]);
});
