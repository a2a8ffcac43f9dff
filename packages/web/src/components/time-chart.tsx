import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChartSpec } from './chart-spec.js';
import { ChartDataTable } from './chart-data-table.js';

export type { ChartSeries, ChartSpec, YBand } from './chart-spec.js';

/**
 * A time-series chart drawn by uPlot, which is loaded on first use so pages without charts never
 * download it. Null values are gaps: lines are never drawn across missing days.
 */
export function TimeChart({ spec, testId }: { spec: ChartSpec; testId?: string }) {
  // Callers memoise `spec`: a new object redraws the chart.
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    let disposed = false;
    let dispose: (() => void) | undefined;
    import('./uplot-chart.js')
      .then(({ mountChart }) => {
        if (!disposed) dispose = mountChart(element, spec);
      })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      disposed = true;
      dispose?.();
    };
  }, [spec]);

  return (
    <figure class="chart" aria-label={spec.title} data-testid={testId}>
      <figcaption>{spec.title}</figcaption>
      {failed !== null ? <p class="error">chart failed to load: {failed}</p> : null}
      <div ref={host} class="chart-host" style={{ minHeight: `${spec.height ?? 260}px` }} />
      {spec.note !== undefined ? <p class="muted small">{spec.note}</p> : null}
      <ChartDataTable spec={spec} />
    </figure>
  );
}
