/**
 * Regime ranges (issue 45): every `range` is cut from one read of the whole history per data
 * version, byte for byte what serialising that range on its own gives, and a stranger's flood of
 * distinct ranges stays within the range bodies' byte budget.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REGIME_DATASETS } from '../../src/regime/datasets.js';
import { RegimeRepository } from '../../src/regime/repository.js';
import { RegimeService } from '../../src/regime/service.js';
import { snapshotsValue } from '../../src/regime/snapshot-history.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { seedTreasuryAndRegime } from './support.js';

/** Counts the SELECTs that read the snapshot table (it observes; every query runs as written). */
class SnapshotReads implements KyselyPlugin {
  count = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"regime_snapshot"'))
      this.count += 1;
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describeEachDatabase('regime ranges cut from one history', (kind) => {
  let ctx: TestContext;
  let reads: SnapshotReads;
  let service: RegimeService;
  let plain: RegimeRepository;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await seedTreasuryAndRegime(ctx);
    reads = new SnapshotReads();
    const { db } = ctx.testDb.database;
    service = new RegimeService({
      repository: new RegimeRepository(db.withPlugin(reads)),
      versions: ctx.app.convene.versions,
    });
    plain = new RegimeRepository(db);
  });
  afterAll(async () => ctx.close());

  /** The body as the route built it before: this range's rows, serialised on their own. */
  const serialisedAlone = async (range: number) =>
    JSON.stringify(
      snapshotsValue(
        await plain.recentSnapshots(range),
        await plain.latestRun(),
        await plain.seriesStatus(),
      ),
    );

  test('each range is the bytes its rows serialise to alone; the history is read once per data version', async () => {
    const ranges = [1, 2, 30, 179, 180, 181, 365, 1000, 2706, 2707, 3650];
    for (const range of ranges) {
      const body = await service.snapshotsBody(range);
      expect(body.identity.toString(), `range ${range}`).toBe(await serialisedAlone(range));
      expect(gunzipSync(body.gzip).equals(body.identity)).toBe(true);
      expect(brotliDecompressSync(body.brotli).equals(body.identity)).toBe(true);
    }
    expect(reads.count).toBe(1);
    // 2,707 days exist: any longer range is the same body, kept once.
    expect(await service.snapshotsBody(3000)).toBe(await service.snapshotsBody(2707));

    await ctx.app.convene.versions.bump(REGIME_DATASETS.snapshots);
    for (const range of [7, 180, 2000])
      expect((await service.snapshotsBody(range)).identity.toString()).toBe(
        await serialisedAlone(range),
      );
    expect(reads.count).toBe(2);
  });

  test('a flood of distinct ranges stays within the byte budget, reads the history once and keeps the default range', async () => {
    const before = reads.count;
    const home = await service.snapshotsBody(180);
    let largest = 0;
    for (let range = 1100; range <= 2700; range += 16) {
      const body = await service.snapshotsBody(range);
      largest = Math.max(largest, body.identity.length + body.gzip.length + body.brotli.length);
    }
    const { bytes, entries, evictions } = service.snapshotCacheStats;
    expect(bytes).toBeLessThanOrEqual(24 * 1024 * 1024);
    // Without a byte budget 101 bodies of up to `largest` bytes would be kept.
    expect(101 * largest).toBeGreaterThan(24 * 1024 * 1024);
    expect(evictions).toBeGreaterThan(0);
    expect(entries).toBeLessThan(101);
    expect(reads.count).toBe(before);
    // The default range, what most readers fetch, was not pushed out.
    expect(await service.snapshotsBody(180)).toBe(home);
  });
});
