// Builds the suite's demo template ahead of the tests that read it: vitest.config.ts runs this in the
// background when a run includes them, while the tests that need no demo server go first, so none of
// them carries a whole first start. Test files that ask meanwhile wait on its lock.
import { existsSync } from 'node:fs';
import { suiteDemoTemplate } from './demo-template.js';
import { SERVER_ENTRY } from './server-process.js';

// Without a build there is nothing to seed with: the tests themselves say so.
if (existsSync(SERVER_ENTRY)) await suiteDemoTemplate();
else console.error(`no build (${SERVER_ENTRY}): demo template not warmed`);
