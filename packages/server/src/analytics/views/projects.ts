import { addDays, daysSince } from '../freshness.js';
import type { ActivityRow, ProjectRow as ProjectDbRow } from '../repository.js';
import type { ActivityEntry } from '../schemas/feeds.js';
import type { ProjectDetailResponse, ProjectRow, ProjectsQuery } from '../schemas/projects.js';
import type { AnalyticsSnapshot } from '../snapshot.js';
import { ListIndex, memoByObject } from '../list-index.js';
import { freshness, iso, nameOf, round2, staticOrdering } from './shared.js';

const pctChange = (from: number | null, to: number | null): number | null =>
  from === null || to === null || from === 0 ? null : round2(((to - from) / from) * 100);

function coinLink(snapshot: AnalyticsSnapshot, coinId: string | null) {
  const coin = coinId === null ? undefined : snapshot.coinById.get(coinId);
  return coin === undefined
    ? null
    : { id: coin.id, symbol: coin.symbol, marketCapUsd: coin.market_cap_usd };
}

const agentCounts = memoByObject((snapshot: AnalyticsSnapshot) => {
  const counts = new Map<string, number>();
  for (const agent of snapshot.agents) {
    if (agent.project_slug !== null)
      counts.set(agent.project_slug, (counts.get(agent.project_slug) ?? 0) + 1);
  }
  return counts;
});

function projectRow(snapshot: AnalyticsSnapshot, project: ProjectDbRow, now: Date): ProjectRow {
  const totals = snapshot.projectTotals.get(project.slug);
  return {
    slug: project.slug,
    name: project.name,
    category: project.category,
    chain: project.chain,
    tagline: project.tagline,
    revenue30dUsd: round2(totals?.revenue30d ?? 0),
    revenueChange30dPct: pctChange(totals?.revenuePrev30d ?? null, totals?.revenue30d ?? null),
    volume30dUsd: totals?.volume30d ?? null,
    tvlUsd: totals?.tvlUsd ?? null,
    agentCount: agentCounts(snapshot).get(project.slug) ?? 0,
    coin: coinLink(snapshot, project.coin_id),
    ...freshness('project', project.refreshed_at, now),
  };
}

const projectIndex = memoByObject((snapshot: AnalyticsSnapshot) => {
  const totals = (project: ProjectDbRow) => snapshot.projectTotals.get(project.slug);
  return {
    index: new ListIndex(snapshot.projects, {
      text: (project) => [
        project.name,
        project.slug,
        project.category,
        project.chain,
        project.tagline,
      ],
      facets: { category: (project) => project.category },
    }),
    keys: {
      revenue: (project: ProjectDbRow) => round2(totals(project)?.revenue30d ?? 0),
      tvl: (project: ProjectDbRow) => totals(project)?.tvlUsd ?? null,
      listed: (project: ProjectDbRow) => project.listed_at.getTime(),
    },
  };
});

export function buildProjects(snapshot: AnalyticsSnapshot, now: Date, query: ProjectsQuery) {
  const { index, keys } = projectIndex(snapshot);
  const ordering = staticOrdering(index, keys, query.sort ?? 'revenue', query.order, nameOf);
  const { total, rows } = index.select(ordering, {
    ...query,
    facets: { category: query.category },
  });
  return {
    generatedAt: iso(now),
    total,
    projects: rows.map((project) => projectRow(snapshot, project, now)),
  };
}

export interface ProjectDay {
  date: string;
  revenue_usd: number;
  volume_usd: number | null;
  transactions: number | null;
  active_users: number | null;
  tvl_usd: number | null;
}

export function activityEntry(snapshot: AnalyticsSnapshot, row: ActivityRow): ActivityEntry {
  const agent = row.agent_id === null ? undefined : snapshot.agentById.get(row.agent_id);
  return {
    id: row.id,
    occurredAt: iso(row.occurred_at),
    kind: row.kind,
    agent: agent === undefined ? null : { id: agent.id, name: agent.name },
    projectSlug: row.project_slug,
    summary: row.summary,
    amountUsd: row.amount_usd,
    txHash: row.tx_hash,
  };
}

export function buildProjectDetail(
  snapshot: AnalyticsSnapshot,
  project: ProjectDbRow,
  days: ProjectDay[],
  activity: ActivityRow[],
  now: Date,
): ProjectDetailResponse {
  const split = addDays(snapshot.today, -30);
  const recent = days.filter((day) => day.date > split);
  const previous = days.filter((day) => day.date <= split && day.date > addDays(split, -30));
  const total = (rows: ProjectDay[], pick: (day: ProjectDay) => number | null): number | null => {
    const values = rows.map(pick).filter((value) => value !== null);
    return values.length === 0 ? null : round2(values.reduce((a, b) => a + b, 0));
  };
  const lastOf = (rows: ProjectDay[], pick: (day: ProjectDay) => number | null): number | null =>
    rows
      .map(pick)
      .filter((value) => value !== null)
      .at(-1) ?? null;
  const revenue = total(recent, (day) => day.revenue_usd) ?? 0;
  const volume = total(recent, (day) => day.volume_usd);
  const transactions = total(recent, (day) => day.transactions);
  const users = lastOf(recent, (day) => day.active_users);
  const tvl = lastOf(days, (day) => day.tvl_usd);
  const coin = coinLink(snapshot, project.coin_id);
  const mcap = coin?.marketCapUsd ?? null;
  const kpi = (
    key: string,
    label: string,
    value: number | null,
    unit: 'usd' | 'count' | 'pct',
    change: number | null,
  ) => ({
    key,
    label,
    value,
    unit,
    change30dPct: change,
  });
  const ratio = (
    key: string,
    label: string,
    num: number | null,
    den: number | null,
    description: string,
  ) => ({
    key,
    label,
    value: num === null || den === null || den === 0 ? null : round2(num / den),
    description,
  });
  const agents = snapshot.agents.filter((agent) => agent.project_slug === project.slug);
  const agentIds = new Set(agents.map((agent) => agent.id));
  return {
    generatedAt: iso(now),
    hero: {
      slug: project.slug,
      name: project.name,
      category: project.category,
      chain: project.chain,
      tagline: project.tagline,
      description: project.description,
      site: project.site,
      twitter: project.twitter,
      logoUrl: project.logo_url,
      tags: Array.isArray(project.tags) ? project.tags : [],
      listedAt: iso(project.listed_at),
    },
    kpis: [
      kpi(
        'revenue30d',
        'Revenue (30d)',
        revenue,
        'usd',
        pctChange(
          total(previous, (d) => d.revenue_usd),
          revenue,
        ),
      ),
      kpi(
        'volume30d',
        'Volume (30d)',
        volume,
        'usd',
        pctChange(
          total(previous, (d) => d.volume_usd),
          volume,
        ),
      ),
      kpi(
        'transactions30d',
        'Transactions (30d)',
        transactions,
        'count',
        pctChange(
          total(previous, (d) => d.transactions),
          transactions,
        ),
      ),
      kpi(
        'activeUsers',
        'Daily active users',
        users,
        'count',
        pctChange(
          lastOf(previous, (d) => d.active_users),
          users,
        ),
      ),
      kpi(
        'tvl',
        'TVL',
        tvl,
        'usd',
        pctChange(
          lastOf(previous, (d) => d.tvl_usd),
          tvl,
        ),
      ),
      kpi('marketCap', 'Token market cap', mcap, 'usd', null),
    ],
    facets: {
      agents: agents.map((agent) => ({
        id: agent.id,
        name: agent.name,
        protocol: agent.protocol,
        revenue30dUsd: agent.revenue_30d_usd,
        walletBalanceUsd: agent.wallet_balance_usd,
        status:
          agent.last_seen_at !== null && daysSince(agent.last_seen_at, now) <= 7
            ? 'active'
            : 'idle',
      })),
      coins: snapshot.coins
        .filter((c) => c.project_slug === project.slug || c.id === project.coin_id)
        .map((c) => ({
          id: c.id,
          symbol: c.symbol,
          priceUsd: c.price_usd,
          marketCapUsd: c.market_cap_usd,
        })),
      vaults: snapshot.vaults
        .filter((vault) => vault.manager_agent_id !== null && agentIds.has(vault.manager_agent_id))
        .map((vault) => ({
          id: vault.id,
          name: vault.name,
          tvlUsd: vault.tvl_usd,
          apyPct: vault.apy_pct,
        })),
      wallets: snapshot.wallets
        .filter(
          (wallet) =>
            wallet.project_slug === project.slug ||
            (wallet.agent_id !== null && agentIds.has(wallet.agent_id)),
        )
        .map((wallet) => ({
          id: wallet.id,
          label: wallet.label,
          chain: wallet.chain,
          balanceUsd: wallet.balance_usd,
        })),
    },
    history: days.map((day) => ({
      date: day.date,
      revenueUsd: day.revenue_usd,
      volumeUsd: day.volume_usd,
      transactions: day.transactions,
      activeUsers: day.active_users,
      tvlUsd: day.tvl_usd,
    })),
    ratios: [
      ratio(
        'priceToSales',
        'Market cap / annualised revenue',
        mcap,
        revenue * 12.17,
        'how many years of current revenue the token is priced at',
      ),
      ratio(
        'revenuePerTransaction',
        'Revenue per transaction',
        revenue,
        transactions,
        'USD earned per transaction over 30 days',
      ),
      ratio(
        'revenuePerUser',
        'Revenue per active user',
        revenue,
        users,
        '30-day revenue over the latest daily active users',
      ),
      ratio(
        'volumeToTvl',
        'Volume / TVL',
        volume,
        tvl,
        '30-day volume turnover of the locked value',
      ),
      ratio(
        'tvlToMarketCap',
        'TVL / market cap',
        tvl,
        mcap,
        'locked value backing each dollar of token value',
      ),
    ],
    activity: activity.map((row) => activityEntry(snapshot, row)),
    ...freshness('project', project.refreshed_at, now),
  };
}
