import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  dateTick,
  day,
  DASH,
  numberTick,
  pct,
  percentileTick,
  percentTick,
  price,
  usdTick,
} from '../lib/format.js';
import type { AxisFormat, ChartSpec } from './chart-spec.js';
import { drawsFilled, hasGap, isolatedPoints, seriesFormat } from './chart-values.js';
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

/** A legend's date: the site's day ("22 Nov 2026"), never "12:00am". */
const dayLabel = (seconds: number) => day(new Date(seconds * 1000).toISOString());

/**
 * Date ticks go by month over a span of years, by day otherwise; ticks stand far enough apart for
 * their widest label with its year, "Nov 2026" (60 px) or "22 Nov 2026" (80 px).
 */
function tickUnit(spanSeconds: number): 'month' | 'day' {
  return spanSeconds > 300 * 86_400 ? 'month' : 'day';
}

/**
 * The x axis's date ticks: by month over a span of years, by day otherwise, each with its year on
 * the first tick shown and wherever the year changes from the tick before. A tick whose label
 * would run past the canvas's edge is left unlabelled rather than cut.
 */
function dateTicks(u: uPlot, splits: number[]): string[] {
  const by = tickUnit((u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0));
  const font = (u.axes[0] as uPlot.Axis & { font?: [string] }).font;
  u.ctx.save();
  if (font !== undefined) u.ctx.font = font[0];
  let previousYear: number | null = null;
  const labels = splits.map((v) => {
    if (v === null) return '';
    const year = new Date(v * 1000).getUTCFullYear();
    const label = dateTick(v, by, year !== previousYear);
    const half = u.ctx.measureText(label).width / devicePixelRatio / 2;
    const at = u.valToPos(v, 'x') + u.bbox.left / devicePixelRatio;
    if (at - half < 0 || at + half > u.width) return '';
    previousYear = year;
    return label;
  });
  u.ctx.restore();
  return labels;
}

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

/** How an axis title names each format's unit. */
const UNIT_WORD: Record<AxisFormat, string | undefined> = {
  usd: 'USD',
  price: 'USD',
  pct: '%',
  percent: '%',
  percentile: 'percentile',
  number: undefined,
};

/**
 * The title drawn on a y axis. On a chart with one y axis: the spec's unit (a plain number says
 * nothing without it), or "percentile"; the tick labels carry $ and %. On a chart with two, each
 * axis names its quantity and its unit, since the ticks alone cannot say which side is which: the
 * spec's `yUnit` / `y2Unit` when given, else its series and unit ("TVL, USD" and "APY, %").
 */
function axisTitle(
  format: AxisFormat | undefined,
  unit: string | undefined,
  labels: string[],
  dual: boolean,
): string | undefined {
  if (!dual || unit !== undefined)
    return unit ?? (format === 'percentile' ? 'percentile' : undefined);
  const word = UNIT_WORD[format ?? 'number'];
  const quantity = labels.filter((label) => label !== word).join(', ');
  return [quantity, word].filter((part) => part !== undefined && part !== '').join(', ');
}

/** Each y axis's title, left then right. */
function axisTitles(spec: ChartSpec): Array<string | undefined> {
  const right = spec.series.filter((s) => s.scale === 'y2').map((s) => s.label);
  const left = spec.series.filter((s) => s.scale !== 'y2').map((s) => s.label);
  const dual = right.length > 0;
  return [
    axisTitle(spec.yFormat, spec.yUnit, left, dual),
    ...(dual ? [axisTitle(spec.y2Format, spec.y2Unit, right, dual)] : []),
  ];
}

/** What a y axis of `format` titled `title` adds to uPlot's axis options. */
function yAxisOptions(format: ChartSpec['yFormat'], title: string | undefined): uPlot.Axis {
  return {
    values: (_u, values) => values.map(formatter(format)),
    ...(format === 'percentile' ? { splits: () => PERCENTILE_SPLITS } : {}),
    ...(title !== undefined ? { label: title, labelSize: 20 } : {}),
  };
}

/** What uPlot fills series `index` with (it keeps every series' fill as a function), or null. */
function drawnFill(u: uPlot, index: number): unknown {
  const fill = u.series[index]?.fill as unknown;
  return typeof fill === 'function'
    ? ((fill as (u: uPlot, i: number) => unknown)(u, index) ?? null)
    : (fill ?? null);
}

/** uPlot's points filter: dots only where a value stands alone (null: none). */
function isolated(values: readonly (number | null)[]): () => number[] | null {
  const indices = isolatedPoints(values);
  return () => (indices.length > 0 ? indices : null);
}

/**
 * On a touch screen a tap on the plot holds the cursor (and the legend) on the day tapped, where
 * the mouse events a browser makes of a tap would let it go again; a tap anywhere else lets it go
 * and the legend returns to the newest day.
 */
function tapPlugin(): uPlot.Plugin {
  let chart: uPlot | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (chart === null || event.pointerType === 'mouse') return;
    const cursor = chart.cursor as uPlot.Cursor & { _lock?: boolean };
    if (chart.over.contains(event.target as Node)) {
      const box = chart.over.getBoundingClientRect();
      cursor._lock = false;
      chart.setCursor({ left: event.clientX - box.left, top: event.clientY - box.top });
      cursor._lock = true;
    } else if (cursor._lock === true) {
      cursor._lock = false;
      chart.setCursor({ left: -10, top: -10 });
    }
  };
  return {
    hooks: {
      init: [
        (u) => {
          chart = u;
          document.addEventListener('pointerdown', onPointerDown, true);
        },
      ],
      destroy: [
        () => {
          document.removeEventListener('pointerdown', onPointerDown, true);
          chart = null;
        },
      ],
    },
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
  /** The x axis's tick labels, and the UTC year of each labelled tick. */
  x: string[];
  xYears: number[];
  /** x tick labels that run past the canvas's left or right edge (cut off). */
  xCut: string[];
  /** Per y axis: its labels, the width uPlot gave it and the widest label measured in its font. */
  y: Array<{ labels: string[]; size: number; widest: number }>;
  /** Each y axis's format (its unit): usd, price, pct, percent, percentile or a plain number. */
  formats: Array<NonNullable<ChartSpec['yFormat']>>;
  /** Each y axis's named unit (its title), null when it has none. */
  units: Array<string | null>;
  /** Each y axis's drawn title, its width in the title's font, and the plot height it runs along. */
  titles: Array<{ text: string | null; width: number; room: number }>;
  /** Filled series with a missing value between their first and last point. */
  filledWithGaps: string[];
  /** Days (x values) where every series is missing. */
  emptyDays: number;
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
          const xAxis = axes[0] as (typeof axes)[number] & { _splits?: Array<number | null> };
          const xYears = (xAxis._splits ?? [])
            .filter((_, i) => String(xAxis._values?.[i] ?? '') !== '')
            .map((v) => new Date((v ?? 0) * 1000).getUTCFullYear());
          u.ctx.save();
          if (xAxis.font !== undefined) u.ctx.font = xAxis.font[0];
          const xCut = (xAxis._splits ?? []).flatMap((v, i) => {
            const label = String(xAxis._values?.[i] ?? '');
            if (v === null || label === '') return [];
            const half = u.ctx.measureText(label).width / devicePixelRatio / 2;
            const at = u.valToPos(v, 'x') + u.bbox.left / devicePixelRatio;
            return at - half < 0 || at + half > u.width ? [label] : [];
          });
          u.ctx.restore();
          const titles = axes.slice(1).map((axis) => {
            const text = typeof axis.label === 'string' ? axis.label : null;
            u.ctx.save();
            const font = (axis as unknown as { labelFont?: [string] }).labelFont;
            if (font !== undefined) u.ctx.font = font[0];
            const width = text === null ? 0 : u.ctx.measureText(text).width;
            u.ctx.restore();
            return {
              text,
              width: Math.ceil(width / devicePixelRatio),
              room: Math.floor(u.bbox.height / devicePixelRatio),
            };
          });
          const audit: AxesAudit = {
            x: labels(axes[0]!),
            xYears,
            xCut,
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
            units: axisTitles(spec).map((title) => title ?? null),
            titles,
            filledWithGaps: u.series
              .flatMap((series, i) =>
                i > 0 && drawnFill(u, i) !== null && hasGap(spec.series[i - 1]!.values)
                  ? [series.label ?? String(i)]
                  : [],
              )
              .map(String),
            emptyDays: spec.x.filter((_, i) =>
              spec.series.every((s) => (s.values[i] ?? null) === null),
            ).length,
            series: [
              spec.series.filter((s) => s.scale !== 'y2').map((s) => s.label),
              ...(axes.length > 2
                ? [spec.series.filter((s) => s.scale === 'y2').map((s) => s.label)]
                : []),
            ],
            yMin: u.scales.y?.min ?? null,
            filled: spec.series.some((s) => drawsFilled(s) && s.scale !== 'y2'),
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
  else if (spec.yLog !== true && spec.series.some((s) => drawsFilled(s) && s.scale !== 'y2'))
    yScale.range = (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : max];
  const titles = axisTitles(spec);
  const last = spec.x.length - 1;
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
        space: (_u, _axis, min, max) => (tickUnit(max - min) === 'month' ? 60 : 80),
        values: dateTicks,
      },
      {
        stroke: axis,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        size: fitAxis,
        ...yAxisOptions(spec.yFormat, titles[0]),
      },
      ...(hasY2
        ? [
            {
              scale: 'y2',
              side: 1,
              stroke: axis,
              grid: { show: false },
              size: fitAxis,
              ...yAxisOptions(spec.y2Format, titles[1]),
            },
          ]
        : []),
    ],
    // Nothing hovered or tapped (idx null), the legend reads the newest day, as the table's first row.
    series: [
      {
        label: 'Date',
        value: (_u: uPlot, v: number | null, _s: number, idx: number | null) => {
          const x = idx === null ? spec.x[last] : v;
          return x === undefined || x === null ? DASH : dayLabel(x);
        },
      },
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: resolveColor(s.color),
        width: s.width ?? 1.5,
        scale: s.scale ?? 'y',
        spanGaps: false,
        // A day with missing neighbours on both sides would vanish from a line: it gets a dot.
        points: { show: false, size: 5, filter: isolated(s.values) },
        ...(drawsFilled(s) ? { fill: s.fill, ...(spec.yLog === true ? {} : { fillTo: 0 }) } : {}),
        ...(s.dash !== undefined ? { dash: s.dash } : {}),
        value: (_u: uPlot, v: number | null, _s: number, idx: number | null) => {
          const value = idx === null ? s.values[last] : v;
          return value === undefined || value === null ? DASH : seriesFormat(spec, s)(value);
        },
      })),
    ],
    plugins: [bandsPlugin(spec), tapPlugin(), axesAuditPlugin(element, spec)],
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
