import type { DisagreementMap, Quorum, Recommendation } from '../../api/types/swarm.js';
import { STANCES } from '../../api/types/swarm.js';
import { Stat } from '../../components/badges.js';
import { num, pct } from '../../lib/format.js';
import { scrollRegion } from '../../components/scroll-region.js';

export function Histogram({ stances }: { stances: Record<string, number> }) {
  const max = Math.max(1, ...STANCES.map((s) => stances[s] ?? 0));
  return (
    <div class="histogram" role="img" aria-label="stance histogram" data-testid="histogram">
      {STANCES.map((stance) => (
        <div key={stance} class="histogram-row">
          <span class="histogram-label small">{stance}</span>
          <span
            class="histogram-bar"
            style={{ width: `${((stances[stance] ?? 0) / max) * 100}%` }}
          />
          <span class="small">{stances[stance] ?? 0}</span>
        </div>
      ))}
    </div>
  );
}

export function RecommendationPanel(props: {
  recommendation: Recommendation | null;
  quorum: Quorum | null;
}) {
  const { recommendation, quorum } = props;
  if (recommendation === null) return <p class="muted">Not aggregated yet.</p>;
  return (
    <>
      <div class="stats">
        <Stat
          label="Mean stance score"
          value={num(recommendation.score, 3)}
          hint="bearish −1 … bullish +1"
        />
        <Stat label="Mean confidence" value={pct(recommendation.confidence, 0)} />
        {quorum !== null ? (
          <Stat
            label="Quorum"
            value={`${quorum.submitted} / ${quorum.rosterSize}`}
            hint={`${pct(quorum.participation, 0)} participation · needs ${quorum.required} · ${quorum.met ? 'met' : 'not met'}`}
          />
        ) : null}
        {recommendation.drift !== null ? (
          <Stat label="Drift from reference" value={pct(recommendation.drift)} />
        ) : null}
      </div>
      <Histogram stances={recommendation.stances} />
      {recommendation.weights.length > 0 ? (
        <div class="table-scroll" {...scrollRegion('Recommendation vector')}>
          <table class="table compact" data-testid="recommendation-vector">
            <caption>Recommendation vector (unweighted mean of normalised weights)</caption>
            <tbody>
              {recommendation.weights.map((w) => (
                <tr key={w.bucket}>
                  <td>{w.bucket}</td>
                  <td class="num">{pct(w.weight)}</td>
                  <td>
                    <span class="compare-bar">
                      <span class="bar money" style={{ width: `${w.weight * 100}%` }} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted small">No take carried bucket weights.</p>
      )}
      {quorum !== null && quorum.absent.length > 0 ? (
        <p class="small muted">Absent: {quorum.absent.join(', ')}</p>
      ) : null}
    </>
  );
}

export function DisagreementPanel({
  map,
  names,
}: {
  map: DisagreementMap | null;
  names: Map<string, string>;
}) {
  if (map === null)
    return <p class="muted">No disagreement map until the session is aggregated.</p>;
  const who = (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(', ');
  return (
    <div data-testid="disagreement">
      <p>
        Stance spread {num(map.stanceSpread)} · standard deviation {num(map.stanceStdev, 3)}
      </p>
      {map.poles !== null ? (
        <p>
          Most constructive: <strong>{map.poles.mostConstructive.stance}</strong> (
          {who(map.poles.mostConstructive.members)}) — least:{' '}
          <strong>{map.poles.leastConstructive.stance}</strong> (
          {who(map.poles.leastConstructive.members)})
        </p>
      ) : (
        <p class="muted">All counted takes share one stance.</p>
      )}
      {map.buckets.length > 0 ? (
        <div class="table-scroll" {...scrollRegion('Weight dispersion per bucket')}>
          <table class="table compact">
            <caption>Weight dispersion per bucket (min to max across members)</caption>
            <tbody>
              {map.buckets.map((b) => (
                <tr key={b.bucket}>
                  <td>{b.bucket}</td>
                  <td>
                    <span class="compare-bar" title={`${pct(b.min)} – ${pct(b.max)}`}>
                      <span
                        class="range-bar"
                        style={{
                          left: `${b.min * 100}%`,
                          width: `${Math.max(b.spread * 100, 0.5)}%`,
                        }}
                      />
                    </span>
                  </td>
                  <td class="num small">
                    {pct(b.min)}–{pct(b.max)} · σ {pct(b.stdev)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
