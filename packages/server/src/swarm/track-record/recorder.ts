import {
  addDays,
  buildOutcomeRecord,
  jcs,
  OUTCOME_GRACE_DAYS,
  OUTCOME_STALE_DAYS,
  sha256Hex,
  utcDate,
  type OutcomeRecord,
  type SeriesPoint,
} from '@convene/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DataVersions } from '../../db/data-versions.js';
import type { Transactor } from '../../db/transactor.js';
import type { Job, JobOutcome } from '../../jobs/scheduler.js';
import type { OutcomeEntryLog } from '../../tlog/outcome-log.js';
import { TRACK_RECORD_DATASET } from '../shared/constants.js';
import type { OutcomeSource, TrackRecordRepository } from './repository.js';
import type { SeriesReader } from './series.js';
import type { TrackRecordSettings } from './settings.js';

export const TRACK_RECORD_JOB = 'track-record-outcomes';
/** Outcomes computed per pass (per horizon); the next pass takes the rest. */
const PASS_LIMIT = 500;

/**
 * Computes the outcomes whose horizon (plus the grace) has passed, from the series the service
 * holds, and stores and logs each once (docs/methodology.md §6). Idempotent: an outcome already
 * stored is never computed again, so a pass can be repeated or interrupted at any point.
 */
export class OutcomeRecorder {
  private readonly transactor: Transactor;
  private readonly trackRecords: TrackRecordRepository;
  private readonly clock: Clock;
  private readonly versions: DataVersions;
  private readonly settings: TrackRecordSettings;
  private readonly readSeries: SeriesReader;
  private readonly log: OutcomeEntryLog | null;

  constructor(uses: {
    transactor: Transactor;
    trackRecords: TrackRecordRepository;
    clock: Clock;
    versions: DataVersions;
    settings: TrackRecordSettings;
    readSeries: SeriesReader;
    /** The log's outcome entries; null when the log is off (benchmarks only). */
    log: OutcomeEntryLog | null;
  }) {
    this.transactor = uses.transactor;
    this.trackRecords = uses.trackRecords;
    this.clock = uses.clock;
    this.versions = uses.versions;
    this.settings = uses.settings;
    this.readSeries = uses.readSeries;
    this.log = uses.log;
  }

  /** One pass: every due outcome of every horizon (up to PASS_LIMIT each). Returns how many. */
  async recordDue(): Promise<number> {
    const now = this.clock.now();
    const sources = new Map<string, OutcomeSource | undefined>();
    const due: Array<{ source: OutcomeSource; horizonDays: number }> = [];
    for (const horizonDays of this.settings.horizons) {
      const latestStart = addDays(utcDate(now), -(horizonDays + OUTCOME_GRACE_DAYS));
      for (const { sessionId } of await this.trackRecords.dueOutcomes(
        horizonDays,
        latestStart,
        PASS_LIMIT,
      )) {
        // PGlite answers in microtasks: yield so HTTP requests get through a long pass (first start).
        await new Promise((resolve) => setImmediate(resolve));
        if (!sources.has(sessionId))
          sources.set(sessionId, await this.trackRecords.outcomeSource(sessionId));
        const source = sources.get(sessionId);
        if (source !== undefined) due.push({ source, horizonDays });
      }
    }
    if (due.length === 0) return 0;
    const points = await this.seriesFor(due);
    const series = new Map<string, { source: string; points: SeriesPoint[] }>();
    for (const [label, { text }] of this.settings.series)
      series.set(label, { source: text, points: points.get(text) ?? [] });
    const records = due.map(({ source, horizonDays }) =>
      buildOutcomeRecord({
        sessionId: source.sessionId,
        subjectId: source.subjectId,
        sessionDate: source.date,
        receiptDigest: source.receiptDigest,
        horizonDays,
        startDate: utcDate(source.aggregatedAt),
        series,
        holdings: source.holdings,
        reference: source.referenceAllocation?.buckets ?? null,
        consensus: source.consensus,
        takeWeights: source.takeWeights,
        computedAt: now,
      }),
    );
    await this.store(records);
    return records.length;
  }

  /** Every configured series over the span the due outcomes need, each source read once. */
  private async seriesFor(
    due: ReadonlyArray<{ source: OutcomeSource; horizonDays: number }>,
  ): Promise<Map<string, SeriesPoint[]>> {
    let from = '9999-12-31';
    let to = '0000-01-01';
    for (const { source, horizonDays } of due) {
      const start = utcDate(source.aggregatedAt);
      const end = addDays(start, horizonDays);
      if (start < from) from = start;
      if (end > to) to = end;
    }
    from = addDays(from, -OUTCOME_STALE_DAYS);
    const points = new Map<string, SeriesPoint[]>();
    for (const { text, source } of this.settings.series.values()) {
      if (!points.has(text)) points.set(text, await this.readSeries(source, from, to));
    }
    return points;
  }

  /** Stores the records and appends their log entries in one transaction, then bumps the version. */
  private async store(records: readonly OutcomeRecord[]): Promise<void> {
    await this.transactor.transaction(async (trx) => {
      const index = this.log === null ? null : await this.log.lockIndex(trx);
      await this.trackRecords.insertOutcomes(
        records.map((record) => {
          const text = jcs(record);
          return {
            sessionId: record.sessionId,
            horizonDays: record.horizonDays,
            subjectId: record.subjectId,
            status: record.status,
            reason: record.reason,
            record: text,
            digest: sha256Hex(text),
            computedAt: new Date(record.computedAt),
          };
        }),
        trx,
      );
      if (this.log !== null && index !== null) await this.log.append(trx, index, records);
      await this.versions.bump(TRACK_RECORD_DATASET, trx);
    });
  }
}

export function outcomeJob(recorder: OutcomeRecorder, log: FastifyBaseLogger): Job {
  return {
    name: TRACK_RECORD_JOB,
    schedule: { everyMs: 10 * 60_000 },
    idempotent: true,
    async run(): Promise<JobOutcome> {
      const recorded = await recorder.recordDue();
      if (recorded > 0) log.info({ outcomes: recorded }, 'track record: outcomes published');
      return recorded > 0 ? 'success' : 'skipped';
    },
  };
}
