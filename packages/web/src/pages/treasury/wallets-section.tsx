import { When } from '../../components/when.js';
import { useMemo } from 'preact/hooks';
import type { WalletBalances } from '../../api/types/treasury.js';
import { Async } from '../../components/async-view.js';
import { ProvenanceBadge, Stat } from '../../components/badges.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { day, num, price, usd } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { dailySeriesByProvenance } from './history-series.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Hash } from '../../components/hash.js';

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
          hint={
            <>
              live read, <When iso={data.asOf} as="ago" />
            </>
          }
          testId="wallets-total"
        />
        <Stat label="Wallets tracked" value={String(data.wallets.length)} />
      </div>
      <AsOfNote data={data} />
      <TimeChart spec={chart} testId="wallet-history-chart" />
      <div class="grid-2">
        {data.wallets.map((wallet) => (
          <div class="subcard" key={wallet.address}>
            <h3>
              {wallet.name} <span class="muted small">{wallet.type}</span>
            </h3>
            <p class="muted small">
              <Hash value={wallet.address} keep={10} what="wallet address" explorer="address" /> ·
              tracked since <When iso={wallet.trackedSince} as="day" /> · {usd(wallet.totalUsd)}
            </p>
            <ScrollRegion label={`${wallet.name} holdings`}>
              <table class="table compact">
                <thead>
                  <tr>
                    <th>Asset</th>
                    <th class="num">Amount</th>
                    <th class="num">Price</th>
                    <th class="num" data-primary>
                      Value
                    </th>
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
                      <td class="num">{price(h.priceUsd)}</td>
                      <td class="num" data-primary>
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
            </ScrollRegion>
          </div>
        ))}
      </div>
    </>
  );
}

/**
 * The headline is the live read; the chart is one persisted snapshot per day. When the chart's last
 * day is not the headline's day or its value differs, say so beside them instead of leaving two
 * totals to disagree silently.
 */
function AsOfNote({ data }: { data: WalletBalances }) {
  const last = data.history[data.history.length - 1];
  if (last === undefined)
    return <p class="muted small">No daily snapshot persisted yet: the chart is empty.</p>;
  const sameDay = data.asOf !== null && data.asOf.slice(0, 10) === last.date;
  const sameValue =
    data.totalUsd !== null &&
    Math.abs(last.totalUsd - data.totalUsd) <= 0.005 * Math.abs(data.totalUsd);
  return (
    <p class={`small ${sameDay && sameValue ? 'muted' : 'notice'}`} data-testid="asof-note">
      {sameDay && sameValue ? (
        <>
          The chart ends on <When iso={last.date} as="day" /> at {usd(last.totalUsd)}, the same as
          the headline.
        </>
      ) : (
        <>
          The headline ({usd(data.totalUsd)}) is the live read of <When iso={data.asOf} />; the
          chart ends at the last persisted daily snapshot, {usd(last.totalUsd)} on{' '}
          <When iso={last.date} as="day" />. They differ because the chart lists only days on which
          every tracked wallet has a persisted snapshot, valued with that day&apos;s prices
          {sameDay ? '' : `, and no such day is persisted after ${day(last.date)} yet`}.
        </>
      )}
    </p>
  );
}
