import type { DisagreementMap } from '../../api/types/swarm.js';
import type { Headline } from './signed-headline.js';
import { STANCES } from '../../api/types/swarm.js';
import { Stat } from '../../components/badges.js';
import { num, pct } from '../../lib/format.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Term } from '../../components/term.js';

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

/** The headline's verdict, said once at the top of the figures. */
function HeadlineVerdictLine({ headline }: { headline: Headline }) {
  switch (headline.verdict) {
    case 'verified':
      return (
        <>
          <p class="verified" data-testid="headline-verdict" data-verdict="verified">
            ✓ These figures are read from the consensus receipt verified in your browser.
          </p>
          {headline.differing.length > 0 ? (
            <p class="notice attention" data-testid="headline-differs">
              The service&apos;s session record says something else for{' '}
              {headline.differing.join(', ')}: it is not shown; the figures here are the signed
              receipt&apos;s.
            </p>
          ) : null}
        </>
      );
    case 'not-verified':
      return (
        <div class="notice attention" data-testid="headline-verdict" data-verdict="not-verified">
          <p class="not-verified">
            ✗ Not verified: these are the service&apos;s figures, and no receipt verified in your
            browser backs them.
          </p>
          <ul class="reasons">
            {headline.reasons.map((reason) => (
              <li key={reason.code}>
                <code>{reason.code}</code> — {reason.message}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'checking':
      return (
        <p class="muted" data-testid="headline-verdict" data-verdict="checking">
          Checking these figures against the signed receipt in your browser…
        </p>
      );
    case 'unsigned':
      return (
        <p class="muted small" data-testid="headline-verdict" data-verdict="unsigned">
          Not published yet: the service&apos;s working figures, not signed.
        </p>
      );
  }
}

/** Beside each figure when the headline is not the verified receipt's. */
function FigureMark({ verdict }: { verdict: Headline['verdict'] }) {
  if (verdict === 'not-verified')
    return (
      <span class="not-verified small" data-testid="figure-unverified">
        {' '}
        ✗ not verified
      </span>
    );
  if (verdict === 'checking')
    return (
      <span class="muted small" title="checking in your browser">
        {' '}
        …
      </span>
    );
  return null;
}

export function RecommendationPanel({
  headline,
  names,
}: {
  headline: Headline;
  /** Member id → handle, from the session's roster: readers see who, never a UUID. */
  names: Map<string, string>;
}) {
  const { figures, verdict } = headline;
  if (figures === null) return <p class="muted">Not aggregated yet.</p>;
  const { quorum } = figures;
  const mark = <FigureMark verdict={verdict} />;
  const marked = (text: string) => (
    <>
      {text}
      {mark}
    </>
  );
  return (
    <>
      <HeadlineVerdictLine headline={headline} />
      <div class="stats">
        <Stat
          label={
            <>
              Mean <Term id="stance-score">stance score</Term>
            </>
          }
          value={marked(num(figures.score, 3))}
          hint="bearish −1 … bullish +1"
          testId="headline-score"
        />
        <Stat
          label="Mean confidence"
          value={marked(pct(figures.confidence, 0))}
          testId="headline-confidence"
        />
        <Stat
          label="Quorum"
          value={marked(`${quorum.submitted} / ${quorum.rosterSize}`)}
          hint={`${pct(quorum.participation, 0)} participation · needs ${quorum.required} · ${quorum.met ? 'met' : 'not met'}`}
          testId="headline-quorum"
        />
        {figures.drift !== null ? (
          <Stat
            label={
              <>
                <Term id="drift">Drift</Term> from reference
              </>
            }
            value={pct(figures.drift)}
            hint="the service's figure: not part of the signed receipt"
          />
        ) : null}
      </div>
      <Histogram stances={figures.stances} />
      {verdict === 'not-verified' ? (
        <p class="not-verified small">✗ stance counts not verified</p>
      ) : null}
      {figures.weights.length > 0 ? (
        <ScrollRegion label="Recommendation vector">
          <table class="table compact" data-testid="recommendation-vector">
            <caption>
              Recommendation vector (unweighted mean of{' '}
              <Term id="normalised-weights">normalised weights</Term>){mark}
            </caption>
            <tbody>
              {figures.weights.map((w) => (
                <tr key={w.bucket}>
                  <td>{w.bucket}</td>
                  <td class="num" data-primary>
                    {pct(w.weight)}
                  </td>
                  <td>
                    <span class="compare-bar">
                      <span class="bar money" style={{ width: `${w.weight * 100}%` }} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p class="muted small">No take carried bucket weights.</p>
      )}
      {quorum.absent.length > 0 ? (
        <p class="small muted" data-testid="absent-members">
          Absent: {quorum.absent.map((id) => names.get(id) ?? id).join(', ')}
        </p>
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
        <ScrollRegion label="Weight dispersion per bucket">
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
                  <td class="num small" data-primary>
                    {pct(b.min)}–{pct(b.max)} · σ {pct(b.stdev)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </div>
  );
}
