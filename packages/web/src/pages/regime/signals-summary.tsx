import type { Gauge, RegimeLatest, ResearchSignalSummary } from '../../api/types/regime.js';
import { Async } from '../../components/async-view.js';
import { GaugeBar } from '../../components/badges.js';
import { measured, num, percentile } from '../../lib/format.js';
import type { Resource } from '../../lib/use-resource.js';
import { ScrollRegion } from '../../components/scroll-region.js';

type SignalResource = Resource<ResearchSignalSummary> & { reload: () => void };

function readOf(signal: SignalResource): string {
  if (signal.status === 'loading') return '…';
  if (signal.status === 'error') return 'unavailable';
  return signal.data.payload.summary.read ?? 'no reading';
}

const REGIME_WORDS = { risk_on: 'risk-on', neutral: 'neutral', risk_off: 'risk-off' } as const;

/** The one-line cross-read: the fast composite beside the two slow research signals. */
export function SignalsLine(props: {
  latest: RegimeLatest;
  lateCycle: SignalResource;
  channel: SignalResource;
}) {
  const composite = props.latest.regime === null ? 'no reading' : REGIME_WORDS[props.latest.regime];
  return (
    <p class="signals-line card" data-testid="signals-line">
      Composite says <strong>{composite}</strong> ({num(props.latest.composite, 2)}); channel says{' '}
      <strong>{readOf(props.channel)}</strong>; late-cycle says{' '}
      <strong>{readOf(props.lateCycle)}</strong>.
    </p>
  );
}

export function GaugeTable({ gauges, signal }: { gauges: Gauge[]; signal: ResearchSignalSummary }) {
  return (
    <ScrollRegion label={`${signal.payload.title} gauges`}>
      <table class="table compact">
        <thead>
          <tr>
            <th>Gauge</th>
            <th class="num">Value</th>
            <th>Percentile</th>
            <th data-primary>Read</th>
            <th class="num">8y median</th>
          </tr>
        </thead>
        <tbody>
          {gauges.map((g) => {
            const note = signal.payload.indicators[g.id];
            // Only a summary gauge (CHANNEL, the mean of its components' percentiles) has no note:
            // its value is a percentile.
            const unit = note?.unit ?? 'percentile';
            return (
              <tr key={g.id} data-gauge={g.id} data-unit={unit}>
                <td>{g.name}</td>
                <td class="num" data-testid="gauge-value">
                  {g.value === null ? (
                    <span class="muted">no reading</span>
                  ) : (
                    measured(g.value, unit)
                  )}
                </td>
                <td>
                  <div class="gauge-cell">
                    <GaugeBar value={g.percentile} label={`${g.name} percentile`} warnAbove={0.7} />
                    <span class="small">{percentile(g.percentile)}</span>
                  </div>
                </td>
                <td data-primary>{g.read ?? '—'}</td>
                <td class="num">{measured(note?.median8y ?? null, unit)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function SignalCard({ signal, what }: { signal: SignalResource; what: string }) {
  return (
    <div class="subcard">
      <Async resource={signal} what={what}>
        {(data) => (
          <>
            <h3>
              <a href={`/research/${data.signalKey}`}>{data.payload.title}</a>
            </h3>
            <p class="muted small">{data.payload.question}</p>
            <p>
              <strong>{data.payload.summary.read ?? 'no reading'}</strong> —{' '}
              {data.payload.summary.text}
            </p>
            <GaugeTable gauges={data.payload.gauges} signal={data} />
            <p class="small">
              <a href={`/research/${data.signalKey}`}>Series, BTC and QQQ charts →</a>
            </p>
          </>
        )}
      </Async>
    </div>
  );
}

export function SignalCards(props: { lateCycle: SignalResource; channel: SignalResource }) {
  return (
    <section class="card" data-testid="research-signals">
      <h2>Research signals</h2>
      <p class="muted small">
        Slow reads to set beside the daily composite. In-sample by construction: gradients, not
        triggers.
      </p>
      <div class="grid-2">
        <SignalCard signal={props.lateCycle} what="late-cycle signals" />
        <SignalCard signal={props.channel} what="channel divergence" />
      </div>
    </section>
  );
}
