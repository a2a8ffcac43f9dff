#!/usr/bin/env node
// The `convene` command. npm links a package's bin when it installs the workspace, before anything
// is built, so this committed file is what it links: it runs the built CLI (dist/, made by
// `npm run build` or `npm start`) when there is one, and otherwise the TypeScript sources through
// tsx, so `npx convene …` works right after `npm install` on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli/bin.js', import.meta.url);

if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  const source = fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url));
  let tsx;
  try {
    tsx = import.meta.resolve('tsx');
  } catch {
    process.stderr.write(
      'convene: the CLI is not built and tsx is not installed: run "npm install" and "npm run build"\n',
    );
    process.exit(70);
  }
  // "source" resolves the workspace packages (@convene/protocol) to their TypeScript sources too.
  const child = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', tsx, source, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  if (child.error !== undefined) throw child.error;
  process.exitCode = child.status ?? (child.signal === null ? 1 : 128);
}
