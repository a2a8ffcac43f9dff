import type { IndicatorReading, RegimeLatest } from '../../api/types/regime.js';
import { Chip } from '../../components/badges.js';
import { Sparkline } from '../../components/sparkline.js';
import { indicatorValue, measured, pct, percentile, transformLabel } from '../../lib/format.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { Term } from '../../components/term.js';

const PANEL_TITLES: Record<string, string> = {
  macro: 'Macro panel',
  onchain: 'On-chain panel',
  factor: 'Equity-factor panel',
};

function signedTone(value: number | null): 'good' | 'warn' | 'dim' {
  if (value === null) return 'dim';
  if (value >= 0.67) return 'good';
  if (value < 0.33) return 'warn';
  return 'dim';
}

function FillAge({ reading }: { reading: IndicatorReading }) {
  if (reading.forwardFillExpired) {
    return (
      <Chip
        tone="warn"
        text="expired"
        title={`last observation ${reading.rawDate ?? 'never'}: too old to carry forward`}
      />
    );
  }
  if (reading.forwardFillAgeDays === null) return <span class="muted">—</span>;
  if (reading.forwardFillAgeDays === 0) return <Chip tone="info" text="today" />;
  return (
    <Chip
      text={`${reading.forwardFillAgeDays} d old`}
      title={`last observation ${reading.rawDate ?? ''}, carried forward`}
    />
  );
}

export function IndicatorTables({ latest }: { latest: RegimeLatest }) {
  const panels = [...new Set(latest.indicators.map((i) => i.panel))];
  return (
    <>
      {panels.map((panel) => (
        <section class="card" key={panel} data-testid={`indicators-${panel}`}>
          <h2>{PANEL_TITLES[panel] ?? panel}</h2>
          <ScrollRegion label={`${PANEL_TITLES[panel] ?? panel} indicators`}>
            <table class="table compact">
              <thead>
                <tr>
                  <th>Indicator</th>
                  <th class="hide-phone">
                    <Term id="signed-percentile">Signed percentile</Term>, last 24 month ends
                  </th>
                  <th
                    class="num"
                    title="the value the classifier ranks: the transformed series"
                    data-primary
                  >
                    Value used
                  </th>
                  <th class="num">
                    <Term id="signed-percentile">Signed percentile</Term> now
                  </th>
                  <th class="num">Weight</th>
                  <th>Fill age</th>
                </tr>
              </thead>
              <tbody>
                {latest.indicators
                  .filter((i) => i.panel === panel)
                  .map((i) => (
                    <tr key={i.id}>
                      <td>
                        <div>{i.name}</div>
                        <div
                          class="muted small"
                          title={
                            i.sign < 0
                              ? 'sign −1: a high raw value is risk-off, so the percentile is flipped'
                              : 'sign +1: a high raw value is risk-on'
                          }
                        >
                          {i.id} · {i.sources.join(', ')} · {i.transform} · sign{' '}
                          {i.sign > 0 ? '+1' : '−1'}
                        </div>
                      </td>
                      <td class="hide-phone">
                        <Sparkline
                          values={i.sparkline.map((p) => p.value)}
                          domain={[0, 1]}
                          label={`${i.name}: signed percentile at each of the last 24 month ends`}
                        />
                      </td>
                      <td
                        class="num"
                        data-testid="indicator-value"
                        data-indicator={i.id}
                        data-primary
                      >
                        <div>{indicatorValue(i.transformedValue, i.transform, i.unit)}</div>
                        <div class="muted small" title={`last raw observation ${i.rawDate ?? ''}`}>
                          {transformLabel(i.transform)}
                          {i.transform === 'level' ? '' : ` of ${measured(i.rawValue, i.unit)}`}
                        </div>
                      </td>
                      <td class="num">
                        <Chip
                          tone={signedTone(i.signedPercentile)}
                          text={percentile(i.signedPercentile)}
                        />
                      </td>
                      <td class="num">{pct(i.panelWeight)}</td>
                      <td>
                        <FillAge reading={i} />
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ))}
    </>
  );
}
