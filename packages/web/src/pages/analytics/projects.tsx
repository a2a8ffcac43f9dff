import type { ProjectRow, ProjectsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { count, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import {
  AnalyticsFrame,
  Change,
  Pager,
  SearchBox,
  StaleMark,
  RowsAsOf,
  useListQuery,
} from './shared.js';

export function ProjectsPage() {
  const list = useListQuery('/analytics/projects', 'revenue');
  const projects = useResource<ProjectsResponse>(`/api/projects?${list.apiQuery}`);
  return (
    <AnalyticsFrame title="Projects" lead="Every project on the curated roster, by 30-day revenue.">
      <Async resource={projects} what="projects">
        {(data) => (
          <>
            <SearchBox list={list} what="projects" />
            <RowsAsOf rows={data.projects} />
            <DataTable<ProjectRow>
              testId="projects"
              server={list}
              rows={data.projects}
              rowKey={(r) => r.slug}
              columns={[
                {
                  label: 'Project',
                  sortKey: 'name',
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
                  primary: true,
                  numeric: true,
                  render: (r) => usdShort(r.revenue30dUsd),
                  sortKey: 'revenue',
                },
                {
                  label: 'vs prior 30d',
                  numeric: true,
                  render: (r) => <Change value={r.revenueChange30dPct} />,
                },
                {
                  label: 'Volume 30d',
                  numeric: true,
                  render: (r) => usdShort(r.volume30dUsd),
                },
                {
                  label: 'TVL',
                  numeric: true,
                  render: (r) => usdShort(r.tvlUsd),
                  sortKey: 'tvl',
                },
                { label: 'Agents', numeric: true, render: (r) => count(r.agentCount) },
                {
                  label: 'Token',
                  render: (r) =>
                    r.coin ? <a href={`/analytics/coins/${r.coin.id}`}>{r.coin.symbol}</a> : '—',
                },
              ]}
            />
            <Pager
              total={data.total}
              page={list.page}
              path="/analytics/projects"
              query={list.query}
            />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}
