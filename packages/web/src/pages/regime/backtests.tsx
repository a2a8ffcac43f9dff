import { useMemo } from 'preact/hooks';
import type { Backtest, RegimeLatest } from '../../api/types/regime.js';
import { TimeChart, type ChartSpec } from '../../components/time-chart.js';
import { dayToSeconds, num, pct } from '../../lib/format.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { PALETTE } from '../../components/palette.js';

const STRATEGY_COLOURS: Record<string, string> = {
  composite: PALETTE.cyan,
  hodl: PALETTE.violet,
  cash: PALETTE.muted,
};

function equitySpec(portfolio: string, runs: Backtest[]): ChartSpec {
  const dates = [...new Set(runs.flatMap((r) => r.equityCurve.map((p) => p.date)))].sort();
  return {
    title: `Equity curves, ${portfolio} (log scale)`,
    x: dates.map(dayToSeconds),
    series: runs.map((run) => {
      const byDate = new Map(run.equityCurve.map((p) => [p.date, p.value]));
      return {
        label: run.strategy,
        values: dates.map((d) => byDate.get(d) ?? null),
        color: STRATEGY_COLOURS[run.strategy] ?? PALETTE.pink,
      };
    }),
    yLog: true,
    yUnit: 'equity, growth of 1',
    height: 220,
  };
}

export function Backtests({ latest }: { latest: RegimeLatest }) {
  const portfolios = useMemo(() => {
    const grouped = new Map<string, Backtest[]>();
    for (const run of latest.backtest)
      grouped.set(run.portfolio, [...(grouped.get(run.portfolio) ?? []), run]);
    return [...grouped.entries()];
  }, [latest]);
  const charts = useMemo(
    () =>
      portfolios
        .filter(([, runs]) => runs.length > 1)
        .map(([p, runs]) => [p, equitySpec(p, runs)] as const),
    [portfolios],
  );
  return (
    <section class="card" data-testid="backtests">
      <h2>Backtests</h2>
      <p class="muted small">
        Risky / half / cash by regime bucket with trading costs, against holding. In-sample and
        out-of-sample CAGR are shown separately.
      </p>
      <ScrollRegion label="Backtests">
        <table class="table compact">
          <thead>
            <tr>
              <th>Portfolio</th>
              <th>Strategy</th>
              <th class="num">×</th>
              <th class="num" data-primary>
                CAGR
              </th>
              <th class="num">In-sample</th>
              <th class="num">Out-of-sample</th>
              <th class="num">Sharpe</th>
              <th class="num">Max DD</th>
              <th class="num">Trades</th>
            </tr>
          </thead>
          <tbody>
            {latest.backtest.map((b) => (
              <tr key={`${b.portfolio}-${b.strategy}`}>
                <td>{b.portfolio}</td>
                <td>{b.strategy}</td>
                <td class="num">{num(b.finalMultiple)}</td>
                <td class="num" data-primary>
                  {pct(b.cagr)}
                </td>
                <td class="num">{pct(b.cagrInSample)}</td>
                <td class="num">{pct(b.cagrOutOfSample)}</td>
                <td class="num">{num(b.sharpe)}</td>
                <td class="num">{pct(b.maxDrawdown)}</td>
                <td class="num">{b.trades}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div class="grid-2">
        {charts.map(([portfolio, spec]) => (
          <TimeChart key={portfolio} spec={spec} />
        ))}
      </div>
    </section>
  );
}
