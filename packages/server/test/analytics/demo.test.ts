import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsDemoSeeder } from '../../src/analytics/demo.js';
import { generateDemoDataset } from '../../src/analytics/demo/generator.js';
import { PROTOCOL_MIX } from '../../src/analytics/demo/market.js';
import type { AgentDirectoryRow } from '../../src/analytics/schemas/agents.js';
import { evaluateEvidence } from '../../src/analytics/scoring.js';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('demo dataset generator', () => {
  test('deterministic for a seed and a clock, at least as large as the real roster', async () => {
    const digest = (value: unknown) =>
      createHash('sha256').update(JSON.stringify(value)).digest('hex');
    const first = await generateDemoDataset(NOW);
    expect(digest(await generateDemoDataset(NOW))).toBe(digest(first));
    expect(first.agents).toHaveLength(909);
    expect(first.coins).toHaveLength(61);
    expect(first.wallets).toHaveLength(793);
    expect(first.projects).toHaveLength(1037);
    expect((first['project-history'] ?? []).length).toBe(1037 * 90);
    const protocols = new Map<string, number>();
    for (const agent of (first.agents ?? []) as Array<{ protocol: string }>) {
      protocols.set(agent.protocol, (protocols.get(agent.protocol) ?? 0) + 1);
    }
    expect(Object.fromEntries(protocols)).toEqual(Object.fromEntries(PROTOCOL_MIX));
    const vaults = (first.vaults ?? []) as Array<{ isOwn: boolean }>;
    expect(vaults.filter((vault) => vault.isOwn)).toHaveLength(1);
    expect(first.activity).toBeUndefined();
  });
});

describeEachDatabase('demo analytics loaded through the import path', (kind) => {
  let ctx: TestContext;
  const get = async (url: string) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  };
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const { database, clock, config, versions, tlog } = ctx.app.convene;
    await analyticsDemoSeeder.seed({ database, clock, config, versions, tlog, log: ctx.app.log });
  }, 300_000); // importing ~205k rows; slow on a busy CI machine
  afterAll(async () => ctx?.close());

  test('lists are complete and every detail is reachable from them', async () => {
    const overview = await get('/api/dashboards/overview');
    expect(overview.counts).toMatchObject({
      agents: 909,
      coins: 61,
      vaults: 5,
      wallets: 793,
      projects: 1037,
    });
    const vaults = await get('/api/dashboards/vaults');
    expect(vaults.vaults.some((v: { name: string }) => v.name === 'Convene Treasury Vault')).toBe(
      false,
    );
    expect(overview.totals.vaultTvlUsd).toBe(vaults.totalTvlUsd);
    const entities = await get('/api/dashboards/entities');
    expect(entities.total).toBe(909 + 61 + 5 + 793);
    expect(entities.entities.filter((row: { stale: boolean }) => row.stale).length).toBeGreaterThan(
      0,
    );
    expect(
      entities.entities.filter((row: { stale: boolean }) => !row.stale).length,
    ).toBeGreaterThan(1500);
    for (const [list, key, route] of [
      ['/api/dashboards/agents', 'agents', '/api/dashboards/agents/'],
      ['/api/dashboards/coins', 'coins', '/api/dashboards/coins/'],
      ['/api/dashboards/vaults', 'vaults', '/api/dashboards/vaults/'],
      ['/api/dashboards/wallets', 'wallets', '/api/dashboards/wallets/'],
    ] as const) {
      const rows = (await get(list))[key] as Array<{ id: string }>;
      for (const row of [...rows.slice(0, 5), ...rows.slice(-5)]) await get(`${route}${row.id}`);
    }
    const projects = (await get('/api/projects')).projects as Array<{ slug: string }>;
    expect(projects).toHaveLength(1037);
    const detail = await get(`/api/projects/${projects[0]!.slug}`);
    expect(detail.history).toHaveLength(90);
    expect((await get('/api/dashboards/activity')).entries).toEqual([]);
    expect((await get('/api/comments')).comments).toHaveLength(50);
  });

  test('leaderboard evidence matches each agent’s own data', async () => {
    const board = await get('/api/dashboards/leaderboard?limit=1000');
    const directory = await get('/api/dashboards/agents?limit=1000');
    expect(board.total).toBe(909);
    const byId = new Map(
      (directory.agents as AgentDirectoryRow[]).map((agent) => [agent.id, agent]),
    );
    const statuses = new Set<string>();
    for (const row of board.agents) {
      const agent = byId.get(row.id)!;
      expect(row.walletBalanceUsd).toBe(agent.walletBalanceUsd);
      expect(row.revenue30dUsd).toBe(agent.earned30dUsd);
      const evidence = evaluateEvidence(
        {
          walletAddress: agent.walletAddress,
          walletBalanceUsd: agent.walletBalanceUsd,
          revenue30dUsd: agent.earned30dUsd,
          revenue182dUsd: 0,
          x402VolumeUsd: agent.x402VolumeUsd,
          x402Transactions: agent.x402Transactions,
          coinLinked: agent.coin !== null,
          tokenMarketCapUsd:
            (agent.coin as { marketCapUsd: number | null } | null)?.marketCapUsd ?? null,
          protocol: row.protocol,
          site: null,
          twitter: null,
          lastSeenAt: agent.lastSeenAt === null ? null : new Date(agent.lastSeenAt),
        },
        ctx.clock.now(),
      );
      for (const leg of ['wallet', 'x402', 'token', 'freshness'] as const) {
        expect(row.evidence[leg].status, `${row.name} ${leg}`).toBe(evidence[leg].status);
      }
      statuses.add(row.evidenceStatus);
    }
    expect([...statuses].sort()).toEqual(['missing', 'partial', 'verified']);
  });

  test('agents’ 30-day figures are the sums of their daily history; coins link back to their agents', async () => {
    const { rows } = await sql<{ id: string; revenue: number; expected: number }>`
      select a.id, a.revenue_30d_usd as expected, coalesce(sum(d.revenue_usd), 0) as revenue
      from analytics_agent a left join analytics_agent_daily d
        on d.agent_id = a.id and d.date > ${'2026-06-01'}::date - 30
      group by a.id, a.revenue_30d_usd`.execute(ctx.testDb.database.db);
    for (const row of rows) expect(row.revenue).toBeCloseTo(row.expected, 0);
    const coins = (await get('/api/dashboards/coins')).coins as Array<{
      id: string;
      agent: { id: string };
    }>;
    for (const coin of coins.slice(0, 10)) {
      const agent = await get(`/api/dashboards/agents/${coin.agent.id}`);
      expect(agent.coin.id).toBe(coin.id);
    }
  });
});
