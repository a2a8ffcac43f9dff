import { When } from '../../components/when.js';
import { useMemo } from 'preact/hooks';
import { RESEARCH_KEYS, type ResearchSignal } from '../../api/types/regime.js';
import { Async } from '../../components/async-view.js';
import { PageHeader } from '../../components/layout.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { dayToSeconds, unitLabel } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { GaugeTable } from './signals-summary.js';
import { PALETTE } from '../../components/palette.js';

export function ResearchPage({ params }: { params: { key: string } }) {
  const known = (RESEARCH_KEYS as readonly string[]).includes(params.key);
  const signal = useResource<ResearchSignal>(
    `/api/dashboards/research-signals/${encodeURIComponent(params.key)}`,
  );
  return (
    <section>
      <p class="small">
        <a href="/regime">← Regime</a> ·{' '}
        {RESEARCH_KEYS.map((k) => (
          <a key={k} href={`/research/${k}`} class="sep">
            {k}
          </a>
        ))}
      </p>
      {!known ? (
        <p class="notice attention">
          Unknown signal key; valid keys are {RESEARCH_KEYS.join(', ')}.
        </p>
      ) : null}
      <Async resource={signal} what="research signal">
        {(data) => <ResearchBody signal={data} />}
      </Async>
    </section>
  );
}

function ResearchBody({ signal }: { signal: ResearchSignal }) {
  const { payload } = signal;
  const charts = useMemo(() => {
    const specs: ChartSpec[] = Object.entries(payload.series).map(([id, points]) => ({
      title: `${payload.indicators[id]?.name ?? id}${payload.indicators[id] ? ` — ${payload.indicators[id].definition}` : ''}`,
      x: points.map((p) => dayToSeconds(p.date)),
      series: [
        { label: 'value', values: points.map((p) => p.value), color: PALETTE.cyan },
        {
          label: 'percentile',
          values: points.map((p) => p.percentile),
          color: PALETTE.amber,
          width: 1,
          scale: 'y2' as const,
        },
      ],
      ...valueAxis(payload.indicators[id]?.unit ?? ''),
      y2Format: 'percentile' as const,
      height: 200,
    }));
    const prices: ChartSpec = {
      title:
        'BTC and QQQ daily prices (log scale; QQQ carries its last close over non-trading days)',
      x: payload.btc_price.map((p) => dayToSeconds(p.date)),
      series: [
        { label: 'BTC', values: payload.btc_price.map((p) => p.value), color: PALETTE.cyan },
        {
          label: 'QQQ',
          values: alignTo(payload.btc_price, payload.qqq_price),
          color: PALETTE.violet,
          scale: 'y2',
        },
      ],
      yLog: true,
      yFormat: 'price',
      y2Format: 'price',
      height: 260,
    };
    return { specs, prices };
  }, [signal]);
  return (
    <>
      <PageHeader title={payload.title} lead={payload.question} methodology="research" />
      <section class="card">
        <p>
          <strong>{payload.summary.read ?? 'no reading'}</strong> — {payload.summary.text}
        </p>
        <p class="muted small">
          As of <When iso={payload.asOf} as="day" /> · {payload.spec}
        </p>
        <GaugeTable gauges={payload.gauges} signal={signal} />
      </section>
      <section class="card" data-testid="research-charts">
        <TimeChart spec={charts.prices} testId="btc-qqq-chart" />
        {charts.specs.map((spec) => (
          <TimeChart key={spec.title} spec={spec} />
        ))}
      </section>
    </>
  );
}

/**
 * The value axis in the indicator's unit: a percent change as a percentage, a percentile as one,
 * else a named number.
 */
function valueAxis(unit: string): Pick<ChartSpec, 'yFormat' | 'yUnit'> {
  if (unit === 'usd') return { yFormat: 'usd' };
  if (unit === 'percent') return { yFormat: 'percent' };
  if (unit === 'percent_change') return { yFormat: 'pct' };
  if (unit === 'percentile') return { yFormat: 'percentile' };
  return { yFormat: 'number', yUnit: unitLabel(unit) };
}

function alignTo(
  base: { date: string }[],
  other: { date: string; value: number | null }[],
): (number | null)[] {
  const byDate = new Map(other.map((p) => [p.date, p.value]));
  return base.map((p) => byDate.get(p.date) ?? null);
}
