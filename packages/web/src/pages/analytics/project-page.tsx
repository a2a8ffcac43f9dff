import { When } from '../../components/when.js';
import { useMemo } from 'preact/hooks';
import type { ProjectDetail } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { TimeChart } from '../../components/time-chart.js';
import { count, pctPoints, pctValue, price, usd, usdShort } from '../../lib/format.js';
import { safeHref } from '../../lib/safe-url.js';
import { useResource } from '../../lib/use-resource.js';
import { ActivityTable } from './activity-page.js';
import { dailyChart, MONEY } from './history.js';
import { AnalyticsFrame, AsOf } from './shared.js';
import { titleOf } from '../../lib/document-title.js';
import { PALETTE } from '../../components/palette.js';
import { Measured, type MeasureUnit } from '../../components/measured.js';

type Kpi = ProjectDetail['kpis'][number];

function kpiValue(kpi: Kpi): string {
  if (kpi.unit === 'usd') return usd(kpi.value);
  if (kpi.unit === 'pct') return pctValue(kpi.value, 1);
  return count(kpi.value);
}

/** Each ratio's unit: dollars per transaction or user, else a multiple of one amount over another. */
const RATIO_UNIT: Partial<Record<string, MeasureUnit>> = {
  revenuePerTransaction: 'usd',
  revenuePerUser: 'usd',
};

export function ProjectPage({ params }: { params: { slug: string } }) {
  const project = useResource<ProjectDetail>(`/api/projects/${encodeURIComponent(params.slug)}`);
  return (
    <AnalyticsFrame title="Project" documentTitle={titleOf(project, 'Project', (p) => p.hero.name)}>
      <Async resource={project} what="project">
        {(p) => <ProjectBody project={p} />}
      </Async>
    </AnalyticsFrame>
  );
}

function ProjectBody({ project: p }: { project: ProjectDetail }) {
  const charts = useMemo(
    () => [
      dailyChart(
        'Revenue and volume, daily (90 days; absent days are gaps)',
        p.history,
        [
          { label: 'revenue', pick: (h) => h.revenueUsd, ...MONEY },
          { label: 'volume', pick: (h) => h.volumeUsd, color: PALETTE.cyan, scale: 'y2' },
        ],
        { yFormat: 'usd', y2Format: 'usd' },
      ),
      dailyChart(
        'Transactions and active users, daily',
        p.history,
        [
          { label: 'transactions', pick: (h) => h.transactions, color: PALETTE.cyan },
          { label: 'active users', pick: (h) => h.activeUsers, color: PALETTE.violet },
        ],
        { yUnit: 'count' },
      ),
      dailyChart('TVL, daily', p.history, [{ label: 'TVL', pick: (h) => h.tvlUsd, ...MONEY }], {
        yFormat: 'usd',
      }),
    ],
    [p],
  );
  const site = safeHref(p.hero.site);
  return (
    <>
      <section class="card" data-testid="project-detail">
        <h2>
          {p.hero.name} <span class="muted small">{p.hero.category}</span>{' '}
          <AsOf stale={p.stale} refreshedAt={p.refreshedAt} />
        </h2>
        {p.hero.tagline !== null ? <p class="lead">{p.hero.tagline}</p> : null}
        {p.hero.description !== null ? <p class="text-body">{p.hero.description}</p> : null}
        <p class="small muted">
          {p.hero.chain ?? 'no chain'} · listed <When iso={p.hero.listedAt} as="day" /> ·{' '}
          {site !== null ? (
            <a href={site} rel="noopener noreferrer nofollow">
              {p.hero.site}
            </a>
          ) : (
            'no site'
          )}
          {p.hero.twitter !== null ? ` · ${p.hero.twitter}` : ''}
          {p.hero.tags.length > 0 ? ` · ${p.hero.tags.join(', ')}` : ''}
        </p>
        <div class="stats">
          {p.kpis.map((kpi) => (
            <Stat
              key={kpi.key}
              label={kpi.label}
              value={kpiValue(kpi)}
              hint={`30d ${pctPoints(kpi.change30dPct)}`}
            />
          ))}
        </div>
        {charts.map((spec) => (
          <TimeChart key={spec.title} spec={spec} testId="project-chart" />
        ))}
        <h3>Ratios</h3>
        <div class="stats">
          {p.ratios.map((r) => (
            <Stat
              key={r.key}
              label={r.label}
              value={<Measured value={r.value} unit={RATIO_UNIT[r.key] ?? 'multiple'} />}
              hint={r.description}
            />
          ))}
        </div>
      </section>
      <section class="card">
        <h3>Agents</h3>
        <DataTable
          rows={p.facets.agents}
          rowKey={(a) => a.id}
          empty="No agents."
          columns={[
            { label: 'Agent', render: (a) => <a href={`/analytics/agents/${a.id}`}>{a.name}</a> },
            { label: 'Protocol', render: (a) => a.protocol ?? '—' },
            {
              label: 'Revenue 30d',
              primary: true,
              numeric: true,
              render: (a) => usdShort(a.revenue30dUsd),
            },
            { label: 'Wallet', numeric: true, render: (a) => usdShort(a.walletBalanceUsd) },
            { label: 'Status', render: (a) => a.status },
          ]}
        />
        <h3>Coins, vaults and wallets</h3>
        <ul>
          {p.facets.coins.map((c) => (
            <li key={c.id}>
              coin <a href={`/analytics/coins/${c.id}`}>{c.symbol}</a> · {price(c.priceUsd)} · cap{' '}
              {usd(c.marketCapUsd)}
            </li>
          ))}
          {p.facets.vaults.map((v) => (
            <li key={v.id}>
              vault <a href={`/analytics/vaults/${v.id}`}>{v.name}</a> · {usd(v.tvlUsd)}
            </li>
          ))}
          {p.facets.wallets.map((w) => (
            <li key={w.id}>
              wallet <a href={`/analytics/wallets/${w.id}`}>{w.label}</a> · {w.chain} ·{' '}
              {usd(w.balanceUsd)}
            </li>
          ))}
        </ul>
        <h3>Activity</h3>
        <ActivityTable entries={p.activity} />
      </section>
    </>
  );
}
