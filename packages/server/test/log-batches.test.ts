/**
 * The server's log destination gathers lines into batches (src/http/logging.ts): none is lost or
 * reordered, whether the process exits at once after writing or runs its event loop out.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { spawnNode } from '@convene/test-support';

const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/logging/write-lines.ts',
);

for (const ending of ['exit', 'drain'] as const) {
  test(`every line arrives once and in order when the process ends by ${ending}`, async () => {
    const count = 5000;
    const writer = spawnNode(['--import', 'tsx', fixture, ending, String(count)], { env: {} });
    expect(await writer.exited).toBe(0);
    const lines = writer
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { n: number; msg: string });
    expect(lines.map((line) => line.n)).toEqual(Array.from({ length: count }, (_, n) => n));
  });
}
