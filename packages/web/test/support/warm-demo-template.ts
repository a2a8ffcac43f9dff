// Builds the browser tests' demo template ahead of them: vitest.config.ts runs this in the
// background when a run includes them, while the tests that need no demo server go first, so no
// browser test file carries a whole first start. Test files that ask meanwhile wait on its lock.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suiteDemoTemplate } from './server.js';

const WEB_INDEX = fileURLToPath(new URL('../../dist/index.html', import.meta.url));

// Without a build there is nothing to seed with: the browser tests themselves say so.
if (existsSync(WEB_INDEX)) await suiteDemoTemplate();
else console.error(`no build (${join('packages', 'web', 'dist')}): demo template not warmed`);
