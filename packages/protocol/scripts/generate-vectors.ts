// Writes packages/protocol/vectors/*.json. Run from the repository root:
//   npx tsx --conditions=source packages/protocol/scripts/generate-vectors.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { buildVectors } from './vectors.js';

const directory = new URL('../vectors/', import.meta.url);
await mkdir(directory, { recursive: true });
for (const [name, content] of Object.entries(await buildVectors())) {
  await writeFile(new URL(name, directory), `${JSON.stringify(content, null, 2)}\n`);
  console.log(`wrote vectors/${name}`);
}
