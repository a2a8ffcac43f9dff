import { sig } from '../lib/format.js';

/** A small inline trend line; null values break the line instead of being bridged. */
export function Sparkline(props: {
  values: (number | null)[];
  width?: number;
  height?: number;
  color?: string;
  label: string;
  domain?: [number, number];
}) {
  const width = props.width ?? 96;
  const height = props.height ?? 24;
  const finite = props.values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (finite.length === 0) return <span class="muted small">no data</span>;
  const [min, max] = props.domain ?? [Math.min(...finite), Math.max(...finite)];
  const span = max - min || 1;
  const step = props.values.length > 1 ? width / (props.values.length - 1) : 0;
  let path = '';
  let drawing = false;
  props.values.forEach((value, i) => {
    if (value === null || !Number.isFinite(value)) {
      drawing = false;
      return;
    }
    const x = (i * step).toFixed(1);
    const y = (height - 2 - ((value - min) / span) * (height - 4)).toFixed(1);
    path += `${drawing ? 'L' : 'M'}${x} ${y}`;
    drawing = true;
  });
  // The line's numbers in words: what a screen reader says and a hover shows.
  const summary = `${props.label}: ${finite.length} points, first ${sig(finite[0])}, last ${sig(
    finite.at(-1),
  )}, low ${sig(Math.min(...finite))}, high ${sig(Math.max(...finite))}`;
  return (
    <svg
      class="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={summary}
    >
      <title>{summary}</title>
      <path d={path} fill="none" stroke={props.color ?? 'var(--cyan)'} stroke-width="1.5" />
    </svg>
  );
}
