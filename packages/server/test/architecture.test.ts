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
  'track-record',
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
        // The demo, above every subdomain, builds its services through the swarm's composition root.
        if (folder === 'demo' && top === 'compose.js') continue;
        // The swarm's tables (swarm/tables.ts: rows and JSON column types only) are below them all.
        if (top === 'tables.js') continue;
        const targetLevel = SWARM_LAYERS.indexOf(top as (typeof SWARM_LAYERS)[number]);
        if (targetLevel === -1 || targetLevel >= level)
          upward.push(`${path.relative(SRC, file)} imports ${target}`);
      }
    }
  }
  expect(upward).toEqual([]);
});

/** A relative import's target, resolved against the importing file: `from './x.js'` etc. */
function relativeImports(text: string, file: string): string[] {
  return [...text.matchAll(/from '(\.\.?\/[^']+)'/g)].map((match) =>
    path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')),
  );
}

/** The top-level folder of src a path sits in (undefined for src's own files, the composition root). */
function topFolder(file: string): string | undefined {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 && !parts[0]!.startsWith('..') ? parts[0] : undefined;
}

const isRepository = (file: string) =>
  path.basename(file) === 'repository.ts' || path.basename(file).endsWith('-repository.ts');

test("a domain never imports another domain's repository (only its service or exported reads and writes)", async () => {
  const reaching: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const from = topFolder(file);
    if (from === undefined) continue;
    for (const target of relativeImports(await readFile(file, 'utf8'), file)) {
      const to = topFolder(target);
      if (to !== undefined && to !== from && isRepository(target))
        reaching.push(`${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
    }
  }
  expect(reaching).toEqual([]);
});

/** A file the kysely rule treats as a repository: `repository.ts`, `*-repository.ts` or in a `repositories/` folder. */
const isRepositoryFile = (file: string) =>
  isRepository(file) || path.relative(SRC, file).split(path.sep).includes('repositories');

/** A static, type-only, re-exporting or dynamic import of kysely. */
const KYSELY_IMPORT = /from\s*'kysely'|import\(\s*'kysely'\s*\)/;

/*
 * Issue #35: services never hold the database. They get the repositories they use and a Transactor
 * (src/db/transactor.ts) whose Tx they pass on; only repositories and the database layer see kysely
 * (table definitions take its column types from db/schema.ts). No file is exempt.
 */
test('kysely is imported only by repositories and src/db: services get repositories and a Transactor', async () => {
  const importing: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    if (relative.startsWith(`db${path.sep}`) || isRepositoryFile(file)) continue;
    if (KYSELY_IMPORT.test(await readFile(file, 'utf8'))) importing.push(relative);
  }
  expect(importing).toEqual([]);
});

/*
 * Issue 47: the HTTP edge owns caching, conditional requests and encodings; services return values
 * and never see HTTP. Only routes (`routes.ts`, `*-routes.ts`), the HTTP layer itself and the
 * composition (app.ts, serve.ts, main.ts) import src/http.
 */
test('no service, repository or other domain module imports src/http: only routes and the composition do', async () => {
  const importing: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const relative = path.relative(SRC, file);
    const name = path.basename(file);
    if (topFolder(file) === 'http' || topFolder(file) === undefined) continue;
    if (name === 'routes.ts' || name.endsWith('-routes.ts')) continue;
    for (const target of relativeImports(await readFile(file, 'utf8'), file))
      if (topFolder(target) === 'http')
        importing.push(`${relative} imports ${path.relative(SRC, target)}`);
  }
  expect(importing).toEqual([]);
});

/**
 * The two registries that list every domain by design and so are left out of the domain graph:
 * the database type assembled from each domain's tables, and the list of demo seeders.
 */
const REGISTRIES = new Set([path.join('db', 'schema.ts'), path.join('demo', 'seeders.ts')]);

test('dependencies between the top-level folders of src point one way (no import cycle)', async () => {
  const edges = new Map<string, Map<string, string>>();
  for (const file of await sourceFiles(SRC)) {
    const from = topFolder(file);
    if (from === undefined || REGISTRIES.has(path.relative(SRC, file))) continue;
    for (const target of relativeImports(await readFile(file, 'utf8'), file)) {
      const to = topFolder(target);
      if (to === undefined || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to))
        out.set(to, `${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
      edges.set(from, out);
    }
  }
  /** A path of folders from `start` to `goal` along import edges, or undefined. */
  const pathBetween = (start: string, goal: string): string[] | undefined => {
    const previous = new Map<string, string>([[start, start]]);
    const queue = [start];
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (folder === goal) {
        const route = [goal];
        while (route[0] !== start) route.unshift(previous.get(route[0]!)!);
        return route;
      }
      for (const next of edges.get(folder)?.keys() ?? [])
        if (!previous.has(next)) {
          previous.set(next, folder);
          queue.push(next);
        }
    }
    return undefined;
  };
  const cycles: string[] = [];
  for (const [from, out] of edges)
    for (const [to, example] of out) {
      const back = pathBetween(to, from);
      if (back !== undefined) cycles.push(`${[from, ...back].join(' → ')} (${example})`);
    }
  expect(cycles).toEqual([]);
});

/**
 * No file of src reaches itself through its imports, type imports included: a domain's tables.ts
 * imports only db/column-types and leaf modules, so the database type (db/schema.ts) pulls no
 * service or repository back in. Strongly connected components (Tarjan) larger than one file fail.
 */
test('no import circle between the files of src, type imports included', async () => {
  const files = await sourceFiles(SRC);
  const imports = new Map<string, string[]>();
  for (const file of files)
    imports.set(
      file,
      relativeImports(await readFile(file, 'utf8'), file).filter((target) => target !== file),
    );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of imports.get(file) ?? []) {
      if (!imports.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(path.relative(SRC, member));
      if (member === file) break;
    }
    if (component.length > 1) circles.push(component.sort().join(' ⇄ '));
  };
  for (const file of files) if (!index.has(file)) visit(file);
  expect(circles).toEqual([]);
});

/** What the regime's pure model may import besides itself: no database, job, route or service. */
const REGIME_MODEL_MAY_IMPORT = ['event-loop.ts', path.join('ingestion', 'source.ts')];

test("the regime's model (regime/model/) is pure: it imports only itself, the event-loop yield and the Observation type", async () => {
  const model = path.join(SRC, 'regime', 'model');
  const outside: string[] = [];
  for (const file of await sourceFiles(model))
    for (const target of relativeImports(await readFile(file, 'utf8'), file)) {
      const relative = path.relative(SRC, target);
      if (target.startsWith(model + path.sep) || REGIME_MODEL_MAY_IMPORT.includes(relative))
        continue;
      outside.push(`${path.relative(SRC, file)} imports ${relative}`);
    }
  expect(outside).toEqual([]);
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

test('each package declares every workspace package its shipped code imports (a clone of one package alone would not resolve it)', async () => {
  const packages = (await readdir(PACKAGES, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const undeclared: string[] = [];
  for (const own of packages) {
    const manifest = JSON.parse(
      await readFile(path.join(PACKAGES, own, 'package.json'), 'utf8'),
    ) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const files = await sourceFiles(path.join(PACKAGES, own, 'src')).catch(() => []);
    const used = new Set<string>();
    for (const file of files) {
      for (const specifier of importSpecifiers(await readFile(file, 'utf8'))) {
        const name = /^@convene\/[^/]+/.exec(specifier)?.[0];
        if (name !== undefined && name !== manifest.name) used.add(name);
      }
    }
    for (const name of used)
      if (manifest.dependencies?.[name] === undefined) undeclared.push(`${own} imports ${name}`);
  }
  expect(undeclared).toEqual([]);
});
