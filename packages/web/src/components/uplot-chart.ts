import { utcDate } from '@convene/protocol';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { numberTick, pct, percentileTick, percentTick, price, usdTick } from '../lib/format.js';
import type { ChartSpec } from './chart-spec.js';
import { PALETTE, resolveColor } from './palette.js';

const FIRST_CHART_MARK = 'convene:first-chart';

/**
 * Sizes a y axis to its widest tick label, measured in the axis's font on every layout cycle (the
 * labels change as the scale settles), so labels are never clipped.
 */
function fitAxis(u: uPlot, values: string[] | null, axisIdx: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { font?: [string] };
  u.ctx.save();
  if (axis.font !== undefined) u.ctx.font = axis.font[0];
  const widest = Math.max(0, ...(values ?? []).map((label) => u.ctx.measureText(label).width));
  u.ctx.restore();
  return Math.ceil(widest / devicePixelRatio + 18);
}

/** Daily data reads as dates (UTC), never "12:00am". */
const dayLabel = (seconds: number) => utcDate(new Date(seconds * 1000));

// uPlot hands axis formatters null for splits it skips (e.g. on log scales).
function formatter(kind: ChartSpec['yFormat']): (value: number | null) => string {
  return (v) => {
    if (v === null || !Number.isFinite(v)) return '';
    if (kind === 'usd') return usdTick(v);
    if (kind === 'price') return Math.abs(v) >= 1000 ? usdTick(v) : price(v);
    if (kind === 'pct') return pct(v, 0);
    if (kind === 'percent') return percentTick(v);
    if (kind === 'percentile') return percentileTick(v);
    return numberTick(v);
  };
}

/** A percentile axis spans 0..1 in quarters, "0th"…"100th", under the title "percentile". */
const PERCENTILE_SPLITS = [0, 0.25, 0.5, 0.75, 1];

/** The title drawn on a y axis: the spec's unit, or "percentile" for a percentile axis. */
function axisTitle(format: ChartSpec['yFormat'], unit: string | undefined): string | undefined {
  return unit ?? (format === 'percentile' ? 'percentile' : undefined);
}

/** What a y axis of `format` titled `unit` adds to uPlot's axis options. */
function yAxisOptions(format: ChartSpec['yFormat'], unit: string | undefined): uPlot.Axis {
  const title = axisTitle(format, unit);
  return {
    values: (_u, values) => values.map(formatter(format)),
    ...(format === 'percentile' ? { splits: () => PERCENTILE_SPLITS } : {}),
    ...(title !== undefined ? { label: title, labelSize: 20 } : {}),
  };
}

function bandsPlugin(spec: ChartSpec): uPlot.Plugin {
  return {
    hooks: {
      drawClear: [
        (u) => {
          const { ctx } = u;
          const { left, width } = u.bbox;
          for (const band of spec.bands ?? []) {
            const top = u.valToPos(band.to, 'y', true);
            const bottom = u.valToPos(band.from, 'y', true);
            ctx.fillStyle = resolveColor(band.color);
            ctx.fillRect(left, top, width, bottom - top);
          }
        },
      ],
      draw: [
        (u) => {
          const { ctx } = u;
          const { left, width } = u.bbox;
          for (const rule of spec.rules ?? []) {
            const y = Math.round(u.valToPos(rule.value, 'y', true)) + 0.5;
            ctx.save();
            ctx.strokeStyle = resolveColor(rule.color);
            ctx.setLineDash([4, 4]);
            ctx.beginPath();
            ctx.moveTo(left, y);
            ctx.lineTo(left + width, y);
            ctx.stroke();
            ctx.restore();
          }
        },
      ],
    },
  };
}

/** What a drawn chart's axes show, written to `data-axes` on its host for the browser tests. */
export interface AxesAudit {
  /** The x axis's tick labels. */
  x: string[];
  /** Per y axis: its labels, the width uPlot gave it and the widest label measured in its font. */
  y: Array<{ labels: string[]; size: number; widest: number }>;
  /** Each y axis's format (its unit): usd, price, pct, percent, percentile or a plain number. */
  formats: Array<NonNullable<ChartSpec['yFormat']>>;
  /** Each y axis's named unit (its title), null when it has none. */
  units: Array<string | null>;
  /** Each y axis's series, by label. */
  series: string[][];
  /** The left y scale's minimum, whether any series on it is a filled area, and a log scale. */
  yMin: number | null;
  filled: boolean;
  log: boolean;
}

/**
 * After every draw, measures each axis's labels in the axis's own font against the width uPlot
 * laid out for it, independently of how that width was chosen: a clipped label shows up as a
 * `widest` above `size`.
 */
function axesAuditPlugin(element: HTMLElement, spec: ChartSpec): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u) => {
          const axes = u.axes as Array<
            uPlot.Axis & {
              _size?: number;
              _values?: Array<string | number | null>;
              font?: [string];
            }
          >;
          const labels = (axis: (typeof axes)[number]) =>
            (axis._values ?? []).map((v) => (v === null ? '' : String(v))).filter((v) => v !== '');
          const audit: AxesAudit = {
            x: labels(axes[0]!),
            y: axes.slice(1).map((axis) => {
              const texts = labels(axis);
              u.ctx.save();
              if (axis.font !== undefined) u.ctx.font = axis.font[0];
              const widest = Math.max(0, ...texts.map((t) => u.ctx.measureText(t).width));
              u.ctx.restore();
              return {
                labels: texts,
                size: axis._size ?? 0,
                widest: Math.ceil(widest / devicePixelRatio),
              };
            }),
            formats: [
              spec.yFormat ?? 'number',
              ...(axes.length > 2 ? [spec.y2Format ?? 'number'] : []),
            ],
            units: [
              axisTitle(spec.yFormat, spec.yUnit) ?? null,
              ...(axes.length > 2 ? [axisTitle(spec.y2Format, spec.y2Unit) ?? null] : []),
            ],
            series: [
              spec.series.filter((s) => s.scale !== 'y2').map((s) => s.label),
              ...(axes.length > 2
                ? [spec.series.filter((s) => s.scale === 'y2').map((s) => s.label)]
                : []),
            ],
            yMin: u.scales.y?.min ?? null,
            filled: spec.series.some((s) => s.fill !== undefined && s.scale !== 'y2'),
            log: spec.yLog === true,
          };
          element.dataset.axes = JSON.stringify(audit);
        },
      ],
    },
  };
}

/**
 * Draws the chart into `element`, follows its width and the reader's light or dark theme (its
 * colours are read from the theme when it draws), and returns the clean-up.
 */
export function mountChart(element: HTMLElement, spec: ChartSpec): () => void {
  let unmount = drawChart(element, spec);
  const theme = matchMedia('(prefers-color-scheme: light)');
  const redraw = () => {
    unmount();
    unmount = drawChart(element, spec);
  };
  theme.addEventListener('change', redraw);
  return () => {
    theme.removeEventListener('change', redraw);
    unmount();
  };
}

function drawChart(element: HTMLElement, spec: ChartSpec): () => void {
  const height = spec.height ?? 260;
  const hasY2 = spec.series.some((s) => s.scale === 'y2');
  const yScale: uPlot.Scale = spec.yLog === true ? { distr: 3 } : {};
  if (spec.yRange !== undefined) yScale.range = spec.yRange;
  // A filled area is a quantity: its axis starts at zero unless the chart says otherwise.
  else if (spec.yLog !== true && spec.series.some((s) => s.fill !== undefined && s.scale !== 'y2'))
    yScale.range = (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : max];
  const axis = resolveColor(PALETTE.muted);
  const grid = resolveColor(PALETTE.grid);
  const options: uPlot.Options = {
    width: Math.max(element.clientWidth, 280),
    height,
    scales: {
      x: { time: true },
      y: spec.yFormat === 'percentile' ? { range: [0, 1] } : yScale,
      ...(hasY2 ? { y2: spec.y2Format === 'percentile' ? { range: [0, 1] } : {} } : {}),
    },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { live: true },
    cursor: { drag: { x: true, y: false } },
    axes: [
      {
        stroke: axis,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        values: (u, splits) => {
          // Years of data read as YYYY-MM; shorter ranges as MM-DD.
          const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
          return splits.map((v) =>
            v === null ? '' : span > 300 * 86_400 ? dayLabel(v).slice(0, 7) : dayLabel(v).slice(5),
          );
        },
      },
      {
        stroke: axis,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        size: fitAxis,
        ...yAxisOptions(spec.yFormat, spec.yUnit),
      },
      ...(hasY2
        ? [
            {
              scale: 'y2',
              side: 1,
              stroke: axis,
              grid: { show: false },
              size: fitAxis,
              ...yAxisOptions(spec.y2Format, spec.y2Unit),
            },
          ]
        : []),
    ],
    series: [
      { value: (_u: uPlot, v: number | null) => (v === null ? '—' : dayLabel(v)) },
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: resolveColor(s.color),
        width: s.width ?? 1.5,
        scale: s.scale ?? 'y',
        spanGaps: false,
        points: { show: false },
        ...(s.fill !== undefined
          ? { fill: s.fill, ...(spec.yLog === true ? {} : { fillTo: 0 }) }
          : {}),
        ...(s.dash !== undefined ? { dash: s.dash } : {}),
        value: (_u: uPlot, v: number | null) =>
          v === null ? '—' : formatter(s.scale === 'y2' ? spec.y2Format : spec.yFormat)(v),
      })),
    ],
    plugins: [bandsPlugin(spec), axesAuditPlugin(element, spec)],
  };
  const data = [spec.x, ...spec.series.map((s) => s.values)] as uPlot.AlignedData;
  const chart = new uPlot(options, data, element);
  if (performance.getEntriesByName(FIRST_CHART_MARK).length === 0) {
    performance.mark(FIRST_CHART_MARK);
  }
  const resize = new ResizeObserver(() => {
    chart.setSize({ width: Math.max(element.clientWidth, 280), height });
  });
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
