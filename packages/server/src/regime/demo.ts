import type { DemoSeeder } from '../demo/seed.js';
import { kyselyTransactor } from '../db/transactor.js';
import { composeRegime } from './compose.js';
import { SeedSource } from './seed-source.js';
import { ingestSeries } from './ingest.js';
import { recomputeRegime } from './recompute.js';

/**
 * How far back the demo's research signals go (one row a week, Mondays): past the swarm's months of
 * demo sessions, so every past brief references the signals as they read in its week.
 */
export const DEMO_RESEARCH_HISTORY_WEEKS = 19;

/**
 * Demo regime data through the live path: the seeded generator is ingested like any source (sparse
 * prints only, provenance 'seed'), then snapshots and research signals are computed from it, the
 * signals also as they read on past Mondays (a live deployment stores each day's on that day).
 */
export const regimeDemoSeeder: DemoSeeder = {
  name: 'regime',
  async seed(context) {
    const source = new SeedSource(context.clock);
    const deps = {
      ...context,
      repository: composeRegime(context.database, context.versions).repository,
      transactor: kyselyTransactor(context.database.db),
    };
    const started = performance.now();
    const report = await ingestSeries(deps, { fred: source, prices: source });
    const ingestMs = performance.now() - started;
    const result = await recomputeRegime(deps, {
      researchHistoryWeeks: DEMO_RESEARCH_HISTORY_WEEKS,
    });
    context.log.info(
      {
        series: report.fetched.length,
        failed: report.failed.length,
        ingestMs: Math.round(ingestMs),
        ...result,
      },
      'demo regime computed',
    );
  },
};
