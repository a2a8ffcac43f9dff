import type { AgentRow, AgentsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Chip } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { Sparkline } from '../../components/sparkline.js';
import { ago, countOf, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, Pager, SearchBox, StaleMark, RowsAsOf, useListQuery } from './shared.js';
import { Term } from '../../components/term.js';
import { Measured } from '../../components/measured.js';

export function AgentsPage() {
  const list = useListQuery('/analytics/agents', 'score');
  const agents = useResource<AgentsResponse>(`/api/dashboards/agents?${list.apiQuery}`);
  return (
    <AnalyticsFrame
      title="Agents"
      lead={
        <>
          The agent directory, ranked by <Term id="directory-score">directory score</Term> (0 to
          100): the highest of the x402 score, <Term id="productivity">productivity</Term> and a
          revenue-based score.
        </>
      }
    >
      <Async resource={agents} what="agents">
        {(data) => (
          <>
            <SearchBox list={list} what="agents" />
            <RowsAsOf rows={data.agents} />
            <DataTable<AgentRow>
              testId="agents"
              server={list}
              rows={data.agents}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: 'Agent',
                  sortKey: 'name',
                  render: (r) => (
                    <>
                      <a href={`/analytics/agents/${r.id}`}>{r.name}</a>{' '}
                      <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                    </>
                  ),
                },
                { label: 'Protocol', render: (r) => r.protocol ?? '—' },
                {
                  label: 'Score',
                  term: 'directory-score',
                  primary: true,
                  numeric: true,
                  render: (r) => <Measured value={r.score} unit="of-100" />,
                  sortKey: 'score',
                },
                {
                  label: 'Status',
                  render: (r) => (
                    <Chip tone={r.status === 'active' ? 'good' : 'dim'} text={r.status} />
                  ),
                },
                {
                  label: 'Earned 30d',
                  numeric: true,
                  render: (r) => usdShort(r.earned30dUsd),
                  sortKey: 'revenue30d',
                },
                {
                  label: 'x402 30d',
                  numeric: true,
                  render: (r) =>
                    `${usdShort(r.x402VolumeUsd)} · ${countOf(r.x402Transactions, 'tx', 'tx')}`,
                  sortKey: 'x402Volume',
                },
                {
                  label: 'Balance',
                  numeric: true,
                  render: (r) => usdShort(r.walletBalanceUsd),
                  sortKey: 'balance',
                },
                {
                  label: 'Token',
                  render: (r) =>
                    r.coin ? <a href={`/analytics/coins/${r.coin.id}`}>{r.coin.symbol}</a> : '—',
                },
                {
                  label: 'Revenue, 26 weeks',
                  render: (r) => (
                    <Sparkline
                      values={r.sparklines.revenue}
                      label={`${r.name} revenue`}
                      color="var(--green)"
                    />
                  ),
                },
                { label: 'Last seen', render: (r) => ago(r.lastSeenAt), sortKey: 'lastSeen' },
              ]}
            />
            <Pager
              total={data.total}
              page={list.page}
              path="/analytics/agents"
              query={list.query}
            />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}
