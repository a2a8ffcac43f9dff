import { afterAll, beforeAll, expect, test } from 'vitest';
import { kyselyTransactor } from '../../src/db/transactor.js';
import { composeTreasury } from '../../src/treasury/compose.js';
import { createTestApp, TEST_ADMIN_TOKEN, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { seedTreasuryAndRegime } from '../regime/support.js';

describeEachDatabase('treasury routes', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      env: { TOKEN_KEY: 'CVN', TREASURY_REFRESH_SECONDS: '3600' },
    });
    await seedTreasuryAndRegime(ctx, 'treasury');
  });
  afterAll(async () => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers });

  test('before any reading the vault and token routes answer 404 { error } (fresh database)', async () => {
    const fresh = await createTestApp(kind);
    try {
      const vault = await fresh.app.inject({ url: '/api/dashboards/vault-economics' });
      expect(vault.statusCode).toBe(404);
      expect(vault.json()).toEqual({
        error: 'no vault reading has been recorded yet',
        code: 'no_vault_reading',
      });
      const buybacks = (await fresh.app.inject({ url: '/api/dashboards/buybacks' })).json();
      expect(buybacks).toMatchObject({ asOf: null, stale: true, rows: [] });
    } finally {
      await fresh.close();
    }
  });

  test('vault-economics: TVL, share price, cap, exactly three adapters, APY from share-price history', async () => {
    const body = (await get('/api/dashboards/vault-economics')).json();
    expect(body).toMatchObject({
      asOf: '2026-06-01T12:00:00.000Z',
      stale: false,
      provenance: 'seed',
      depositCapUsd: 100_000,
    });
    expect(body.adapters.map((a: { protocol: string }) => a.protocol)).toEqual([
      'morpho',
      'aave',
      'compound',
    ]);
    const adapterSum = body.adapters.reduce(
      (s: number, a: { balanceUsd: number }) => s + a.balanceUsd,
      0,
    );
    expect(adapterSum + body.idleUsd).toBeCloseTo(body.tvlUsd, 0);
    expect(body.apy.apy7d).toBeGreaterThan(0.01);
    expect(body.apy.apy7d).toBeLessThan(0.1);
    expect(body.apy.apy30d).toBeGreaterThan(0.01);
  });

  test('stale flags follow the clock against TREASURY_REFRESH_SECONDS', async () => {
    ctx.clock.set('2026-06-01T12:59:59Z');
    expect((await get('/api/dashboards/vault-economics')).json().stale).toBe(false);
    expect((await get('/api/dashboards/buybacks')).json().stale).toBe(false);
    ctx.clock.set('2026-06-01T13:00:01Z');
    expect((await get('/api/dashboards/vault-economics')).json().stale).toBe(true);
    expect((await get('/api/dashboards/token-metrics')).json().CVN.stale).toBe(true);
    expect((await get('/api/dashboards/buybacks')).json().stale).toBe(true);
    ctx.clock.set('2026-06-01T12:00:00Z');
  });

  test('token-metrics is keyed by TOKEN_KEY with price, supply, market cap and the fee split', async () => {
    const body = (await get('/api/dashboards/token-metrics')).json();
    expect(Object.keys(body).sort()).toEqual(['CVN', 'feeSplit']);
    // The live service's names (prior-art.md §4.4): priceUsd, totalSupply, marketCapUsd.
    expect(Object.keys(body.CVN)).toEqual(
      expect.arrayContaining(['priceUsd', 'totalSupply', 'marketCapUsd']),
    );
    expect(body.CVN.marketCapUsd).toBeCloseTo(body.CVN.priceUsd * body.CVN.totalSupply, 2);
    expect(
      body.feeSplit.shares.reduce((s: number, x: { percent: number }) => s + x.percent, 0),
    ).toBe(100);
  });

  test('buybacks: rows with hash, amounts and value, and a quiet tail the indexer has scanned', async () => {
    const body = (await get('/api/dashboards/buybacks')).json();
    expect(body.rows.length).toBeGreaterThan(10);
    // The live service's row names (prior-art.md §4.4): date, tx, wethSpent, valueUsd, <token>Received.
    expect(Object.keys(body.rows[0]).sort()).toEqual([
      'cvnReceived',
      'date',
      'provenance',
      'spentAsset',
      'tx',
      'valueUsd',
      'wethSpent',
    ]);
    expect(body.rows[0].date < '2026-04-17').toBe(true);
    expect(body.asOf).toBe('2026-06-01T12:00:00.000Z');
    expect(body.stale).toBe(false);
  });

  test('wallet-balances: all five provenance values, history without interpolation, cached with ETag', async () => {
    const response = await get('/api/dashboards/wallet-balances');
    const body = response.json();
    expect(body.wallets).toHaveLength(3);
    const provenances = new Set(
      body.wallets.flatMap((w: { holdings: Array<{ provenance: string }> }) =>
        w.holdings.map((h) => h.provenance),
      ),
    );
    expect([...provenances].sort()).toEqual(['backfilled', 'live', 'seed', 'stale', 'stub']);
    const dates: string[] = body.history.map((h: { date: string }) => h.date);
    expect(dates.length).toBeGreaterThan(300);
    expect(dates.length).toBeLessThan(400);
    expect([...dates].sort()).toEqual(dates);
    const snapshots = await ctx.testDb.database.db
      .selectFrom('wallet_value_snapshot')
      .select(['date'])
      .execute();
    const perDay = new Map<string, number>();
    for (const s of snapshots) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
    for (const date of dates) expect(perDay.get(date)).toBe(3);
    expect(dates.length).toBe([...perDay.values()].filter((n) => n === 3).length);
    const etag = response.headers.etag as string;
    expect(
      (await get('/api/dashboards/wallet-balances', { 'if-none-match': etag })).statusCode,
    ).toBe(304);
  });

  test('wallet-sleeves groups each wallet like the targets', async () => {
    const body = (await get('/api/dashboards/wallet-sleeves')).json();
    expect(body.wallets[0].sleeves.map((s: { key: string }) => s.key)).toEqual([
      'conservative_yield',
      'agent_tokens',
      'unallocated',
    ]);
    const shares = body.totals.reduce((s: number, t: { share: number }) => s + t.share, 0);
    expect(shares).toBeCloseTo(1, 4);
  });

  test('allocation: 95/5 default; admin PUT needs the token and sets a new version; the swarm can too', async () => {
    const initial = (await get('/api/dashboards/allocation')).json();
    expect(initial.sleeves.map((s: { target: number }) => s.target)).toEqual([0.95, 0.05]);
    expect(initial.setBy).toEqual({ kind: 'default', sessionId: null });
    const payload = {
      weights: [
        { bucket: 'aave', weight: 60 },
        { bucket: 'morpho', weight: 30 },
        { bucket: 'juno', weight: 10 },
      ],
      note: 'rebalance',
    };
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/treasury/admin/allocation',
      payload,
    });
    expect(missing.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/treasury/admin/allocation',
      payload,
      headers: { 'x-admin-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await get('/api/dashboards/allocation')).json().version).toBe(0);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/treasury/admin/allocation',
      payload: { weights: [{ bucket: 'lambo', weight: 1 }] },
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'unknown bucket: lambo', code: 'unknown_bucket' });
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/treasury/admin/allocation',
      payload,
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
    });
    expect(ok.statusCode).toBe(200);
    const after = (await get('/api/dashboards/allocation')).json();
    expect(after.setBy).toEqual({ kind: 'admin', sessionId: null });
    expect(after.sleeves[0].target).toBeCloseTo(0.9, 6);
    expect(after.sleeves[0].buckets[0]).toMatchObject({
      key: 'aave',
      target: 0.6,
      withinSleeve: 0.666667,
    });
    expect(after.note).toBe('rebalance');

    const { database } = ctx.app.convene;
    const { allocations } = treasuryOf(ctx);
    const recorded = await database.db.transaction().execute((trx) =>
      allocations.recordSwarmAllocation(trx, {
        sessionId: '6f1d5c1e-0000-4000-8000-000000000001',
        weights: [
          { bucket: 'aave', weight: 0.5 },
          { bucket: 'zzz', weight: 0.000001 },
          { bucket: 'service_token', weight: 0.5 },
        ],
        at: ctx.clock.now(),
      }),
    );
    expect(recorded).toEqual({ version: expect.any(Number), ignoredBuckets: ['zzz'] });
    const swarm = (await get('/api/dashboards/allocation')).json();
    expect(swarm.setBy).toEqual({
      kind: 'swarm',
      sessionId: '6f1d5c1e-0000-4000-8000-000000000001',
    });
    expect(swarm.history.map((h: { setBy: { kind: string } }) => h.setBy.kind)).toEqual([
      'swarm',
      'admin',
    ]);
    // The swarm sets buckets beneath the sleeves; the sleeves keep the admin's 90 / 10.
    expect(swarm.sleeves.map((s: { target: number }) => s.target)).toEqual([0.9, 0.1]);
    expect(swarm.sleeves[0].buckets[0]).toMatchObject({
      key: 'aave',
      target: 0.9,
      withinSleeve: 1,
    });
    expect(swarm.sleeves[1].buckets[0]).toMatchObject({
      key: 'service_token',
      target: 0.1,
      withinSleeve: 1,
    });
  });

  test('a failed indexer pass keeps rows and asOf, records the error', async () => {
    const before = (await get('/api/dashboards/buybacks')).json();
    await treasuryOf(ctx).writes.recordBuybackScanFailure({
      source: 'rpc',
      attemptAt: ctx.clock.now(),
      error: 'RPC timeout',
    });
    const after = (await get('/api/dashboards/buybacks')).json();
    expect(after.rows).toEqual(before.rows);
    expect(after.asOf).toBe(before.asOf);
    expect(after.lastError).toBe('RPC timeout');
  });
});

/** The treasury's parts over the app's database, as the composition root builds them. */
function treasuryOf(ctx: TestContext) {
  const { database, versions } = ctx.app.convene;
  return composeTreasury(database, versions, kyselyTransactor(database.db));
}
