import type { CorrelationCell, RegimeLatest } from '../../api/types/regime.js';
import { ScrollRegion } from '../../components/scroll-region.js';
import { coefficient } from '../../lib/format.js';

const COLUMNS = [
  { key: 'forward30d', label: 'fwd 30d' },
  { key: 'forward90d', label: 'fwd 90d' },
  { key: 'forward180d', label: 'fwd 180d' },
  { key: 'concurrent', label: 'same day' },
] as const;

/** The forward 30-day ρ is the table's primary column: the nearest horizon a reader acts on. */
const PRIMARY = 'forward30d';

function Cell({ cell, primary }: { cell: CorrelationCell; primary: boolean }) {
  if (cell.rho === null)
    return (
      <td class="num muted" title={`n = ${cell.n} (too few)`} data-primary={primary || undefined}>
        —
      </td>
    );
  const tone = cell.rho >= 0.15 ? 'rho-pos' : cell.rho <= -0.15 ? 'rho-neg' : 'muted';
  return (
    <td class={`num ${tone}`} title={`n = ${cell.n}`} data-primary={primary || undefined}>
      {coefficient(cell.rho)}
    </td>
  );
}

export function Correlations({ latest }: { latest: RegimeLatest }) {
  const indices = Object.keys(latest.correlations);
  const assets = [...new Set(indices.flatMap((i) => Object.keys(latest.correlations[i] ?? {})))];
  return (
    <section class="card" data-testid="correlations">
      <h2>Predictive power and alignment</h2>
      <p class="muted small">
        Spearman ρ between each index and the forward log return (30/90/180 days), and the same-day
        log price. Cyan when ρ ≥ 0.15, amber when ρ ≤ −0.15. Price-derived indicators inflate the
        same-day measure.
      </p>
      <ScrollRegion label="Correlations">
        <table class="table compact">
          <thead>
            <tr>
              <th>Index</th>
              <th>Asset</th>
              {COLUMNS.map((c) => (
                <th class="num" key={c.key} data-primary={c.key === PRIMARY || undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {indices.flatMap((index) =>
              assets.map((asset) => {
                const row = latest.correlations[index]?.[asset];
                if (row === undefined) return null;
                return (
                  <tr key={`${index}-${asset}`}>
                    <td>{index}</td>
                    <td>{asset.toUpperCase()}</td>
                    {COLUMNS.map((c) => (
                      <Cell key={c.key} cell={row[c.key]} primary={c.key === PRIMARY} />
                    ))}
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
