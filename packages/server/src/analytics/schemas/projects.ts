import { Type, type Static } from 'typebox';
import * as C from './common.js';
import { ActivityEntry } from './feeds.js';

export const ProjectRow = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  category: Type.String(),
  chain: C.Nullable(Type.String()),
  tagline: C.Nullable(Type.String()),
  revenue30dUsd: Type.Number(),
  revenueChange30dPct: C.Pct('last 30 days of revenue against the 30 before'),
  volume30dUsd: C.Nullable(Type.Number()),
  tvlUsd: C.NullableUsd('latest TVL on record'),
  agentCount: Type.Integer(),
  coin: C.Nullable(
    Type.Object({ id: C.Uuid, symbol: Type.String(), marketCapUsd: C.Nullable(Type.Number()) }),
  ),
  ...C.Freshness,
});

export const ProjectsResponse = Type.Object(
  { generatedAt: C.GeneratedAt, total: Type.Integer(), projects: Type.Array(ProjectRow) },
  { title: 'ProjectsResponse' },
);
export const ProjectsQuery = Type.Object({
  category: Type.Optional(Type.String()),
  sort: Type.Optional(
    Type.Union(
      [Type.Literal('revenue'), Type.Literal('tvl'), Type.Literal('name'), Type.Literal('listed')],
      {
        description: 'default revenue',
      },
    ),
  ),
  ...C.Paging,
});

const Kpi = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: C.Nullable(Type.Number()),
  unit: Type.Union([Type.Literal('usd'), Type.Literal('count'), Type.Literal('pct')]),
  change30dPct: C.Pct('against the previous 30 days (or the value 30 days ago for stocks)'),
});
const Ratio = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: C.Nullable(Type.Number({ description: 'null when a denominator is missing or zero' })),
  description: Type.String(),
});

export const ProjectDetailResponse = Type.Object(
  {
    generatedAt: C.GeneratedAt,
    hero: Type.Object({
      slug: Type.String(),
      name: Type.String(),
      category: Type.String(),
      chain: C.Nullable(Type.String()),
      tagline: C.Nullable(Type.String()),
      description: C.Nullable(Type.String()),
      site: C.Nullable(Type.String()),
      twitter: C.Nullable(Type.String()),
      logoUrl: C.Nullable(Type.String()),
      tags: Type.Array(Type.String()),
      listedAt: C.IsoTime('when the project joined the roster'),
    }),
    kpis: Type.Array(Kpi, {
      description: 'KPI strip: revenue, volume, transactions, active users, TVL, market cap',
    }),
    facets: Type.Object({
      agents: Type.Array(
        Type.Object({
          id: C.Uuid,
          name: Type.String(),
          protocol: C.Nullable(Type.String()),
          revenue30dUsd: Type.Number(),
          walletBalanceUsd: Type.Number(),
          status: Type.String(),
        }),
      ),
      coins: Type.Array(
        Type.Object({
          id: C.Uuid,
          symbol: Type.String(),
          priceUsd: C.Nullable(Type.Number()),
          marketCapUsd: C.Nullable(Type.Number()),
        }),
      ),
      vaults: Type.Array(
        Type.Object({
          id: C.Uuid,
          name: Type.String(),
          tvlUsd: Type.Number(),
          apyPct: C.Nullable(Type.Number()),
        }),
      ),
      wallets: Type.Array(
        Type.Object({
          id: C.Uuid,
          label: Type.String(),
          chain: Type.String(),
          balanceUsd: Type.Number(),
        }),
      ),
    }),
    history: Type.Array(
      Type.Object({
        date: C.IsoDate,
        revenueUsd: Type.Number(),
        volumeUsd: C.Nullable(Type.Number()),
        transactions: C.Nullable(Type.Integer()),
        activeUsers: C.Nullable(Type.Integer()),
        tvlUsd: C.Nullable(Type.Number()),
      }),
      {
        description:
          'raw daily rows of the last 90 days, oldest first; days without data are absent',
      },
    ),
    ratios: Type.Array(Ratio, { description: 'ratio tiles' }),
    activity: Type.Array(ActivityEntry, {
      description: 'the project’s latest 20 activity entries',
    }),
    ...C.Freshness,
  },
  { title: 'ProjectDetailResponse' },
);

export type ProjectRow = Static<typeof ProjectRow>;
export type ProjectsQuery = Static<typeof ProjectsQuery>;
export type ProjectDetailResponse = Static<typeof ProjectDetailResponse>;
