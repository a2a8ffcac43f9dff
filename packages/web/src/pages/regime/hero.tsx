import { When } from '../../components/when.js';
import type { RegimeLatest } from '../../api/types/regime.js';
import { GaugeBar, RegimeChip } from '../../components/badges.js';
import { indexPoints, num, percentile } from '../../lib/format.js';
import { Term } from '../../components/term.js';

const PANELS = [
  { key: 'macro', label: 'Macro' },
  { key: 'onchain', label: 'On-chain' },
  { key: 'factor', label: 'Equity factor' },
] as const;

export function panelReadings(latest: RegimeLatest) {
  return PANELS.map((panel) => ({
    ...panel,
    index: latest[`${panel.key}Index` as const],
    percentile: latest[`${panel.key}Percentile` as const],
    regime: latest[`${panel.key}Regime` as const],
  }));
}

export function RegimeHero({ latest }: { latest: RegimeLatest }) {
  const panels = panelReadings(latest);
  const indices = panels.map((p) => p.index).filter((v): v is number => v !== null);
  const spread = indices.length > 1 ? Math.max(...indices) - Math.min(...indices) : null;
  return (
    <section class="card hero" data-testid="regime-hero">
      <div class="hero-main">
        <div class="muted small">
          Today (<When iso={latest.date} as="day" />)
        </div>
        <div class="hero-label">
          <RegimeChip regime={latest.regime} />
        </div>
        <div class="hero-number" data-testid="regime-composite">
          composite {num(latest.composite, 3)}
        </div>
        <div class="muted">{percentile(latest.compositePercentile)} of the last 3 years</div>
        <GaugeBar value={latest.composite} label="composite, risk-off to risk-on" />
        <div class="gauge-scale small muted">
          <span>risk-off</span>
          <span>0.33</span>
          <span>0.67</span>
          <span>risk-on</span>
        </div>
      </div>
      <div class="panel-cards">
        {panels.map((panel) => (
          <div class="subcard" key={panel.key}>
            <div class="row-between">
              <strong>{panel.label}</strong> <RegimeChip regime={panel.regime} />
            </div>
            <div class="stat-value">{num(panel.index, 3)}</div>
            <GaugeBar value={panel.index} label={`${panel.label} index`} />
            <div class="muted small">{percentile(panel.percentile)}</div>
          </div>
        ))}
        <div class="subcard" data-testid="panel-range">
          <strong>
            Panel range, in <Term id="points">points</Term>
          </strong>
          <div class="stat-value">{indexPoints(spread)}</div>
          <div class="muted small">
            {panels.map((p) => `${p.label.toLowerCase()} ${num(p.index, 3)}`).join(' · ')}
          </div>
          <div class="muted small">
            How far the panels disagree: a wide range is the story behind a middling composite.
          </div>
        </div>
      </div>
    </section>
  );
}
