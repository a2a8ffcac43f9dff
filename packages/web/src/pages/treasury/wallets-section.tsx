import { useMemo } from 'preact/hooks';
import type { WalletBalances } from '../../api/types/treasury.js';
import { Async } from '../../components/async-view.js';
import { ProvenanceBadge, Stat } from '../../components/badges.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { ago, num, shortHash, usd } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { dailySeriesByProvenance } from './history-series.js';
import { scrollRegion } from '../../components/scroll-region.js';

export function WalletsSection() {
  const balances = useResource<WalletBalances>('/api/dashboards/wallet-balances');
  return (
    <section id="wallets" class="card" data-testid="wallets">
      <h2>Protocol wallets</h2>
      <Async resource={balances} what="wallet balances">
        {(data) => <WalletsBody data={data} />}
      </Async>
    </section>
  );
}

function WalletsBody({ data }: { data: WalletBalances }) {
  const chart = useMemo(() => {
    const daily = dailySeriesByProvenance(
      data.history.map((h) => ({ date: h.date, value: h.totalUsd, provenance: h.provenance })),
    );
    const spec: ChartSpec = {
      title: 'Total value of the protocol wallets, daily',
      x: daily.x,
      series: daily.series,
      yFormat: 'usd',
      note:
        `${daily.missingDays} day(s) without a persisted snapshot are gaps, not interpolated. ` +
        Object.entries(data.historyProvenance)
          .map(([provenance, days]) => `${days} ${provenance}`)
          .join(' · '),
    };
    return spec;
  }, [data]);
  return (
    <>
      <div class="stats">
        <Stat
          label="Total across wallets"
          value={usd(data.totalUsd)}
          hint={`as of ${ago(data.asOf)}`}
        />
        <Stat label="Wallets tracked" value={String(data.wallets.length)} />
      </div>
      <TimeChart spec={chart} testId="wallet-history-chart" />
      <div class="grid-2">
        {data.wallets.map((wallet) => (
          <div class="subcard" key={wallet.address}>
            <h3>
              {wallet.name} <span class="muted small">{wallet.type}</span>
            </h3>
            <p class="muted small mono" title={wallet.address}>
              {shortHash(wallet.address, 10)} · tracked since {wallet.trackedSince} ·{' '}
              {usd(wallet.totalUsd)}
            </p>
            <div class="table-scroll" {...scrollRegion(`${wallet.name} holdings`)}>
              <table class="table compact">
                <thead>
                  <tr>
                    <th>Asset</th>
                    <th class="num">Amount</th>
                    <th class="num">Price</th>
                    <th class="num">Value</th>
                    <th>Source</th>
                  </tr>
                </thead>
                <tbody>
                  {wallet.holdings.map((h) => (
                    <tr key={`${h.asset}-${h.assetAddress ?? ''}`}>
                      <td>
                        {h.asset}
                        {h.bucket !== null ? <span class="muted small"> · {h.bucket}</span> : null}
                      </td>
                      <td class="num">{num(h.amount)}</td>
                      <td class="num">{usd(h.priceUsd)}</td>
                      <td class="num">
                        {h.valueUsd === null ? (
                          <span class="muted">unpriced</span>
                        ) : (
                          usd(h.valueUsd)
                        )}
                      </td>
                      <td>
                        <ProvenanceBadge provenance={h.provenance} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
