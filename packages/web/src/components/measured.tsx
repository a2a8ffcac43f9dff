import { count, multiple, outOf100, pctValue, points, usd } from '../lib/format.js';

/** The units a measured value can carry, each with its one format. */
const FORMATS = {
  usd,
  percent: pctValue,
  points,
  'of-100': outOf100,
  multiple,
  count,
} as const satisfies Record<string, (value: number | null | undefined) => string>;

export type MeasureUnit = keyof typeof FORMATS;

/**
 * A number in its unit, marked as a measured value (`data-measure`): the every-route test checks
 * the unit's mark shows ("$", "%", "pts", "/ 100", "×", separators).
 */
export function Measured(props: { value: number | null | undefined; unit: MeasureUnit }) {
  return <span data-measure={props.unit}>{FORMATS[props.unit](props.value)}</span>;
}
