import { ago, DASH, dateTime, day } from '../lib/format.js';

/**
 * A date or moment as a reader reads it ("22 Nov 2026, 14:05 UTC", "22 Nov 2026" or "3 h ago"),
 * with the exact ISO stamp in `datetime` and on hover. Every stamp on the site goes through here.
 */
export function When(props: { iso: string | null | undefined; as?: 'moment' | 'day' | 'ago' }) {
  const { iso } = props;
  if (iso === null || iso === undefined) return <span>{DASH}</span>;
  const kind = props.as ?? 'moment';
  const text = kind === 'ago' ? ago(iso) : kind === 'day' ? day(iso) : dateTime(iso);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}
