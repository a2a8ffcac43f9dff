import {
  addDays,
  bucketHoldings,
  labelOutcome,
  OUTCOME_STALE_DAYS,
  subjectReturn,
  type SeriesPoint,
} from '@convene/protocol';
import type { TreasuryReads } from '../../treasury/reads.js';
import type { SeriesReader } from '../track-record/series.js';
import type { TrackRecordSettings } from '../track-record/settings.js';
import { DEMO_SUBJECTS } from './personas.js';

type DeclaredWallet = { positions?: Array<{ bucket: string; valueUsd: number }> };

/** The horizon the demo's informed members see ahead (the shorter default horizon). */
export const FORESIGHT_DAYS = 7;

/**
 * What the demo's informed members know that nobody could: whether each subject rose over the 7
 * days after a session's date, valued as the methodology values it (the subject's bucketed
 * holdings, each bucket on its configured series). The series are read once.
 */
export class DemoForesight {
  private constructor(
    private readonly series: Map<string, { source: string; points: SeriesPoint[] }>,
    private readonly holdings: Map<string, Array<{ bucket: string; valueUsd: number }>>,
  ) {}

  static async load(
    treasuryReads: TreasuryReads,
    settings: TrackRecordSettings,
    readSeries: SeriesReader,
    from: string,
    to: string,
  ): Promise<DemoForesight> {
    const points = new Map<string, SeriesPoint[]>();
    const series = new Map<string, { source: string; points: SeriesPoint[] }>();
    for (const [label, { text, source }] of settings.series) {
      if (!points.has(text))
        points.set(text, await readSeries(source, addDays(from, -OUTCOME_STALE_DAYS), to));
      series.set(label, { source: text, points: points.get(text)! });
    }
    const treasury = (await treasuryReads.walletHoldings()).map((h) => ({
      bucket: h.bucket,
      valueUsd: h.value_usd,
    }));
    const holdings = new Map(
      DEMO_SUBJECTS.map((subject) => [
        subject.id,
        bucketHoldings(
          subject.source === 'treasury'
            ? treasury
            : (subject.wallets as DeclaredWallet[]).flatMap((w) =>
                (w.positions ?? []).map((p) => ({ bucket: p.bucket, valueUsd: p.valueUsd })),
              ),
        ),
      ]),
    );
    return new DemoForesight(series, holdings);
  }

  /** Whether the subject rose over the 7 days after `date`; null when the series do not say. */
  rises(subjectId: string, date: string): boolean | null {
    const holdings = this.holdings.get(subjectId) ?? [];
    const end = addDays(date, FORESIGHT_DAYS);
    const returns = new Map<string, number>();
    for (const { bucket } of holdings) {
      const outcome = labelOutcome(bucket, this.series.get(bucket), date, end);
      if (outcome.return !== null) returns.set(bucket, outcome.return);
    }
    const r = holdings.length === 0 ? null : subjectReturn(holdings, returns);
    return r === null ? null : r > 0;
  }
}
