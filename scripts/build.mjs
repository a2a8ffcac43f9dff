// Builds every package: the TypeScript projects with `tsc -b` (which skips what is up to date), then
// the web site with Vite only when one of its inputs changed since the last successful site build.
//
//   node scripts/build.mjs              type-checks while emitting (npm run build, npm test)
//   node scripts/build.mjs --no-check   emits without type-checking (npm start; `npm run check` and
//                                       a later `npm run build` still check: tsc records the skip)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['protocol', 'server', 'client'].map((name) =>
  path.join('packages', name, 'tsconfig.build.json'),
);
/** Everything the site's bundle is made from: its own files and the sources it bundles. */
const WEB_INPUTS = [
  'packages/web',
  'packages/protocol/src',
  'packages/protocol/package.json',
  'packages/client/src',
  'packages/client/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
const WEB_SKIPPED = new Set(['dist', 'node_modules', 'test']);
// Outside dist/, which the server serves as the site.
const WEB_DIGEST = 'node_modules/.cache/convene/web-inputs.sha256';
const WEB_BUILT = 'packages/web/dist/index.html';

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function* files(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (!statSync(absolute).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && WEB_SKIPPED.has(entry.name)) continue;
    yield* files(path.join(relative, entry.name));
  }
}

/** Content digest of the site's inputs (paths and bytes), plus the mode Vite builds in. */
function webInputsDigest() {
  const hash = createHash('sha256').update(`NODE_ENV=${process.env.NODE_ENV ?? ''}\n`);
  for (const file of WEB_INPUTS.flatMap((input) => [...files(input)]).sort()) {
    hash
      .update(`${file}\n`)
      .update(readFileSync(path.join(root, file)))
      .update('\n');
  }
  return hash.digest('hex');
}

const noCheck = process.argv.includes('--no-check');
run(process.execPath, [
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-b',
  ...(noCheck ? ['--noCheck'] : []),
  ...PROJECTS,
]);
chmodSync(path.join(root, 'packages/client/dist/cli/bin.js'), 0o755);

/**
 * The site is current when its inputs are unchanged since our last build and dist/ is still that
 * build's output: any other build (`vite build`, an older checkout's `npm run build`) rewrites
 * index.html, so its modification time is recorded beside the inputs' digest.
 */
const builtIndex = path.join(root, WEB_BUILT);
const inputs = webInputsDigest();
const siteStamp = () => `${inputs} ${statSync(builtIndex).mtimeMs}`;
const digestFile = path.join(root, WEB_DIGEST);
const current =
  existsSync(digestFile) &&
  existsSync(builtIndex) &&
  readFileSync(digestFile, 'utf8') === siteStamp();
if (current) {
  console.log('web: up to date (its inputs are unchanged since the last build)');
} else {
  run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    path.join(root, 'packages/web'),
  );
  // Written only after a successful build, so a failed or interrupted one reruns.
  mkdirSync(path.dirname(digestFile), { recursive: true });
  writeFileSync(digestFile, siteStamp());
}
