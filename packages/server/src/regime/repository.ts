import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import type { Observation } from '../ingestion/source.js';
import type { ResearchPayload } from './model/research.js';
import type { RegimeDay, RegimeRunDetail } from './model/snapshots.js';
import type { SeriesProvenance } from './tables.js';

/** SQL for the regime's series, observations, snapshots, runs and research signals; each method runs in `trx` when given. */
export class RegimeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** SQL for the regime datasets only. Every function takes the database or a transaction. */

  async ensureSeries(
    key: string,
    source: string,
    provenance: SeriesProvenance,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('regime_series')
      .values({
        key,
        source,
        provenance,
        last_attempt_at: null,
        last_success_at: null,
        last_error: null,
      })
      .onConflict((c) => c.column('key').doUpdateSet({ source, provenance }))
      .execute();
  }

  /** One series' observations dated from `from` to `to` (inclusive), ascending. */
  async observationsBetween(
    key: string,
    from: string,
    to: string,
    trx?: Tx,
  ): Promise<Array<{ date: string; value: number }>> {
    const db = trx ?? this.db;
    return db
      .selectFrom('regime_observation')
      .select(['date', 'value'])
      .where('series_key', '=', key)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .orderBy('date')
      .execute();
  }

  async lastObservationDates(trx?: Tx): Promise<Map<string, string>> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('regime_observation')
      .select(['series_key', (eb) => eb.fn.max('date').as('last')])
      .groupBy('series_key')
      .execute();
    return new Map(rows.map((row) => [row.series_key, row.last]));
  }

  /** Upserts real observations in one statement (fetched data wins on overlap). */
  async upsertObservations(
    key: string,
    observations: readonly Observation[],
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    // Short statements: on PGlite each one holds the event loop until it is done.
    const chunk = 250;
    for (let i = 0; i < observations.length; i += chunk) {
      const part = observations.slice(i, i + chunk);
      await sql`
        insert into regime_observation (series_key, date, value)
        select ${key}, d::date, v from unnest(${part.map((o) => o.date)}::text[], ${part.map((o) => o.value)}::float8[]) as t(d, v)
        on conflict (series_key, date) do update set value = excluded.value`.execute(db);
    }
  }

  async recordFetch(key: string, at: Date, error: string | null, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db
      .updateTable('regime_series')
      .set(
        error === null
          ? { last_attempt_at: at, last_success_at: at, last_error: null, stale: false }
          : { last_attempt_at: at, last_error: error, stale: true },
      )
      .where('key', '=', key)
      .execute();
  }

  /**
   * Every stored observation, by series, ascending by date. Aggregated to one JSON array pair per series
   * in SQL: materialising ~100k rows one by one costs ten times more on PGlite.
   */
  async loadObservations(trx?: Tx): Promise<Map<string, Observation[]>> {
    const db = trx ?? this.db;
    const { rows } = await sql<{ series_key: string; dates: string; values: string }>`
      select series_key, json_agg(date order by date)::text as dates, json_agg(value order by date)::text as values
      from regime_observation group by series_key order by series_key`.execute(db);
    const series = new Map<string, Observation[]>();
    for (const row of rows) {
      const dates = JSON.parse(row.dates) as string[];
      const values = JSON.parse(row.values) as number[];
      series.set(
        row.series_key,
        dates.map((date, i) => ({ date, value: values[i] as number })),
      );
    }
    return series;
  }

  async seriesStatus(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('regime_series')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('regime_observation')
            .select([
              'series_key',
              (e) => e.fn.max('date').as('last_date'),
              (e) => e.fn.countAll<number>().as('points'),
            ])
            .groupBy('series_key')
            .as('o'),
        (join) => join.onRef('o.series_key', '=', 'regime_series.key'),
      )
      .select([
        'key',
        'source',
        'provenance',
        'stale',
        'last_success_at',
        'last_error',
        'o.last_date',
        'o.points',
      ])
      .orderBy('key')
      .execute();
  }

  /** Replaces the stored history with a fresh full computation (each run recomputes every day). */
  async replaceSnapshots(
    days: readonly RegimeDay[],
    version: string,
    source: string,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db.deleteFrom('regime_snapshot').execute();
    // Short statements: on PGlite each one holds the event loop until it is done.
    const chunk = 100;
    for (let i = 0; i < days.length; i += chunk) {
      await db
        .insertInto('regime_snapshot')
        .values(
          days.slice(i, i + chunk).map((day) => ({
            date: day.date,
            version,
            source,
            composite: day.composite,
            composite_percentile: day.compositePercentile,
            regime: day.regime,
            panels: JSON.stringify(day.panels),
            panel_weights: JSON.stringify(day.panelWeights),
          })),
        )
        .execute();
    }
  }

  async insertRun(
    run: {
      computedAt: Date;
      latestDate: string;
      version: string;
      source: string;
      durationMs: number;
      detail: RegimeRunDetail;
    },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('regime_run')
      .values({
        computed_at: run.computedAt,
        latest_date: run.latestDate,
        version: run.version,
        source: run.source,
        duration_ms: Math.round(run.durationMs),
        detail: JSON.stringify(run.detail),
      })
      .execute();
    // Only the newest run's blobs are ever read; keep a short trail for operators.
    await sql`delete from regime_run where id not in (select id from regime_run order by id desc limit 10)`.execute(
      db,
    );
  }

  async upsertResearchSignal(
    signal: {
      key: string;
      date: string;
      computedAt: Date;
      source: string;
      payload: ResearchPayload;
    },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    const payload = JSON.stringify(signal.payload);
    await db
      .insertInto('research_signal')
      .values({
        signal_key: signal.key,
        date: signal.date,
        computed_at: signal.computedAt,
        source: signal.source,
        payload,
      })
      .onConflict((c) =>
        c
          .columns(['signal_key', 'date'])
          .doUpdateSet({ computed_at: signal.computedAt, source: signal.source, payload }),
      )
      .execute();
  }

  async recentSnapshots(limit: number, trx?: Tx) {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('regime_snapshot')
      .selectAll()
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  async latestRun(trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('regime_run')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async latestResearchSignal(key: string, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('research_signal')
      .selectAll()
      .where('signal_key', '=', key)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Regime snapshots on or before `date`, newest first (point-in-time reads for briefs). */
  async snapshotsAsOf(date: string, limit: number, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('regime_snapshot')
      .select(['date', 'composite', 'composite_percentile', 'regime', 'panels'])
      .where('date', '<=', date)
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
  }

  /** The newest row of each of these research signals on or before `date`, in one query. */
  async researchSignalDatesAsOf(
    keys: readonly string[],
    date: string,
    trx?: Tx,
  ): Promise<Array<{ signalKey: string; date: string }>> {
    const db = trx ?? this.db;
    if (keys.length === 0) return [];
    const rows = await db
      .selectFrom('research_signal')
      .distinctOn('signal_key')
      .select(['signal_key', 'date'])
      .where('signal_key', 'in', [...keys])
      .where('date', '<=', date)
      .orderBy('signal_key')
      .orderBy('date', 'desc')
      .execute();
    const byKey = new Map(rows.map((row) => [row.signal_key, row.date]));
    return keys.flatMap((key) => {
      const found = byKey.get(key);
      return found === undefined ? [] : [{ signalKey: key, date: found }];
    });
  }

  /** The stored payload of one research signal row. */
  async researchSignalPayloadOn(signalKey: string, date: string, trx?: Tx): Promise<unknown> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('research_signal')
      .select('payload')
      .where('signal_key', '=', signalKey)
      .where('date', '=', date)
      .executeTakeFirst();
    return row?.payload ?? null;
  }
}
