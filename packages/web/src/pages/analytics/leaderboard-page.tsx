import { When } from '../../components/when.js';
import type { LeaderboardResponse, LeaderboardRow } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Chip, Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { count, usd, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import {
  AnalyticsFrame,
  RowsAsOf,
  EvidenceChips,
  Pager,
  SearchBox,
  StatusChip,
  useListQuery,
} from './shared.js';
import { Measured } from '../../components/measured.js';
import { Term } from '../../components/term.js';

const HEALTH_TONE = { healthy: 'good', partial: 'warn', stale: 'bad', empty: 'dim' } as const;

export function LeaderboardPage() {
  const list = useListQuery('/analytics/leaderboard', 'rank');
  const board = useResource<LeaderboardResponse>(`/api/dashboards/leaderboard?${list.apiQuery}`);
  return (
    <AnalyticsFrame
      title="Money-agent leaderboard"
      lead={
        <>
          Agents ranked by a <Term id="signal-score">signal score</Term> (points, no upper bound)
          built from money evidence; each leg of evidence is shown, so a rank never hides what is
          missing.
        </>
      }
    >
      <Async resource={board} what="leaderboard">
        {(data) => (
          <>
            <div class="stats">
              <Stat label="Listed agents" value={count(data.stats.listedAgents)} />
              <Stat
                label="Verified wallet balance"
                value={usd(data.stats.verifiedWalletBalanceUsd)}
              />
              <Stat label="Money in, 30 days" value={usd(data.stats.moneyIn30dUsd)} />
              <Stat label="High confidence" value={count(data.stats.highConfidenceCount)} />
            </div>
            <RowsAsOf
              rows={data.health.flatMap((source) =>
                source.lastRefreshedAt === null
                  ? []
                  : [{ refreshedAt: source.lastRefreshedAt, stale: source.status !== 'healthy' }],
              )}
            />
            <p class="muted small mono">{data.formula}</p>
            <details class="card">
              <summary>Source health</summary>
              <ul>
                {data.health.map((h) => (
                  <li key={h.source}>
                    {h.source} <Chip tone={HEALTH_TONE[h.status]} text={h.status} /> {h.freshRows}/
                    {h.rows} fresh · last refresh <When iso={h.lastRefreshedAt} as="ago" />
                  </li>
                ))}
              </ul>
            </details>
            <SearchBox list={list} what="agents" />
            <DataTable<LeaderboardRow>
              testId="leaderboard"
              cards
              server={list}
              rows={data.agents}
              rowKey={(r) => r.id}
              columns={[
                { label: '#', numeric: true, render: (r) => r.rank, sortKey: 'rank' },
                {
                  label: 'Agent',
                  sortKey: 'name',
                  render: (r) => <a href={`/analytics/agents/${r.id}`}>{r.name}</a>,
                },
                { label: 'Protocol', render: (r) => r.protocol ?? '—' },
                {
                  label: 'Signal',
                  term: 'signal-score',
                  primary: true,
                  numeric: true,
                  render: (r) => <Measured value={r.signalScore} unit="points" />,
                },
                { label: 'Evidence', render: (r) => <StatusChip status={r.evidenceStatus} /> },
                { label: 'Legs', render: (r) => <EvidenceChips evidence={r.evidence} /> },
                { label: 'Confidence', render: (r) => r.confidence },
                {
                  label: 'Revenue 30d',
                  numeric: true,
                  render: (r) => usdShort(r.revenue30dUsd),
                  sortKey: 'revenue30d',
                },
                {
                  label: 'Wallet',
                  numeric: true,
                  render: (r) => usdShort(r.walletBalanceUsd),
                  sortKey: 'balance',
                },
              ]}
            />
            <Pager
              total={data.total}
              page={list.page}
              path="/analytics/leaderboard"
              query={list.query}
            />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}
