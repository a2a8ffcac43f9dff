import { DEFAULT_MIN_SCORED_TAKES } from '@convene/protocol';

/** Where a label's daily series comes from (docs/methodology.md §2, "Series"). */
export type SeriesSource =
  | { kind: 'regime'; key: string }
  | { kind: 'own-vault' }
  | { kind: 'coin'; id: string }
  | { kind: 'vault'; id: string };

/** Track-record settings, parsed with the rest of the config (TRACK_RECORD_*). */
export interface TrackRecordSettings {
  /** The horizons outcomes are computed over, in days, ascending. */
  readonly horizons: readonly number[];
  /** Scored takes a member needs before it gets a rank. */
  readonly minScoredTakes: number;
  /** Each label's series, as written (`regime:ETH`) and parsed. */
  readonly series: ReadonlyMap<string, { text: string; source: SeriesSource }>;
}

/**
 * The demo's labels on its synthetic series (docs/methodology.md §8): yield buckets follow the
 * demo vault's share price, token buckets the regime's demo market series.
 */
export const DEMO_SERIES = [
  ...['aave', 'morpho', 'compound', 'sky', 'stable_yield', 'usdc-aave', 'usdc-morpho'].map(
    (label) => `${label}=own-vault`,
  ),
  'service_token=regime:ETH',
  'juno=regime:BTC',
  'woon=regime:QQQ',
  'peaq=regime:IWM',
  'zyfai=regime:SPHB',
  'giza=regime:MTUM',
  'deus=regime:XLY',
  'agent_tokens=regime:BTC',
  'protocol_tokens=regime:ETH',
  'eth=regime:ETH',
].join(',');

type Env = Readonly<Record<string, string | undefined>>;

const LABEL = /^[^\s=,]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseSeriesSource(text: string): SeriesSource | null {
  if (text === 'own-vault') return { kind: 'own-vault' };
  const [kind, id] = [text.slice(0, text.indexOf(':')), text.slice(text.indexOf(':') + 1)];
  if (kind === 'regime' && /^[A-Za-z0-9_]{1,40}$/.test(id)) return { kind: 'regime', key: id };
  if ((kind === 'coin' || kind === 'vault') && UUID.test(id)) return { kind, id: id.toLowerCase() };
  return null;
}

/** Parses TRACK_RECORD_HORIZONS, _MIN_TAKES and _SERIES, one message per bad variable. */
export function parseTrackRecordSettings(
  env: Env,
  demo: boolean,
  problems: string[],
): TrackRecordSettings {
  const raw = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const horizonsText = raw('TRACK_RECORD_HORIZONS') ?? '7,30';
  const horizons = horizonsText.split(',').map((item) => Number(item.trim()));
  const horizonsOk =
    horizons.length <= 4 &&
    new Set(horizons).size === horizons.length &&
    horizons.every((h) => Number.isSafeInteger(h) && h >= 1 && h <= 365);
  if (!horizonsOk)
    problems.push(
      `TRACK_RECORD_HORIZONS must be 1 to 4 distinct whole days from 1 to 365, comma-separated (got "${horizonsText}")`,
    );
  const minText = raw('TRACK_RECORD_MIN_TAKES');
  const min = minText === undefined ? DEFAULT_MIN_SCORED_TAKES : Number(minText);
  const minOk = /^\d+$/.test(minText ?? '1') && min >= 1 && min <= 100_000;
  if (!minOk)
    problems.push(`TRACK_RECORD_MIN_TAKES must be an integer from 1 to 100000 (got "${minText}")`);
  const series = new Map<string, { text: string; source: SeriesSource }>();
  const seriesText = raw('TRACK_RECORD_SERIES') ?? (demo ? DEMO_SERIES : '');
  for (const item of seriesText.split(',').map((i) => i.trim())) {
    if (item === '') continue;
    const at = item.indexOf('=');
    const label = item.slice(0, at);
    const text = item.slice(at + 1);
    const source = at > 0 && LABEL.test(label) ? parseSeriesSource(text) : null;
    if (source === null || series.has(label)) {
      problems.push(
        `TRACK_RECORD_SERIES items must be label=regime:<KEY>, own-vault, coin:<uuid> or vault:<uuid>, each label once (got "${item}")`,
      );
      continue;
    }
    series.set(label, { text, source });
  }
  return {
    horizons: horizonsOk ? [...horizons].sort((a, b) => a - b) : [7, 30],
    minScoredTakes: minOk ? min : DEFAULT_MIN_SCORED_TAKES,
    series,
  };
}
