import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';

/*
 * A clone holds only the repository: its docs say what they rely on in their own words and link
 * only to files that are there.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

async function markdownFiles(): Promise<string[]> {
  const docs = (await readdir(path.join(ROOT, 'docs'))).filter((name) => name.endsWith('.md'));
  const packages = await readdir(path.join(ROOT, 'packages'));
  return [
    'README.md',
    ...docs.map((name) => path.join('docs', name)),
    ...packages.map((name) => path.join('packages', name, 'README.md')),
    'packages/server/src/README.md',
  ].filter((file) => existsSync(path.join(ROOT, file)));
}

test('no doc points outside the repository', async () => {
  const outside: string[] = [];
  for (const file of await markdownFiles()) {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    text.split('\n').forEach((line, index) => {
      if (/\.\.\/shared\b|DESIGN\.md|STYLE\.md|service-interface\.md|prior-art\.md/.test(line))
        outside.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  expect(outside).toEqual([]);
});

test('every relative link in the docs names a file the repository holds', async () => {
  const broken: string[] = [];
  for (const file of await markdownFiles()) {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
      const target = match[1]!;
      if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
      if (!existsSync(path.resolve(path.dirname(path.join(ROOT, file)), target)))
        broken.push(`${file}: ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
