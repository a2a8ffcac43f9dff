import type { Observation, SeriesSource } from '../ingestion/source.js';
import type { PriceRule } from './settings.js';

const DAY_MS = 86_400_000;
/** A daily close older than this is not today's price any more: the price is reported missing. */
export const MAX_PRICE_AGE_DAYS = 3;

import { utcDate as isoDate } from '@convene/protocol';

/**
 * USD prices by symbol from the configured rules: a fixed number, or a daily series at
 * PRICE_BASE_URL. One instance serves one pass; series are fetched once per pass. A price that
 * cannot be had is null, never guessed; the failure is kept in `errors` for the log.
 */
export class PriceBook {
  private readonly series = new Map<
    string,
    { since: string; points: Promise<Observation[] | undefined> }
  >();
  readonly errors: string[] = [];

  constructor(
    private readonly rules: ReadonlyMap<string, PriceRule>,
    private readonly source: SeriesSource | undefined,
    /** Symbols priced at 1 USD when no rule names them (the vault's stablecoin asset). */
    private readonly pinnedToDollar: ReadonlySet<string> = new Set(),
  ) {}

  /** Where `symbol`'s price comes from, for display. */
  describe(symbol: string): string | null {
    const rule = this.rules.get(symbol.toUpperCase());
    if (rule?.kind === 'series') return `series:${rule.seriesId}`;
    if (rule?.kind === 'fixed' || this.pinnedToDollar.has(symbol.toUpperCase())) return 'pinned';
    return null;
  }

  /** The latest close on or before `at`'s UTC day, if no older than MAX_PRICE_AGE_DAYS. */
  async spot(symbol: string, at: Date): Promise<number | null> {
    const since = new Date(at.getTime() - MAX_PRICE_AGE_DAYS * DAY_MS);
    return this.closeBetween(symbol, isoDate(since), isoDate(at));
  }

  /** The close of exactly `date` (YYYY-MM-DD), as buyback valuations use. */
  async dailyClose(symbol: string, date: string): Promise<number | null> {
    return this.closeBetween(symbol, date, date);
  }

  private async closeBetween(symbol: string, from: string, to: string): Promise<number | null> {
    const key = symbol.toUpperCase();
    const rule = this.rules.get(key);
    if (rule === undefined) return this.pinnedToDollar.has(key) ? 1 : null;
    if (rule.kind === 'fixed') return rule.usd;
    const points = await this.load(rule.seriesId, from);
    const inRange = (points ?? []).filter((p) => p.date >= from && p.date <= to);
    return inRange.at(-1)?.value ?? null;
  }

  private load(seriesId: string, from: string): Promise<Observation[] | undefined> {
    const cached = this.series.get(seriesId);
    if (cached !== undefined && cached.since <= from) return cached.points;
    const source = this.source;
    if (source === undefined) {
      this.errors.push(`no PRICE_BASE_URL for series ${seriesId}`);
      return Promise.resolve(undefined);
    }
    // A week before the first date asked keeps one fetch enough for a pass's nearby dates.
    const since = isoDate(new Date(Date.parse(from) - 7 * DAY_MS));
    const points = source.fetchSeries({ seriesId, since }).catch((error: unknown) => {
      this.errors.push((error as Error).message);
      return undefined;
    });
    this.series.set(seriesId, { since, points });
    return points;
  }
}
