import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, expect, test } from 'vitest';
import { sourceFiles } from './support/source-files.js';

/*
 * One composition root (src/composition.ts, and each domain's compose.ts it calls) is the only place
 * the app's services and repositories are constructed, and each is given exactly what it uses, by
 * name. A program's entry point (main.ts, *-main.ts) is the root of its own program.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** The app's composition root: composition.ts and the domains' compose.ts files it calls. */
const isRootFile = (relative: string): boolean =>
  relative === 'composition.ts' || path.basename(relative) === 'compose.ts';

/** Where parts may be constructed: the root, and each program's entry point (its own root). */
const mayConstruct = (relative: string): boolean => {
  const name = path.basename(relative);
  return isRootFile(relative) || name === 'main.ts' || name.endsWith('-main.ts');
};

const isRepositoryFile = (relative: string): boolean => {
  const name = path.basename(relative);
  return (
    name === 'repository.ts' ||
    name.endsWith('-repository.ts') ||
    relative.split(path.sep).includes('repositories')
  );
};

interface ClassFact {
  file: string;
  parameters: string[];
}

interface Construction {
  file: string;
  line: number;
  className: string;
  /** The arguments that are plain identifiers (`new X(context)` → ['context']). */
  identifiers: string[];
}

let classes: Map<string, ClassFact>;
let constructions: Construction[];

beforeAll(async () => {
  classes = new Map();
  constructions = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    const source = ts.createSourceFile(
      file,
      await readFile(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name !== undefined) {
        const constructor = node.members.find(ts.isConstructorDeclaration);
        classes.set(node.name.text, {
          file: relative,
          parameters: constructor?.parameters.map((p) => p.name.getText(source)) ?? [],
        });
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        constructions.push({
          file: relative,
          line: line + 1,
          className: node.expression.text,
          identifiers: (node.arguments ?? []).flatMap((a) => (ts.isIdentifier(a) ? [a.text] : [])),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
});

/**
 * The parts the composition root builds: every service and repository by name or file, and every
 * class of src that a root file constructs.
 */
function composedClasses(): Set<string> {
  const composed = new Set<string>();
  for (const [name, fact] of classes) {
    if (/(Service|Repository)$/.test(name) || isRepositoryFile(fact.file)) composed.add(name);
  }
  for (const { file, className } of constructions) {
    if (isRootFile(file) && classes.has(className)) composed.add(className);
  }
  return composed;
}

test('the scan finds the parts it is about (a rename of the root would otherwise pass silently)', () => {
  const composed = composedClasses();
  for (const name of [
    'TakeService',
    'SessionRepository',
    'TlogService',
    'Tlog',
    'DataVersions',
    'Scheduler',
  ])
    expect(composed).toContain(name);
  expect(constructions.filter((c) => c.file === 'composition.ts').length).toBeGreaterThan(5);
});

test('services and repositories are constructed only in the composition root (composition.ts and each domain’s compose.ts)', () => {
  const composed = composedClasses();
  const elsewhere = constructions
    .filter(({ file, className }) => composed.has(className) && !mayConstruct(file))
    // A repository may open itself over a transaction it was handed.
    .filter(({ file, className }) => classes.get(className)!.file !== file)
    .map(({ file, line, className }) => `${file}:${line} new ${className}(…)`);
  expect(elsewhere).toEqual([]);
});

test('every part the root builds takes what it uses by name: one options object, or its one dependency', () => {
  const positional = [...composedClasses()]
    .map((name) => ({ name, ...classes.get(name)! }))
    .filter(({ parameters }) => parameters.length > 1)
    .map(({ name, file, parameters }) => `${file}: ${name}(${parameters.join(', ')})`);
  expect(positional).toEqual([]);
});

test('no service is handed the whole app context: the root passes each the named parts it uses', async () => {
  const handed = constructions
    .filter(({ file }) => isRootFile(file))
    .filter(({ identifiers }) =>
      identifiers.some((name) => /^(context|infrastructure)$/.test(name)),
    )
    .map(({ file, line, className }) => `${file}:${line} new ${className}(…context…)`);
  expect(handed).toEqual([]);
  const taking: string[] = [];
  for (const name of composedClasses()) {
    const { file } = classes.get(name)!;
    const text = await readFile(path.join(SRC, file), 'utf8');
    if (/\bAppContext\b/.test(text)) taking.push(`${file}: ${name}`);
  }
  expect(taking).toEqual([]);
});
