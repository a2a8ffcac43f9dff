import { seedDemoData } from '../../src/demo/seed.js';
import { regimeDemoSeeder } from '../../src/regime/demo.js';
import { treasuryDemoSeeder } from '../../src/treasury/demo.js';
import type { TestContext } from '../support/app.js';

/** Loads the treasury and regime demo data into a test app through the real seeders. */
export async function seedTreasuryAndRegime(
  ctx: TestContext,
  which: 'treasury' | 'both' = 'both',
): Promise<void> {
  const seeders = which === 'both' ? [treasuryDemoSeeder, regimeDemoSeeder] : [treasuryDemoSeeder];
  await seedDemoData(
    {
      database: ctx.testDb.database,
      clock: ctx.clock,
      config: ctx.config,
      versions: ctx.app.convene.versions,
      tlog: ctx.app.convene.tlog,
      log: ctx.app.log,
    },
    seeders,
  );
}
