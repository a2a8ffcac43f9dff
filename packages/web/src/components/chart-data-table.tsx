import { useState } from 'preact/hooks';
import { countOf, DASH } from '../lib/format.js';
import type { ChartSpec } from './chart-spec.js';
import { seriesFormat } from './chart-values.js';
import { ScrollRegion } from './scroll-region.js';
import { When } from './when.js';

/**
 * The data-table alternative to a chart: every x (newest first) with each series' value, in the
 * site's formats. Built only when opened, so long series cost nothing until a reader asks.
 */
export function ChartDataTable({ spec }: { spec: ChartSpec }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      class="chart-data"
      data-testid="chart-data"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary class="small">The data as a table ({countOf(spec.x.length, 'row')})</summary>
      {open ? (
        <ScrollRegion label={`${spec.title}: data`}>
          <table class="table compact">
            <caption>{spec.title}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {/* The first series is the one the chart is about: its primary column. */}
                {spec.series.map((s, index) => (
                  <th key={s.label} scope="col" class="num" data-primary={index === 0 || undefined}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {spec.x
                .map((x, i) => ({ x, i }))
                .reverse()
                .map(({ x, i }) => (
                  <tr key={x}>
                    <td>
                      <When iso={new Date(x * 1000).toISOString()} as="day" />
                    </td>
                    {spec.series.map((s, index) => {
                      const value = s.values[i] ?? null;
                      return (
                        <td key={s.label} class="num" data-primary={index === 0 || undefined}>
                          {value === null ? DASH : seriesFormat(spec, s)(value)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </details>
  );
}
