import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { renderSdkTypes } from '../scripts/render-sdk-types.js';

describe('typed SDK', () => {
  test("src/sdk/openapi.ts matches the server's current OpenAPI document", async () => {
    const committed = await readFile(new URL('../src/sdk/openapi.ts', import.meta.url), 'utf8');
    const current = await renderSdkTypes();
    // On failure: npx tsx --conditions=source packages/client/scripts/generate-sdk-types.ts
    expect(committed === current, 'the SDK types are stale: regenerate them').toBe(true);
  }, 60_000);
});
