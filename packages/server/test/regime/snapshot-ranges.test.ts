/**
 * Regime ranges (issue 45): every `range` is cut from one read of the whole history per data
 * version, byte for byte what serialising that range on its own gives, and a stranger's flood of
 * distinct ranges stays within the edge cache's byte budget. The routes run in a Fastify of their
 * own with an edge cache of their own, over a service whose snapshot reads are counted.
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
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { EdgeCache, MIB } from '../../src/http/edge-cache.js';
import { registerEdgeCache } from '../../src/http/edge-server.js';
import { Readiness } from '../../src/readiness.js';
import { REGIME_DATASETS } from '../../src/regime/datasets.js';
import { regimeRoutes } from '../../src/regime/routes.js';
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
  let routes: FastifyInstance;
  const edge = new EdgeCache(new Readiness(), 16 * MIB);

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
    routes = Fastify();
    registerEdgeCache(routes, edge, { completed: () => undefined });
    await routes.register(regimeRoutes, { regime: service });
    await routes.ready();
  });
  afterAll(async () => {
    await routes.close();
    await ctx.close();
  });

  const BOTH = 'gzip, deflate, br';
  /** The range's answer in each encoding, decoded; and its ETag. */
  const get = async (range: number) => {
    const url = `/api/dashboards/regime-snapshots?range=${range}`;
    const identity = await routes.inject({ url });
    const gzip = await routes.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const br = await routes.inject({ url, headers: { 'accept-encoding': BOTH } });
    expect([
      identity.statusCode,
      gzip.headers['content-encoding'],
      br.headers['content-encoding'],
    ]).toEqual([200, 'gzip', 'br']);
    return {
      etag: identity.headers.etag,
      identity: identity.rawPayload,
      gzip: gunzipSync(gzip.rawPayload),
      brotli: brotliDecompressSync(br.rawPayload),
      bytes: identity.rawPayload.length + gzip.rawPayload.length + br.rawPayload.length,
    };
  };
  const rangeStats = () => edge.statsByCache().regime_ranges!;

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
      const body = await get(range);
      expect(body.identity.toString(), `range ${range}`).toBe(await serialisedAlone(range));
      expect(body.gzip.equals(body.identity)).toBe(true);
      expect(body.brotli.equals(body.identity)).toBe(true);
    }
    expect(reads.count).toBe(1);
    // 2,707 days exist: any longer range is the same answer, kept once.
    const kept = rangeStats().entries;
    expect((await get(3000)).etag).toBe((await get(2707)).etag);
    expect(rangeStats().entries).toBe(kept);

    await ctx.app.convene.versions.bump(REGIME_DATASETS.snapshots);
    for (const range of [7, 180, 2000])
      expect((await get(range)).identity.toString()).toBe(await serialisedAlone(range));
    expect(reads.count).toBe(2);
  });

  test('a flood of distinct ranges stays within the byte budget, reads the history once and keeps the default range', async () => {
    const before = reads.count;
    // What most readers fetch: asked again, so it is kept apart from what is asked once.
    const home = await get(180);
    await get(180);
    const cuts = vi.spyOn(service, 'snapshots');
    let largest = 0;
    for (let range = 1100; range <= 2700; range += 32)
      largest = Math.max(largest, (await get(range)).bytes);
    const { bytes, entries, evictions } = rangeStats();
    expect(edge.heldBytes).toBeLessThanOrEqual(16 * MIB);
    expect(bytes).toBeLessThanOrEqual(16 * MIB);
    // Without a byte budget 51 answers of up to `largest` bytes would be kept.
    expect(51 * largest).toBeGreaterThan(16 * MIB);
    expect(evictions).toBeGreaterThan(0);
    expect(entries).toBeLessThan(51);
    expect(reads.count).toBe(before);
    // The default range, what most readers fetch, was not pushed out: answered without a build.
    expect(cuts).toHaveBeenCalledTimes(51);
    expect((await get(180)).etag).toBe(home.etag);
    expect(cuts).toHaveBeenCalledTimes(51);
    cuts.mockRestore();
  });
});
