import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(SRC, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/*
 * One agent core (issue 47): the CLI and the MCP server both sit on src/agent/ (the service, the
 * member's files, the checks of a take or a receipt); neither the core nor the MCP server reaches
 * into the CLI's commands, context or options.
 */
test('the agent core and the MCP server import nothing from the CLI', async () => {
  const reaching: string[] = [];
  for (const folder of ['agent', 'mcp']) {
    for (const file of await filesUnder(folder)) {
      const text = await readFile(file, 'utf8');
      for (const [, target] of text.matchAll(/from '(\.[^']+)'/g)) {
        const resolved = path.relative(SRC, path.resolve(path.dirname(file), target!));
        if (resolved.startsWith(`cli${path.sep}`))
          reaching.push(`${path.relative(SRC, file)} imports ${resolved}`);
      }
    }
  }
  expect(reaching).toEqual([]);
  expect((await filesUnder('agent')).length).toBeGreaterThan(5);
});
