import { seededRandom } from '@convene/test-support';
import { utcDate } from '@convene/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importDataset } from '../../src/analytics/demo.js';
import { generateDemoDataset } from '../../src/analytics/demo/generator.js';
import { addDays } from '../../src/analytics/freshness.js';
import { composeImporter } from '../../src/analytics/compose.js';
import { AnalyticsRepository } from '../../src/analytics/repository.js';
import { loadSnapshot, type AnalyticsSnapshot } from '../../src/analytics/snapshot.js';
import { rankAgents } from '../../src/analytics/views/shared.js';
import { createTestApp, type TestContext } from '../support/app.js';

/**
 * Every list answered from the indexes equals the straightforward answer: every row built, filtered,
 * fully sorted and then paged (how the lists were computed before they were indexed), for random
 * queries over the demo dataset, at two clock times in different TTL windows.
 */

type Row = Record<string, unknown> & { name?: string };
type Order = 'asc' | 'desc' | undefined;
type Query = Record<string, string | number | undefined>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const nested = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

function bySearch(search: unknown, fields: (row: Row) => unknown[]) {
  const needle = text(search)?.trim().toLowerCase() ?? '';
  return (row: Row) =>
    needle === '' ||
    fields(row).some((field) => typeof field === 'string' && field.toLowerCase().includes(needle));
}

function byNumber(key: (row: Row) => number | null, order: Order, name: (row: Row) => string) {
  return (a: Row, b: Row) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null)
      return x === y ? name(a).localeCompare(name(b)) : x === null ? 1 : -1;
    const diff = (order ?? 'desc') === 'desc' ? y - x : x - y;
    return diff !== 0 ? diff : name(a).localeCompare(name(b));
  };
}

const byName = (order: Order, name: (row: Row) => string) => (a: Row, b: Row) =>
  ((order ?? 'asc') === 'asc' ? 1 : -1) * name(a).localeCompare(name(b));

const page = (rows: Row[], query: Query) => {
  const offset = Number(query.offset ?? 0);
  return rows.slice(offset, query.limit === undefined ? undefined : offset + Number(query.limit));
};

const rowName = (row: Row) => text(row.name) ?? '';

/** The old algorithm for one list: filter every row, sort them all (stably), then page. */
function reference(
  all: Row[],
  query: Query,
  search: (row: Row) => unknown[],
  keys: Record<string, (row: Row) => number | null>,
  fallback: string,
  name = rowName,
) {
  const sort = text(query.sort) ?? fallback;
  const order = text(query.order) as Order;
  const key = keys[sort];
  const rows = all
    .filter(bySearch(query.search, search))
    .sort(key === undefined ? byName(order, name) : byNumber(key, order, name));
  return { total: rows.length, rows };
}

describe('analytics lists: indexed answers equal full sorts', () => {
  let ctx: TestContext;
  const random = seededRandom('LIST_EQUIVALENCE_SEED');
  console.log(`LIST_EQUIVALENCE_SEED=${random.seed}`);
  const pick = <T>(values: readonly T[]): T =>
    values[Math.floor(random.next() * values.length)] as T;

  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const dataset = await generateDemoDataset(ctx.clock.now());
    const yesterday = addDays(utcDate(ctx.clock.now()), -1);
    await importDataset(composeImporter(ctx.testDb.database, ctx.app.convene.versions, ctx.clock), {
      coins: dataset.coins ?? [],
      agents: dataset.agents ?? [],
      vaults: dataset.vaults ?? [],
      wallets: dataset.wallets ?? [],
      projects: dataset.projects ?? [],
      // Two days of agent history give the entities' 24 h change; older history orders nothing.
      'agent-history': (dataset['agent-history'] ?? []).filter(
        (day) => (day as { date: string }).date >= yesterday,
      ),
    });
  }, 120_000);
  afterAll(async () => ctx?.close());

  const get = async (path: string, query: Query): Promise<Record<string, unknown>> => {
    const params = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
      .join('&');
    const url = params === '' ? path : `${path}?${params}`;
    const response = await ctx.app.inject({ url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  /** The list's answer to `query` is the reference's `total` and page of its `rows`. */
  const expectList = async (
    path: string,
    key: string,
    query: Query,
    want: { total: number; rows: Row[] },
    paging: Query = query,
  ) => {
    const got = await get(path, query);
    expect(got.total, JSON.stringify(query)).toBe(want.total);
    expect(got[key], JSON.stringify(query)).toEqual(page(want.rows, paging));
    return got;
  };

  /** Every row of a list in the snapshot's own order (the order the old stable sorts started from). */
  const everyRow = async (
    path: string,
    key: string,
    ids: string[],
    id = (row: Row) => text(row.id),
  ) => {
    const rows = (await get(path, { limit: 5000 }))[key] as Row[];
    const byId = new Map(rows.map((row) => [id(row), row]));
    return ids.map((each) => byId.get(each) as Row);
  };

  /** A search term: part of a real field in random case, a short gram, blank, or nothing at all. */
  const searchFrom = (fields: string[]) => {
    const field = pick(fields);
    const start = Math.floor(random.next() * field.length);
    const part = field.slice(start, start + 1 + Math.floor(random.next() * 8));
    const cased = [...part].map((c) => (random.next() < 0.5 ? c.toUpperCase() : c)).join('');
    return pick([
      undefined,
      undefined,
      '',
      '  ',
      cased,
      ` ${cased} `,
      part.slice(0, 2),
      'zzq-none',
    ]);
  };
  const paging = (size: number) => ({
    offset: pick([undefined, 0, Math.floor(random.next() * size), size - 1]),
    limit: pick([undefined, 1, 1 + Math.floor(random.next() * 60), size]),
  });

  async function compareAll(snapshot: AnalyticsSnapshot, trials: number) {
    const agentIds = snapshot.agents.map((agent) => agent.id);
    const agents = await everyRow('/api/dashboards/agents', 'agents', agentIds);
    const coins = await everyRow(
      '/api/dashboards/coins',
      'coins',
      snapshot.coins.map((c) => c.id),
    );
    const vaults = await everyRow(
      '/api/dashboards/vaults',
      'vaults',
      snapshot.vaults.map((v) => v.id),
    );
    const wallets = await everyRow(
      '/api/dashboards/wallets',
      'wallets',
      snapshot.wallets.map((w) => w.id),
    );
    const projects = await everyRow(
      '/api/projects',
      'projects',
      snapshot.projects.map((p) => p.slug),
      (row) => text(row.slug),
    );
    const entityKey = (row: Row) => `${text(row.type)}:${text(row.id)}`;
    const entities = await everyRow(
      '/api/dashboards/entities',
      'entities',
      [
        ...snapshot.agents.map((a) => `agent:${a.id}`),
        ...snapshot.coins.map((c) => `coin:${c.id}`),
        ...snapshot.vaults.map((v) => `vault:${v.id}`),
        ...snapshot.wallets.map((w) => `wallet:${w.id}`),
      ],
      entityKey,
    );
    const board = (await get('/api/dashboards/leaderboard', { limit: 5000 })).agents as Row[];
    expect(board.map((row) => row.id)).toEqual(
      rankAgents(snapshot, ctx.clock.now()).map((entry) => entry.agent.id),
    );
    const walletAddress = new Map(snapshot.agents.map((a) => [a.id, a.wallet_address]));
    const listedAt = new Map(snapshot.projects.map((p) => [p.slug, p.listed_at.getTime()]));
    const protocols = [...new Set(snapshot.agents.map((a) => a.protocol ?? 'none'))];
    const categories = [...new Set(snapshot.projects.map((p) => p.category))];
    const names = (rows: Row[], field = 'name') => rows.map((row) => text(row[field]) ?? '');

    const lists: Array<() => Promise<void>> = [
      async () => {
        const query: Query = {
          protocol: pick([undefined, ...protocols]),
          status: pick([undefined, 'active', 'idle']),
          sort: pick([
            undefined,
            'score',
            'revenue30d',
            'x402Volume',
            'balance',
            'lastSeen',
            'name',
          ]),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom([
            ...names(agents),
            ...agents.map((a) => text(a.walletAddress) ?? 'x'),
          ]),
          ...paging(agents.length),
        };
        const filtered = agents.filter(
          (row) =>
            (query.protocol === undefined || row.protocol === query.protocol) &&
            (query.status === undefined || row.status === query.status),
        );
        const want = reference(
          filtered,
          query,
          (row) => [row.name, row.protocol, row.walletAddress, nested(row.coin, 'symbol')],
          {
            score: (row) => num(row.score),
            revenue30d: (row) => num(row.earned30dUsd),
            x402Volume: (row) => num(row.x402VolumeUsd),
            balance: (row) => num(row.walletBalanceUsd),
            lastSeen: (row) => {
              const seen = text(row.lastSeenAt);
              return seen === undefined ? null : Date.parse(seen);
            },
          },
          'score',
        );
        await expectList('/api/dashboards/agents', 'agents', query, want);
      },
      async () => {
        const query: Query = {
          sort: pick([undefined, 'marketCap', 'volume24h', 'change24h', 'name']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom([...names(coins), ...names(coins, 'symbol')]),
          ...paging(coins.length),
        };
        const want = reference(
          coins,
          query,
          (row) => [row.name, row.symbol, row.chain, nested(row.agent, 'name')],
          {
            marketCap: (row) => num(row.marketCapUsd),
            volume24h: (row) => num(row.volume24hUsd),
            change24h: (row) => num(row.change24hPct),
          },
          'marketCap',
        );
        await expectList('/api/dashboards/coins', 'coins', query, want);
      },
      async () => {
        const query: Query = {
          sort: pick([undefined, 'tvl', 'apy', 'name']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom(names(vaults)),
          ...paging(vaults.length),
        };
        const want = reference(
          vaults,
          query,
          (row) => [
            row.name,
            row.chain,
            row.platform,
            row.assetSymbol,
            nested(row.manager, 'name'),
          ],
          { tvl: (row) => num(row.tvlUsd), apy: (row) => num(row.apyPct) },
          'tvl',
        );
        const got = await expectList('/api/dashboards/vaults', 'vaults', query, want);
        const tvl = want.rows.reduce((total, row) => total + (num(row.tvlUsd) ?? 0), 0);
        expect(got.totalTvlUsd).toBe(Math.round(tvl * 100) / 100);
      },
      async () => {
        const query: Query = {
          sort: pick([undefined, 'balance', 'change24h', 'activity', 'name']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom([...names(wallets, 'label'), ...names(wallets, 'address')]),
          ...paging(wallets.length),
        };
        const want = reference(
          wallets,
          query,
          (row) => [row.label, row.address, row.chain, nested(row.agent, 'name'), row.projectSlug],
          {
            balance: (row) => num(row.balanceUsd),
            change24h: (row) => num(row.change24hPct),
            activity: (row) => num(row.txCount30d),
          },
          'balance',
          (row) => text(row.label) ?? '',
        );
        await expectList('/api/dashboards/wallets', 'wallets', query, want);
      },
      async () => {
        const query: Query = {
          category: pick([undefined, ...categories, 'no-such-category']),
          sort: pick([undefined, 'revenue', 'tvl', 'listed', 'name']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom([...names(projects), ...names(projects, 'tagline')]),
          ...paging(projects.length),
        };
        const want = reference(
          projects.filter((row) => query.category === undefined || row.category === query.category),
          query,
          (row) => [row.name, row.slug, row.category, row.chain, row.tagline],
          {
            revenue: (row) => num(row.revenue30dUsd),
            tvl: (row) => num(row.tvlUsd),
            listed: (row) => listedAt.get(text(row.slug) ?? '') ?? null,
          },
          'revenue',
        );
        await expectList('/api/projects', 'projects', query, want);
      },
      async () => {
        const query: Query = {
          type: pick([undefined, 'agent', 'coin', 'vault', 'wallet']),
          sort: pick([undefined, 'balance', 'revenue', 'change24h', 'name']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom([...names(entities), 'agent', 'wallet', 'oin']),
          ...paging(entities.length),
        };
        const typed = entities.filter((row) => query.type === undefined || row.type === query.type);
        const order = { agent: 0, coin: 1, vault: 2, wallet: 3 } as Record<string, number>;
        const balance = byNumber((row) => num(row.balanceOrTvlUsd), 'desc', rowName);
        const want =
          query.sort === undefined
            ? (() => {
                const rows = typed
                  .filter(bySearch(query.search, (row) => [row.name, row.type]))
                  .sort(
                    (a, b) =>
                      (order[text(a.type) ?? ''] ?? 0) - (order[text(b.type) ?? ''] ?? 0) ||
                      balance(a, b),
                  );
                return { total: rows.length, rows };
              })()
            : reference(
                typed,
                query,
                (row) => [row.name, row.type],
                {
                  balance: (row) => num(row.balanceOrTvlUsd),
                  revenue: (row) => num(row.revenueOrVolumeUsd),
                  change24h: (row) => num(row.change24hPct),
                },
                'balance',
              );
        await expectList('/api/dashboards/entities', 'entities', query, want);
      },
      async () => {
        const query: Query = {
          sort: pick([undefined, 'rank', 'name', 'balance', 'revenue30d', 'x402Volume']),
          order: pick([undefined, 'asc', 'desc']),
          search: searchFrom(names(board)),
          ...paging(board.length),
        };
        const rank = (row: Row) => num(row.rank) ?? 0;
        const matched = board.filter(
          bySearch(query.search, (row) => [
            row.name,
            row.protocol,
            walletAddress.get(text(row.id) ?? ''),
          ]),
        );
        const sort = query.sort ?? 'rank';
        const value = {
          balance: (row: Row) => num(row.walletBalanceUsd) ?? 0,
          revenue30d: (row: Row) => num(row.revenue30dUsd) ?? 0,
          x402Volume: (row: Row) => num(row.x402VolumeUsd) ?? 0,
        }[String(sort)];
        const sorted =
          sort === 'rank'
            ? query.order === 'asc'
              ? [...matched].reverse()
              : matched
            : sort === 'name'
              ? [...matched].sort(
                  (a, b) =>
                    (query.order === 'desc' ? -1 : 1) * rowName(a).localeCompare(rowName(b)) ||
                    rank(a) - rank(b),
                )
              : [...matched].sort(
                  (a, b) =>
                    (query.order === 'asc' ? 1 : -1) * ((value?.(a) ?? 0) - (value?.(b) ?? 0)) ||
                    rank(a) - rank(b),
                );
        await expectList(
          '/api/dashboards/leaderboard',
          'agents',
          query,
          { total: sorted.length, rows: sorted },
          { ...query, limit: query.limit ?? 100 }, // the leaderboard's default page
        );
      },
    ];
    for (let trial = 0; trial < trials; trial++) await pick(lists)();
  }

  test('random queries over every list, at one clock time and again in a later TTL window', async () => {
    const repository = new AnalyticsRepository(ctx.testDb.database.db);
    await compareAll(await loadSnapshot(repository, utcDate(ctx.clock.now())), 400);
    // Eleven hours on (the same UTC day, so the same snapshot), recency has moved the scores and
    // the signal ranking: the clock-dependent orders must have been rebuilt for the new TTL window.
    ctx.clock.advance(11 * 3_600_000);
    await compareAll(await loadSnapshot(repository, utcDate(ctx.clock.now())), 400);
  }, 120_000);
});
