import { afterAll, beforeAll, expect, test } from 'vitest';
import { AgentDetail, AgentsDirectoryResponse } from '../../src/analytics/schemas/agents.js';
import {
  CoinProfile,
  CoinsListResponse,
  VaultProfile,
  VaultsListResponse,
  WalletProfile,
  WalletsListResponse,
} from '../../src/analytics/schemas/assets.js';
import { ActivityLogResponse } from '../../src/analytics/schemas/feeds.js';
import {
  EntitiesResponse,
  LeaderboardResponse,
  MarketOverview,
} from '../../src/analytics/schemas/market.js';
import { ProjectDetailResponse, ProjectsResponse } from '../../src/analytics/schemas/projects.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { IDS, importSmallDataset, importViaHttp } from './factories.js';
import { expectShape } from './schema-check.js';

describeEachDatabase('analytics read routes', (kind) => {
  let ctx: TestContext;
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await importSmallDataset(ctx.app);
  });
  afterAll(async () => ctx?.close());

  test('overview: counts, third-party-only vault TVL, totals, 7-day sparkline, leaders', async () => {
    const body = await get('/api/dashboards/overview');
    expectShape(MarketOverview, body);
    expect(body.counts).toEqual({
      agents: 3,
      activeAgents: 1,
      coins: 1,
      vaults: 1,
      wallets: 1,
      projects: 2,
    });
    expect(body.totals.vaultTvlUsd).toBe(250_000); // the own vault's 140 is not in it
    expect(body.vaultTvlUsd).toBe(250_000); // spec §1: a top-level field of the overview
    expect(body.totals.totalAumUsd).toBe(253_000);
    expect(body.totals.agentRevenue30dUsd).toBe(1200);
    expect(body.vaultTvlSparkline7d).toHaveLength(7);
    expect(body.vaultTvlSparkline7d.at(-1)).toEqual({ date: '2026-06-01', tvlUsd: 239_000 });
    expect(body.leaders.agents[0]).toMatchObject({ id: IDS.agentA, name: 'Amber Scout' });
    expect(body.leaders.vaults.map((leader: { id: string }) => leader.id)).toEqual([IDS.vault]);
    expect(body.avgProductivityScore).toBeGreaterThan(0);
  });

  test('entities: one row per tracked agent, coin, vault and wallet, never the own vault', async () => {
    const body = await get('/api/dashboards/entities');
    expectShape(EntitiesResponse, body);
    expect(body.entities.map((row: { type: string }) => row.type)).toEqual([
      'agent',
      'agent',
      'agent',
      'coin',
      'vault',
      'wallet',
    ]);
    expect(body.entities.some((row: { id: string }) => row.id === IDS.ownVault)).toBe(false);
    expect(body.sparklineWeeks).toHaveLength(26);
    const agent = body.entities.find((row: { id: string }) => row.id === IDS.agentA);
    expect(agent).toMatchObject({
      contextLabel: 'x402 score',
      contextValue: 70,
      revenueOrVolumeUsd: 1200,
      balanceOrTvlUsd: 3000,
      stale: false,
      pending: false,
    });
    expect(agent.sparkline).toHaveLength(26);
    expect(agent.sparkline.at(-1)).toBe(40); // Monday 2026-06-01 only
    expect(agent.change24hPct).toBeCloseTo((25 / 2950) * 100, 1);
    const stale = body.entities.find((row: { id: string }) => row.id === IDS.agentB);
    expect(stale.stale).toBe(true); // refreshed 48 h ago, window 36 h
    const vaults = await get('/api/dashboards/entities?type=vault&sort=name');
    expect(vaults.entities.map((row: { id: string }) => row.id)).toEqual([IDS.vault]);
    const paged = await get('/api/dashboards/entities?limit=2&offset=1');
    expect(paged.total).toBe(6);
    expect(paged.entities).toHaveLength(2);
  });

  test('leaderboard: rank, signal score, evidence legs, status and confidence agree with the agent data', async () => {
    const body = await get('/api/dashboards/leaderboard');
    expectShape(LeaderboardResponse, body);
    expect(body.total).toBe(3);
    const [first, second, third] = body.agents;
    expect(first).toMatchObject({
      rank: 1,
      id: IDS.agentA,
      evidenceStatus: 'verified',
      confidence: 'High',
    });
    const weighted = 1200 * 5 + 3000 * 2 + 5000 * 1.5 + 1_000_000 * 0.15 + 1;
    expect(first.signalScore).toBeCloseTo(Math.log10(weighted) * 100 + first.recencyBoost, 1);
    expect(first.recencyBoost).toBeCloseTo(10 * (1 - 2 / 24 / 10), 1);
    expect(second).toMatchObject({ id: IDS.agentB, evidenceStatus: 'partial', confidence: 'Low' });
    expect(second.evidence.moneyIn.status).toBe('partial');
    expect(second.evidence.freshness.status).toBe('partial');
    expect(third).toMatchObject({ id: IDS.agentC, evidenceStatus: 'missing' });
    expect(third.evidence.identity.status).toBe('missing');
    expect(body.stats).toEqual({
      listedAgents: 3,
      verifiedWalletBalanceUsd: 3000,
      moneyIn30dUsd: 1200,
      highConfidenceCount: 1,
    });
    expect(body.health.find((row: { source: string }) => row.source === 'agents')).toMatchObject({
      status: 'partial',
      rows: 3,
      freshRows: 2,
    });
    expect(
      (await get('/api/dashboards/leaderboard?limit=1&offset=1')).agents.map(
        (row: { rank: number }) => row.rank,
      ),
    ).toEqual([2]);
  });

  test('agents directory and dossier', async () => {
    const list = await get('/api/dashboards/agents');
    expectShape(AgentsDirectoryResponse, list);
    expect(list.agents[0]).toMatchObject({
      id: IDS.agentA,
      status: 'active',
      coin: { id: IDS.coin, symbol: 'AMB' },
    });
    expect(list.agents[0].sparklines.balance.at(-1)).toBe(2975);
    expect(
      (await get('/api/dashboards/agents?protocol=virtuals')).agents.map(
        (a: { id: string }) => a.id,
      ),
    ).toEqual([IDS.agentB]);
    expect((await get('/api/dashboards/agents?sort=name&order=desc')).agents[0].name).toBe(
      'Cinder Relay',
    );

    const detail = await get(`/api/dashboards/agents/${IDS.agentA}`);
    expectShape(AgentDetail, detail);
    expect(detail.trust).toMatchObject({
      sourceConfidence: 'high',
      operatorVerified: true,
      verifiedLegs: 6,
    });
    expect(detail.managedVaults.map((v: { id: string }) => v.id)).toEqual([IDS.vault]);
    expect(detail.trackedWallets.map((w: { id: string }) => w.id)).toEqual([IDS.wallet]);
    expect(detail.signal).toMatchObject({
      rank: 1,
      evidenceStatus: 'verified',
      confidence: 'High',
    });
    expect(detail.whyIncluded[0]).toBe('curated: paid research agent');
    expect(detail.openGaps).toEqual([]);
    expect(detail.weekly).toHaveLength(26);
    expect(detail.weekly.at(-2)).toMatchObject({ revenueUsd: 280, x402Transactions: 140 });
    const gaps = await get(`/api/dashboards/agents/${IDS.agentC}`);
    expect(gaps.openGaps).toHaveLength(6);
  });

  test('coins, vaults (own vault excluded) and wallets with their dossiers', async () => {
    const coins = await get('/api/dashboards/coins');
    expectShape(CoinsListResponse, coins);
    expect(coins.coins[0]).toMatchObject({
      id: IDS.coin,
      agent: { id: IDS.agentA, name: 'Amber Scout' },
    });
    const coin = await get(`/api/dashboards/coins/${IDS.coin}`);
    expectShape(CoinProfile, coin);
    expect(coin.linkedAgents.map((a: { id: string }) => a.id)).toEqual([IDS.agentA]);

    const vaults = await get('/api/dashboards/vaults');
    expectShape(VaultsListResponse, vaults);
    expect(vaults.vaults.map((v: { id: string }) => v.id)).toEqual([IDS.vault]);
    expect(vaults.totalTvlUsd).toBe(250_000);
    const vault = await get(`/api/dashboards/vaults/${IDS.vault}`);
    expectShape(VaultProfile, vault);
    expect(vault.history).toHaveLength(40);
    expect(vault.yield.apy7dAvgPct).toBe(7);
    expect(vault.manager).toEqual({ id: IDS.agentA, name: 'Amber Scout' });
    expect(
      (await ctx.app.inject({ url: `/api/dashboards/vaults/${IDS.ownVault}` })).statusCode,
    ).toBe(404);

    const wallets = await get('/api/dashboards/wallets');
    expectShape(WalletsListResponse, wallets);
    const wallet = await get(`/api/dashboards/wallets/${IDS.wallet}`);
    expectShape(WalletProfile, wallet);
    expect(wallet.holdings).toEqual([{ symbol: 'USDC', amount: 3000, valueUsd: 3000 }]);
  });

  test('projects list and dossier: KPIs, facets, 90 daily rows, ratios', async () => {
    const list = await get('/api/projects');
    expectShape(ProjectsResponse, list);
    expect(list.projects[0]).toMatchObject({
      slug: 'amber-scout',
      revenue30dUsd: 600,
      revenueChange30dPct: 100,
      agentCount: 1,
    });
    expect(list.projects[1]).toMatchObject({ slug: 'quiet-co', stale: true });
    const detail = await get('/api/projects/amber-scout');
    expectShape(ProjectDetailResponse, detail);
    expect(detail.history).toHaveLength(90);
    expect(detail.kpis.find((k: { key: string }) => k.key === 'revenue30d')).toMatchObject({
      value: 600,
      change30dPct: 100,
    });
    expect(detail.facets.agents.map((a: { id: string }) => a.id)).toEqual([IDS.agentA]);
    expect(detail.facets.coins.map((c: { id: string }) => c.id)).toEqual([IDS.coin]);
    expect(detail.facets.vaults.map((v: { id: string }) => v.id)).toEqual([IDS.vault]);
    expect(
      detail.ratios.find((r: { key: string }) => r.key === 'revenuePerTransaction').value,
    ).toBe(4);
  });

  test('404 { error } for unknown and malformed ids and slugs', async () => {
    for (const url of [
      `/api/dashboards/agents/${IDS.unknown}`,
      '/api/dashboards/agents/not-a-uuid',
      `/api/dashboards/coins/${IDS.unknown}`,
      '/api/dashboards/coins/1',
      `/api/dashboards/vaults/${IDS.unknown}`,
      `/api/dashboards/wallets/${IDS.unknown}`,
      '/api/dashboards/wallets/%27%3B--',
      '/api/projects/no-such-project',
      '/api/projects/Bad%20Slug',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(Object.keys(response.json())).toEqual(['error', 'code']);
    }
  });

  test('activity is empty while no writer runs, then lists imported entries newest first', async () => {
    expect(await get('/api/dashboards/activity')).toEqual({ entries: [] });
    const entry = (id: string, at: string) => ({
      id,
      occurredAt: at,
      kind: 'payment',
      agentId: IDS.agentA,
      projectSlug: 'amber-scout',
      summary: 'paid',
      amountUsd: 5,
    });
    await importViaHttp(ctx.app, 'activity', [
      entry('aaaaaaaa-0000-4000-8000-000000000001', '2026-05-30T00:00:00Z'),
      entry('aaaaaaaa-0000-4000-8000-000000000002', '2026-05-31T00:00:00Z'),
    ]);
    const body = await get('/api/dashboards/activity');
    expectShape(ActivityLogResponse, body);
    expect(body.entries.map((e: { id: string }) => e.id.slice(-1))).toEqual(['2', '1']);
    expect(body.entries[0].agent).toEqual({ id: IDS.agentA, name: 'Amber Scout' });
    expect((await get('/api/projects/amber-scout')).activity).toHaveLength(2);
  });

  test('default list bodies are cached per data version with ETags; an import rebuilds them', async () => {
    const first = await ctx.app.inject({
      url: '/api/dashboards/vaults',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({
      url: '/api/dashboards/vaults',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await importViaHttp(ctx.app, 'vaults', [
      {
        id: IDS.vault,
        name: 'Keel USDC Yield II',
        status: 'live',
        chain: 'base',
        assetSymbol: 'USDC',
        tvlUsd: 1,
        refreshedAt: '2026-06-01T11:30:00Z',
      },
    ]);
    const after = await ctx.app.inject({
      url: '/api/dashboards/vaults',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().vaults[0].name).toBe('Keel USDC Yield II');
  });

  test('stale is computed from the clock: moving time turns fresh rows stale', async () => {
    const before = await get(`/api/dashboards/coins/${IDS.coin}`);
    expect(before.stale).toBe(false);
    ctx.clock.advance(3 * 3_600_000); // coin window is 3 h; it was refreshed 1 h before
    const cachedList = await get('/api/dashboards/coins');
    expect(cachedList.coins[0].stale).toBe(true);
    expect((await get(`/api/dashboards/coins/${IDS.coin}`)).stale).toBe(true);
    const board = await get('/api/dashboards/leaderboard');
    expect(board.agents[0].recencyBoost).toBeCloseTo(10 * (1 - 5 / 24 / 10), 2); // seen 2 h + 3 h ago
    ctx.clock.advance(-3 * 3_600_000);
  });
});
