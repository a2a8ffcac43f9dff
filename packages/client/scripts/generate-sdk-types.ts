/**
 * Regenerates packages/client/src/sdk/openapi.ts from the server's route schemas.
 * Run: npx tsx --conditions=source packages/client/scripts/generate-sdk-types.ts
 * A test (test/sdk-drift.test.ts) fails when the committed file is out of date.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderSdkTypes } from './render-sdk-types.js';

const target = fileURLToPath(new URL('../src/sdk/openapi.ts', import.meta.url));
await writeFile(target, await renderSdkTypes());
process.stdout.write(`wrote ${target}\n`);
