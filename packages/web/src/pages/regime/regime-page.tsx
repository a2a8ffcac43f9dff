import { When } from '../../components/when.js';
import { useLocation } from 'preact-iso/router';
import type { RegimeSnapshots, ResearchSignalSummary } from '../../api/types/regime.js';
import { Async } from '../../components/async-view.js';
import { PageHeader } from '../../components/layout.js';
import { useResource } from '../../lib/use-resource.js';
import { Backtests } from './backtests.js';
import { Correlations } from './correlations.js';
import { RegimeHero } from './hero.js';
import { HistoryChart } from './history-chart.js';
import { IndicatorTables } from './indicator-tables.js';
import { SignalsLine, SignalCards } from './signals-summary.js';

const RANGES = [
  { days: '180', label: '6 months' },
  { days: '365', label: '1 year' },
  { days: '1095', label: '3 years' },
  { days: '3650', label: 'all' },
];

export function RegimePage() {
  const { query } = useLocation();
  const range = RANGES.some((r) => r.days === query.range) ? query.range! : '365';
  // Another range keeps the page in place: the current history stays until the new one arrives.
  const regime = useResource<RegimeSnapshots>(`/api/dashboards/regime-snapshots?range=${range}`, {
    view: 'regime',
  });
  // Only the summaries: /regime shows the gauges and the read, the charts live on /research/:key.
  const lateCycle = useResource<ResearchSignalSummary>(
    '/api/dashboards/research-signals/late-cycle-signals/summary',
  );
  const channel = useResource<ResearchSignalSummary>(
    '/api/dashboards/research-signals/channel-divergence/summary',
  );
  return (
    <section>
      <PageHeader
        title="Regime"
        methodology="regime"
        lead="A daily risk-on / risk-off reading: three panels of indicators (macro, on-chain, equity factor), each ranked against its trailing three years, averaged into one composite."
      />
      <Async resource={regime} what="regime snapshots">
        {(data) =>
          data.latest === null ? (
            <p class="notice">No regime reading has been computed yet.</p>
          ) : (
            <>
              <RegimeHero latest={data.latest} />
              <SignalsLine latest={data.latest} lateCycle={lateCycle} channel={channel} />
              <section class="card">
                <h2>History</h2>
                <nav class="range-picker" aria-label="History range">
                  {RANGES.map((r) => (
                    <a
                      key={r.days}
                      href={`/regime?range=${r.days}`}
                      class={r.days === range ? 'active' : ''}
                    >
                      {r.label}
                    </a>
                  ))}
                </nav>
                <HistoryChart history={data.history} />
              </section>
              <IndicatorTables latest={data.latest} />
              <SignalCards lateCycle={lateCycle} channel={channel} />
              <Correlations latest={data.latest} />
              <Backtests latest={data.latest} />
              <Methodology version={data.latest.version} computedAt={data.latest.computedAt} />
            </>
          )
        }
      </Async>
    </section>
  );
}

function Methodology(props: { version: string; computedAt: string }) {
  return (
    <section class="card">
      <h2>Reading this honestly</h2>
      <ul>
        <li>
          Each indicator is transformed (level, SMA ratio or 90-day change), ranked as a trailing
          1,095-day percentile with no look-ahead, and signed so that high means risk-on.
        </li>
        <li>
          Panel index = weighted mean with inverse-correlation weights; composite = mean of the
          three panel indices.
        </li>
        <li>
          The label follows the composite alone: risk-off below 0.33, neutral up to 0.67, risk-on
          above.
        </li>
        <li>
          Missing observations stay missing: a value is forward-filled only when read, and its fill
          age is shown beside it.
        </li>
        <li>
          Backtests and correlations are in-sample over the same history; effective independent
          observations ≈ n / horizon.
        </li>
      </ul>
      <p class="muted small">
        Method version {props.version} · computed <When iso={props.computedAt} />
      </p>
    </section>
  );
}
