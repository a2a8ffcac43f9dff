import { When } from '../../components/when.js';
import { useMemo } from 'preact/hooks';
import type { WalletProfile, WalletRow, WalletsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { Sparkline } from '../../components/sparkline.js';
import { TimeChart } from '../../components/time-chart.js';
import { count, day, num, pctPoints, usd, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { dailyChart, MONEY } from './history.js';
import {
  AnalyticsFrame,
  AsOf,
  Change,
  Pager,
  SearchBox,
  StaleMark,
  RowsAsOf,
  useListQuery,
} from './shared.js';
import { titleOf } from '../../lib/document-title.js';
import { Hash } from '../../components/hash.js';

export function WalletsPage() {
  const list = useListQuery('/analytics/wallets', 'balance');
  const wallets = useResource<WalletsResponse>(`/api/dashboards/wallets?${list.apiQuery}`);
  return (
    <AnalyticsFrame title="Wallets" lead="Wallets of tracked agents and projects, by balance.">
      <Async resource={wallets} what="wallets">
        {(data) => (
          <>
            <SearchBox list={list} what="wallets" />
            <RowsAsOf rows={data.wallets} />
            <DataTable<WalletRow>
              testId="wallets"
              server={list}
              rows={data.wallets}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: 'Wallet',
                  sortKey: 'name',
                  render: (r) => (
                    <>
                      <a href={`/analytics/wallets/${r.id}`}>{r.label}</a>{' '}
                      <span class="muted small">
                        <Hash value={r.address} what="wallet address" />
                      </span>{' '}
                      <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                    </>
                  ),
                },
                { label: 'Chain', render: (r) => r.chain },
                {
                  label: 'Balance',
                  primary: true,
                  numeric: true,
                  render: (r) => usdShort(r.balanceUsd),
                  sortKey: 'balance',
                },
                {
                  label: '24h',
                  numeric: true,
                  render: (r) => <Change value={r.change24hPct} />,
                  sortKey: 'change24h',
                },
                {
                  label: 'Tx 30d',
                  numeric: true,
                  render: (r) => count(r.txCount30d),
                  sortKey: 'activity',
                },
                {
                  label: 'In / out 30d',
                  numeric: true,
                  render: (r) => `${usdShort(r.inflow30dUsd)} / ${usdShort(r.outflow30dUsd)}`,
                },
                {
                  label: 'Owner',
                  render: (r) =>
                    r.agent ? (
                      <a href={`/analytics/agents/${r.agent.id}`}>{r.agent.name}</a>
                    ) : r.projectSlug ? (
                      <a href={`/analytics/projects/${r.projectSlug}`}>{r.projectSlug}</a>
                    ) : (
                      '—'
                    ),
                },
                {
                  label: 'Balance, 26 weeks',
                  render: (r) => (
                    <Sparkline
                      values={r.sparkline}
                      label={`${r.label} balance`}
                      color="var(--green)"
                    />
                  ),
                },
              ]}
            />
            <Pager
              total={data.total}
              page={list.page}
              path="/analytics/wallets"
              query={list.query}
            />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}

export function WalletPage({ params }: { params: { id: string } }) {
  const wallet = useResource<WalletProfile>(
    `/api/dashboards/wallets/${encodeURIComponent(params.id)}`,
  );
  return (
    <AnalyticsFrame title="Wallet" documentTitle={titleOf(wallet, 'Wallet', (w) => w.label)}>
      <Async resource={wallet} what="wallet">
        {(w) => <WalletBody wallet={w} />}
      </Async>
    </AnalyticsFrame>
  );
}

function WalletBody({ wallet: w }: { wallet: WalletProfile }) {
  const chart = useMemo(
    () =>
      dailyChart(
        'Balance, daily (days without a snapshot are gaps)',
        w.history,
        [{ label: 'balance', pick: (h) => h.balanceUsd, ...MONEY }],
        {
          yFormat: 'usd',
        },
      ),
    [w],
  );
  return (
    <section class="card" data-testid="wallet-detail">
      <h2>
        {w.label} <AsOf stale={w.stale} refreshedAt={w.refreshedAt} />
      </h2>
      <p class="small muted mono">
        {w.chain} · {w.address}
      </p>
      <div class="stats">
        <Stat label="Balance" value={usd(w.balanceUsd)} />
        <Stat
          label="30-day change"
          value={w.delta30d === null ? '—' : usd(w.delta30d.changeUsd)}
          hint={
            w.delta30d === null
              ? 'no snapshot 30 days back'
              : `${pctPoints(w.delta30d.changePct)} since ${day(w.delta30d.fromDate)}`
          }
        />
        <Stat label="Transactions 30d" value={count(w.txCount30d)} />
        <Stat label="Last active" value=<When iso={w.lastActiveAt} as="ago" /> />
      </div>
      <TimeChart spec={chart} testId="wallet-chart" />
      <h3>Holdings</h3>
      <DataTable
        rows={w.holdings}
        rowKey={(h) => h.symbol}
        columns={[
          { label: 'Asset', render: (h) => h.symbol },
          { label: 'Amount', numeric: true, render: (h) => num(h.amount) },
          {
            label: 'Value',
            primary: true,
            numeric: true,
            render: (h) => usdShort(h.valueUsd),
            sort: (h) => h.valueUsd,
          },
        ]}
      />
    </section>
  );
}
