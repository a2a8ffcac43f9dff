import { useMemo } from 'preact/hooks';
import type { VaultProfile, VaultRow, VaultsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { Sparkline } from '../../components/sparkline.js';
import { TimeChart } from '../../components/time-chart.js';
import { pctPoints, pctValue, sharePrice, usd, usdShort } from '../../lib/format.js';
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
import { PALETTE } from '../../components/palette.js';

export function VaultsPage() {
  const list = useListQuery('/analytics/vaults', 'tvl');
  const vaults = useResource<VaultsResponse>(`/api/dashboards/vaults?${list.apiQuery}`);
  return (
    <AnalyticsFrame
      title="Vaults"
      lead="Third-party vaults; the service's own vault is never listed here."
    >
      <Async resource={vaults} what="vaults">
        {(data) => (
          <>
            <div class="stats">
              <Stat label="Third-party vault TVL" value={usd(data.totalTvlUsd)} />
            </div>
            <SearchBox list={list} what="vaults" />
            <RowsAsOf rows={data.vaults} />
            <DataTable<VaultRow>
              testId="vaults"
              server={list}
              rows={data.vaults}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: 'Vault',
                  sortKey: 'name',
                  render: (r) => (
                    <>
                      <a href={`/analytics/vaults/${r.id}`}>{r.name}</a>{' '}
                      <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                    </>
                  ),
                },
                { label: 'Status', render: (r) => r.status },
                { label: 'Platform', render: (r) => `${r.platform ?? '—'} · ${r.chain}` },
                {
                  label: 'TVL',
                  primary: true,
                  numeric: true,
                  render: (r) => usdShort(r.tvlUsd),
                  sortKey: 'tvl',
                },
                {
                  label: 'APY',
                  numeric: true,
                  render: (r) => pctValue(r.apyPct),
                  sortKey: 'apy',
                },
                { label: '24h', numeric: true, render: (r) => <Change value={r.change24hPct} /> },
                {
                  label: 'Manager',
                  render: (r) =>
                    r.manager ? (
                      <a href={`/analytics/agents/${r.manager.id}`}>{r.manager.name}</a>
                    ) : (
                      '—'
                    ),
                },
                {
                  label: 'TVL, 26 weeks',
                  render: (r) => (
                    <Sparkline values={r.sparkline} label={`${r.name} TVL`} color="var(--green)" />
                  ),
                },
              ]}
            />
            <Pager
              total={data.total}
              page={list.page}
              path="/analytics/vaults"
              query={list.query}
            />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}

export function VaultPage({ params }: { params: { id: string } }) {
  const vault = useResource<VaultProfile>(
    `/api/dashboards/vaults/${encodeURIComponent(params.id)}`,
  );
  return (
    <AnalyticsFrame title="Vault" documentTitle={titleOf(vault, 'Vault', (v) => v.name)}>
      <Async resource={vault} what="vault">
        {(v) => <VaultBody vault={v} />}
      </Async>
    </AnalyticsFrame>
  );
}

function VaultBody({ vault: v }: { vault: VaultProfile }) {
  const chart = useMemo(
    () =>
      dailyChart(
        'TVL and APY, daily',
        v.history,
        [
          { label: 'TVL', pick: (h) => h.tvlUsd, ...MONEY },
          { label: 'APY', pick: (h) => h.apyPct, color: PALETTE.cyan, scale: 'y2' },
        ],
        { yFormat: 'usd', y2Format: 'percent' },
      ),
    [v],
  );
  return (
    <section class="card" data-testid="vault-detail">
      <h2>
        {v.name} <span class="muted small">{v.status}</span>{' '}
        <AsOf stale={v.stale} refreshedAt={v.refreshedAt} />
      </h2>
      <p class="small muted">
        {v.platform ?? '—'} · {v.chain} · {v.assetSymbol} ·{' '}
        <Hash value={v.address} what="vault address" />
        {v.manager !== null ? (
          <>
            {' '}
            · managed by <a href={`/analytics/agents/${v.manager.id}`}>{v.manager.name}</a>
          </>
        ) : null}
      </p>
      {v.strategy !== null ? <p>{v.strategy}</p> : null}
      <div class="stats">
        <Stat label="TVL" value={usd(v.tvlUsd)} />
        <Stat label="APY now" value={pctValue(v.apyPct)} />
        <Stat label="APY 7d avg" value={pctValue(v.yield.apy7dAvgPct)} />
        <Stat label="APY 30d avg" value={pctValue(v.yield.apy30dAvgPct)} />
        <Stat
          label="Share price"
          value={sharePrice(v.sharePrice, v.assetSymbol)}
          hint={`30d ${pctPoints(v.yield.sharePriceChange30dPct)}`}
        />
        <Stat label="Deposit cap" value={usd(v.depositCapUsd)} />
      </div>
      <TimeChart spec={chart} testId="vault-chart" />
    </section>
  );
}
