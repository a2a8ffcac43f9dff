import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { agentRecord, importSmallDataset, importViaHttp } from './factories.js';

/** 60 extra agents whose balances are not in id, name or import order, 6 of them named "Needle". */
const EXTRA = Array.from({ length: 60 }, (_, index) => {
  const hex = index.toString(16).padStart(12, '0');
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${hex}`,
    name: `${index % 10 === 3 ? 'Needle' : 'Agent'} ${String(index).padStart(2, '0')}`,
    balance: ((index * 37) % 60) * 1000 + 7,
    revenue: ((index * 11) % 60) * 10,
  };
});

describeEachDatabase(
  'analytics lists: sort, order, search and paging over the whole dataset',
  (kind) => {
    let ctx: TestContext;
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    /** Every page of `url` at `limit` rows, concatenated. */
    const allPages = async (url: string, key: string, limit: number) => {
      const rows: Array<Record<string, unknown>> = [];
      for (let offset = 0; ; offset += limit) {
        const body = await get(`${url}&limit=${limit}&offset=${offset}`);
        rows.push(...body[key]);
        if (offset + limit >= body.total) return { rows, total: body.total as number };
      }
    };

    beforeAll(async () => {
      ctx = await createTestApp(kind);
      await importSmallDataset(ctx.app);
      const response = await importViaHttp(
        ctx.app,
        'agents',
        EXTRA.map((agent) =>
          agentRecord({
            id: agent.id,
            name: agent.name,
            coinId: null,
            projectSlug: null,
            walletAddress: `0x${agent.id.slice(-12)}`,
            walletBalanceUsd: agent.balance,
            revenue30dUsd: agent.revenue,
          }),
        ),
      );
      expect(response.json().rejected).toBe(0);
    });
    afterAll(async () => ctx?.close());

    test('agents sorted by balance: the first page holds the largest balances of the whole dataset, pages continue it', async () => {
      const everything = await get('/api/dashboards/agents?sort=balance');
      const balances = (everything.agents as Array<{ walletBalanceUsd: number | null }>).map(
        (row) => row.walletBalanceUsd ?? -1,
      );
      expect(balances).toEqual([...balances].sort((a, b) => b - a));
      const first = await get('/api/dashboards/agents?sort=balance&limit=5');
      expect(first.total).toBe(63);
      expect(first.agents.map((row: { walletBalanceUsd: number }) => row.walletBalanceUsd)).toEqual(
        balances.slice(0, 5),
      );
      // The largest balance belongs to an agent imported mid-list: a per-page sort would miss it.
      expect(first.agents[0].walletBalanceUsd).toBe(59_007);
      const paged = await allPages('/api/dashboards/agents?sort=balance', 'agents', 7);
      expect(paged.rows.map((row) => row.id)).toEqual(
        everything.agents.map((row: { id: string }) => row.id),
      );
      const ascending = await get('/api/dashboards/agents?sort=balance&order=asc&limit=3');
      expect(
        ascending.agents.map((row: { walletBalanceUsd: number }) => row.walletBalanceUsd),
      ).toEqual(
        [...balances]
          .filter((b) => b >= 0)
          .sort((a, b) => a - b)
          .slice(0, 3),
      );
    });

    test('agents search: case-insensitive, over every row, total counts the matches, then sorted and paged', async () => {
      const body = await get('/api/dashboards/agents?search=nEeDlE&sort=name&order=asc&limit=4');
      expect(body.total).toBe(6);
      expect(body.agents.map((row: { name: string }) => row.name)).toEqual([
        'Needle 03',
        'Needle 13',
        'Needle 23',
        'Needle 33',
      ]);
      const rest = await get(
        '/api/dashboards/agents?search=needle&sort=name&order=asc&limit=4&offset=4',
      );
      expect(rest.agents.map((row: { name: string }) => row.name)).toEqual([
        'Needle 43',
        'Needle 53',
      ]);
      // The wallet address is searchable too.
      const byAddress = await get(`/api/dashboards/agents?search=${EXTRA[42]!.id.slice(-12)}`);
      expect(byAddress.agents.map((row: { id: string }) => row.id)).toEqual([EXTRA[42]!.id]);
      expect((await get('/api/dashboards/agents?search=no-such-thing')).total).toBe(0);
    });

    test('the default answer is unchanged by the new parameters: no search means every row', async () => {
      const plain = await get('/api/dashboards/agents');
      const blank = await get('/api/dashboards/agents?search=');
      expect(blank.agents.map((row: { id: string }) => row.id)).toEqual(
        plain.agents.map((row: { id: string }) => row.id),
      );
      expect(plain.total).toBe(63);
    });

    test('leaderboard: sort by balance and search over the whole ranking, each agent keeping its global rank', async () => {
      const ranked = await get('/api/dashboards/leaderboard?limit=5000');
      const rankOf = new Map(
        ranked.agents.map((row: { id: string; rank: number }) => [row.id, row.rank]),
      );
      expect(ranked.agents.map((row: { rank: number }) => row.rank)).toEqual(
        Array.from({ length: 63 }, (_, index) => index + 1),
      );
      const byBalance = await get('/api/dashboards/leaderboard?sort=balance&limit=3');
      expect(byBalance.total).toBe(63);
      expect(
        byBalance.agents.map((row: { walletBalanceUsd: number }) => row.walletBalanceUsd),
      ).toEqual([59_007, 58_007, 57_007]);
      for (const row of byBalance.agents) expect(row.rank).toBe(rankOf.get(row.id));
      const needles = await get('/api/dashboards/leaderboard?search=needle&sort=name');
      expect(needles.total).toBe(6);
      expect(needles.agents.map((row: { name: string }) => row.name)[0]).toBe('Needle 03');
      const worst = await get('/api/dashboards/leaderboard?order=asc&limit=1');
      expect(worst.agents[0].rank).toBe(63);
    });

    test('coins, vaults, wallets, projects and entities take the same search', async () => {
      const coins = await get('/api/dashboards/coins?search=amb');
      expect(coins.coins.map((row: { symbol: string }) => row.symbol)).toEqual(['AMB']);
      expect((await get('/api/dashboards/coins?search=zzz')).total).toBe(0);
      const vaults = await get('/api/dashboards/vaults?search=zzz');
      expect(vaults).toMatchObject({ total: 0, vaults: [] });
      const allVaults = await get('/api/dashboards/vaults');
      const vaultName = allVaults.vaults[0].name as string;
      expect(
        (await get(`/api/dashboards/vaults?search=${encodeURIComponent(vaultName.slice(1, 5))}`))
          .total,
      ).toBe(1);
      const wallets = await get('/api/dashboards/wallets');
      const label = wallets.wallets[0].label as string;
      expect(
        (await get(`/api/dashboards/wallets?search=${encodeURIComponent(label.toUpperCase())}`))
          .total,
      ).toBe(1);
      expect((await get('/api/dashboards/wallets?search=zzz')).total).toBe(0);
      const projects = await get('/api/projects?search=amber');
      expect(projects.projects.map((row: { slug: string }) => row.slug)).toContain('amber-scout');
      expect(projects.total).toBeLessThan((await get('/api/projects')).total);
      const entities = await get('/api/dashboards/entities?search=needle&sort=balance');
      expect(entities.total).toBe(6);
      expect(entities.entities.every((row: { type: string }) => row.type === 'agent')).toBe(true);
    });

    test('a search longer than 100 characters is refused', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboards/agents?search=${'x'.repeat(101)}`,
      });
      expect(response.statusCode).toBe(400);
    });
  },
);
