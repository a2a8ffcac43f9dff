import type { ProjectRow, ProjectsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { usd } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, Change, Pager, StaleMark, usePaging } from './shared.js';

export function ProjectsPage() {
  const { page, offsetQuery } = usePaging();
  const projects = useResource<ProjectsResponse>(`/api/projects?${offsetQuery}`);
  return (
    <AnalyticsFrame title="Projects" lead="Every project on the curated roster, by 30-day revenue.">
      <Async resource={projects} what="projects">
        {(data) => (
          <>
            <DataTable<ProjectRow>
              testId="projects"
              rows={data.projects}
              rowKey={(r) => r.slug}
              columns={[
                {
                  label: 'Project',
                  render: (r) => (
                    <>
                      <a href={`/analytics/projects/${r.slug}`}>{r.name}</a>{' '}
                      <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                      <div class="muted small">{r.tagline ?? ''}</div>
                    </>
                  ),
                },
                {
                  label: 'Category',
                  render: (r) => `${r.category}${r.chain ? ` · ${r.chain}` : ''}`,
                },
                {
                  label: 'Revenue 30d',
                  numeric: true,
                  render: (r) => usd(r.revenue30dUsd),
                  sort: (r) => r.revenue30dUsd,
                },
                {
                  label: 'vs prior 30d',
                  numeric: true,
                  render: (r) => <Change value={r.revenueChange30dPct} />,
                  sort: (r) => r.revenueChange30dPct,
                },
                {
                  label: 'Volume 30d',
                  numeric: true,
                  render: (r) => usd(r.volume30dUsd),
                  sort: (r) => r.volume30dUsd,
                },
                {
                  label: 'TVL',
                  numeric: true,
                  render: (r) => usd(r.tvlUsd),
                  sort: (r) => r.tvlUsd,
                },
                { label: 'Agents', numeric: true, render: (r) => r.agentCount },
                {
                  label: 'Token',
                  render: (r) =>
                    r.coin ? <a href={`/analytics/coins/${r.coin.id}`}>{r.coin.symbol}</a> : '—',
                },
              ]}
            />
            <Pager total={data.total} page={page} path="/analytics/projects" />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}
