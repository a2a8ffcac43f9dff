import { When } from '../../components/when.js';
import type { Buybacks, FeeSplit, TokenMetrics, TokenQuote } from '../../api/types/treasury.js';
import { Async } from '../../components/async-view.js';
import { Freshness, ProvenanceBadge, Stat } from '../../components/badges.js';
import { num, pctSig, price, usd } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Hash } from '../../components/hash.js';

function splitTokenMetrics(
  metrics: TokenMetrics,
): { key: string; quote: TokenQuote; feeSplit: FeeSplit } | null {
  const key = Object.keys(metrics).find((k) => k !== 'feeSplit');
  if (key === undefined) return null;
  return { key, quote: metrics[key] as TokenQuote, feeSplit: metrics.feeSplit };
}

/** Tokens acquired: the live service names the field `<token>Received` after the configured token. */
function tokensReceived(row: Buybacks['rows'][number]): number | null {
  const entry = Object.entries(row).find(([field]) => field.endsWith('Received'));
  return typeof entry?.[1] === 'number' ? entry[1] : null;
}

export function TokenSection() {
  const metrics = useResource<TokenMetrics>('/api/dashboards/token-metrics');
  return (
    <section id="token" class="card" data-testid="token">
      <h2>Token and fees</h2>
      <Async resource={metrics} what="token metrics">
        {(data) => {
          const token = splitTokenMetrics(data);
          if (token === null) return <p class="muted">No token configured.</p>;
          const { key, quote, feeSplit } = token;
          return (
            <>
              <p class="meta">
                <strong>{key}</strong> <Freshness asOf={quote.asOf} stale={quote.stale} />{' '}
                <ProvenanceBadge provenance={quote.provenance} />
              </p>
              <div class="stats">
                <Stat label="Spot price" value={price(quote.priceUsd)} />
                <Stat label="Total supply" value={num(quote.totalSupply)} />
                <Stat label="Market cap (L2)" value={usd(quote.marketCapUsd)} />
              </div>
              <h3>Fee split of the {pctSig(feeSplit.swapFeePercent)} swap fee</h3>
              <div class="split-bar" role="img" aria-label="fee split">
                {feeSplit.shares.map((share, i) => (
                  <span
                    key={share.recipient}
                    class={`split-part part-${i}`}
                    style={{ width: `${share.percent}%` }}
                    title={`${share.recipient}: ${pctSig(share.percent)}`}
                  />
                ))}
              </div>
              <ul class="legend-list">
                {feeSplit.shares.map((share, i) => (
                  <li key={share.recipient}>
                    <span class={`swatch part-${i}`} /> <strong>{share.recipient}</strong>{' '}
                    {pctSig(share.percent)} — {share.use}
                  </li>
                ))}
              </ul>
              <p class="muted small">Swap fees fund buybacks; the tokens bought are burned.</p>
            </>
          );
        }}
      </Async>
    </section>
  );
}

export function BuybacksSection() {
  const buybacks = useResource<Buybacks>('/api/dashboards/buybacks');
  return (
    <section id="buybacks" class="card" data-testid="buybacks">
      <h2>Buyback history</h2>
      <Async resource={buybacks} what="buybacks">
        {(data) => <BuybacksBody data={data} />}
      </Async>
    </section>
  );
}

function BuybacksBody({ data }: { data: Buybacks }) {
  const last = data.rows[0]?.date ?? null;
  return (
    <>
      {data.stale ? (
        <p class="notice attention" data-testid="buybacks-note">
          The indexer has not caught up{data.lastError !== null ? ` (${data.lastError})` : ''}:
          missing recent rows may simply not be indexed yet.
        </p>
      ) : (
        <p class="notice" data-testid="buybacks-note">
          Indexer up to date as of <When iso={data.asOf} />.{' '}
          {last !== null ? (
            <>
              No buyback since <When iso={last} as="day" />: a quiet period, not a gap.
            </>
          ) : (
            'No buybacks yet.'
          )}
        </p>
      )}
      <div class="stats">
        <Stat label="Buybacks" value={String(data.totals.count)} />
        <Stat label="Tokens acquired (burned)" value={num(data.totals.tokensAcquired)} />
        <Stat label="Spent (USD at the time)" value={usd(data.totals.valueUsd)} />
      </div>
      <ScrollRegion label="Buyback history">
        <table class="table compact">
          <thead>
            <tr>
              <th>Date</th>
              <th>Transaction</th>
              <th class="num">Spent</th>
              <th class="num">Tokens acquired</th>
              <th class="num" data-primary>
                USD
              </th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.tx}>
                <td>
                  <When iso={row.date} as="day" />
                </td>
                <td class="small">
                  <Hash value={row.tx} keep={8} what="transaction hash" explorer="tx" />
                </td>
                <td class="num">
                  {num(row.wethSpent, 5)} {row.spentAsset}
                </td>
                <td class="num">{num(tokensReceived(row))}</td>
                <td class="num" data-primary>
                  {usd(row.valueUsd)}
                </td>
                <td>
                  <ProvenanceBadge provenance={row.provenance} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
