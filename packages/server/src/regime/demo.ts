import type { DemoSeeder } from '../demo/seed.js';
import { SeedSource } from './seed-source.js';
import { ingestSeries } from './ingest.js';
import { recomputeRegime } from './recompute.js';

/**
 * Demo regime data through the live path: the seeded generator is ingested like any source (sparse
 * prints only, provenance 'seed'), then snapshots and research signals are computed from it.
 */
export const regimeDemoSeeder: DemoSeeder = {
  name: 'regime',
  async seed(context) {
    const source = new SeedSource(context.clock);
    const started = performance.now();
    const report = await ingestSeries(context, { fred: source, prices: source });
    const ingestMs = performance.now() - started;
    const result = await recomputeRegime(context);
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
