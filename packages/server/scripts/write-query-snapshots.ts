/** Writes src/db/queries/*.sql (scripts/query-snapshots.ts): `npm run sql:snapshots`. */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { QUERIES_DIR, querySnapshots } from './query-snapshots.js';

const snapshots = await querySnapshots();
await mkdir(QUERIES_DIR, { recursive: true });
for (const file of await readdir(QUERIES_DIR))
  if (file.endsWith('.sql') && !snapshots.has(file)) await rm(path.join(QUERIES_DIR, file));
for (const [file, text] of snapshots) await writeFile(path.join(QUERIES_DIR, file), text);
console.info(`wrote ${snapshots.size} files in src/db/queries/`);
