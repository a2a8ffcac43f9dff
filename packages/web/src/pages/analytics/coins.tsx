import { useMemo } from 'preact/hooks';
import type { CoinProfile, CoinRow, CoinsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { Stat } from '../../components/badges.js';
import { DataTable } from '../../components/data-table.js';
import { Sparkline } from '../../components/sparkline.js';
import { TimeChart } from '../../components/time-chart.js';
import { count, pctPoints, price, usd, usdShort } from '../../lib/format.js';
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

export function CoinsPage() {
  const list = useListQuery('/analytics/coins', 'marketCap');
  const coins = useResource<CoinsResponse>(`/api/dashboards/coins?${list.apiQuery}`);
  return (
    <AnalyticsFrame title="Coins" lead="Agent tokens the index tracks, by market cap.">
      <Async resource={coins} what="coins">
        {(data) => (
          <>
            <SearchBox list={list} what="coins" />
            <RowsAsOf rows={data.coins} />
            <DataTable<CoinRow>
              testId="coins"
              server={list}
              rows={data.coins}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: 'Coin',
                  sortKey: 'name',
                  render: (r) => (
                    <>
                      <a href={`/analytics/coins/${r.id}`}>{r.symbol}</a>{' '}
                      <span class="muted small">{r.name}</span>{' '}
                      <StaleMark stale={r.stale} refreshedAt={r.refreshedAt} />
                    </>
                  ),
                },
                { label: 'Chain', render: (r) => r.chain },
                {
                  label: 'Price',
                  primary: true,
                  numeric: true,
                  render: (r) => price(r.priceUsd),
                },
                {
                  label: 'Market cap',
                  numeric: true,
                  render: (r) => usdShort(r.marketCapUsd),
                  sortKey: 'marketCap',
                },
                {
                  label: 'Volume 24h',
                  numeric: true,
                  render: (r) => usdShort(r.volume24hUsd),
                  sortKey: 'volume24h',
                },
                {
                  label: '24h',
                  numeric: true,
                  render: (r) => <Change value={r.change24hPct} />,
                  sortKey: 'change24h',
                },
                {
                  label: 'Agent',
                  render: (r) =>
                    r.agent ? <a href={`/analytics/agents/${r.agent.id}`}>{r.agent.name}</a> : '—',
                },
                {
                  label: 'Market cap, 26 weeks',
                  render: (r) => (
                    <Sparkline values={r.sparkline} label={`${r.symbol} market cap`} />
                  ),
                },
              ]}
            />
            <Pager total={data.total} page={list.page} path="/analytics/coins" query={list.query} />
          </>
        )}
      </Async>
    </AnalyticsFrame>
  );
}

export function CoinPage({ params }: { params: { id: string } }) {
  const coin = useResource<CoinProfile>(`/api/dashboards/coins/${encodeURIComponent(params.id)}`);
  return (
    <AnalyticsFrame
      title="Coin"
      documentTitle={titleOf(coin, 'Coin', (c) => `${c.symbol} ${c.name}`)}
    >
      <Async resource={coin} what="coin">
        {(c) => <CoinBody coin={c} />}
      </Async>
    </AnalyticsFrame>
  );
}

function CoinBody({ coin: c }: { coin: CoinProfile }) {
  const chart = useMemo(
    () =>
      dailyChart(
        'Price and market cap, daily (days without a snapshot are gaps)',
        c.history,
        [
          { label: 'price', pick: (h) => h.priceUsd, color: PALETTE.cyan },
          { label: 'market cap', pick: (h) => h.marketCapUsd, ...MONEY, scale: 'y2' },
        ],
        { yFormat: 'price', y2Format: 'usd' },
      ),
    [c],
  );
  return (
    <section class="card" data-testid="coin-detail">
      <h2>
        {c.symbol} <span class="muted">{c.name}</span>{' '}
        <AsOf stale={c.stale} refreshedAt={c.refreshedAt} />
      </h2>
      <p class="small muted">
        {c.chain} · <Hash value={c.contractAddress} what="contract address" />
        {c.projectSlug !== null ? (
          <>
            {' '}
            · project <a href={`/analytics/projects/${c.projectSlug}`}>{c.projectSlug}</a>
          </>
        ) : null}
      </p>
      <div class="stats">
        <Stat label="Price" value={price(c.priceUsd)} />
        <Stat label="Market cap" value={usd(c.marketCapUsd)} />
        <Stat label="FDV" value={usd(c.fdvUsd)} />
        <Stat label="Volume 24h" value={usd(c.volume24hUsd)} />
        <Stat label="Holders" value={count(c.holders)} />
        <Stat label="30-day change" value={pctPoints(c.change30dPct)} />
      </div>
      <TimeChart spec={chart} testId="coin-chart" />
      <h3>Linked agents</h3>
      {c.linkedAgents.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul>
          {c.linkedAgents.map((a) => (
            <li key={a.id}>
              <a href={`/analytics/agents/${a.id}`}>{a.name}</a>{' '}
              <span class="muted small">{a.protocol ?? ''}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
