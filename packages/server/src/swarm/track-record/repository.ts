import type { Weight } from '@convene/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB, SessionOutcomeTable, WeightRow } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import type { ReferenceAllocation } from '../shared/schemas.js';

/** A published session whose outcome over `horizonDays` is due and not yet stored. */
export interface DueOutcome {
  sessionId: string;
  horizonDays: number;
}

/** What an outcome record is built from: the session, its receipt, snapshot and counted takes. */
export interface OutcomeSource {
  sessionId: string;
  subjectId: string;
  date: string;
  aggregatedAt: Date;
  referenceAllocation: ReferenceAllocation | null;
  receiptDigest: string;
  consensus: Weight[];
  holdings: Array<{ bucket: string | null; valueUsd: number | null }> | null;
  takeWeights: Weight[][];
}

export interface StoredOutcome {
  sessionId: string;
  horizonDays: number;
  subjectId: string;
  status: SessionOutcomeTable['status'];
  reason: string | null;
  record: string;
  digest: string;
  computedAt: Date;
  logIndex: number | null;
}

/** A counted take of a session with an outcome, as scoring reads it. */
export interface CountedTakeRow {
  sessionId: string;
  memberId: string;
  takeId: string;
  revision: number;
  stance: string;
  confidence: number;
  weights: WeightRow[] | null;
  logIndex: number | null;
}

/** SQL for session outcomes and the takes and aggregates they score; each method runs in `trx` when given. */
export class TrackRecordRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Published sessions aggregated on or before `latestStart` (so `horizonDays` plus the grace has
   * passed) without an outcome over that horizon, oldest first.
   */
  async dueOutcomes(
    horizonDays: number,
    latestStart: string,
    limit: number,
    trx?: Tx,
  ): Promise<DueOutcome[]> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('swarm_session as s')
      .innerJoin('consensus_receipt as c', 'c.session_id', 's.id')
      .select('s.id')
      .where('s.state', '=', 'published')
      .where(sql<boolean>`(s.aggregated_at at time zone 'UTC')::date <= ${latestStart}::date`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('session_outcome as o')
              .select('o.session_id')
              .whereRef('o.session_id', '=', 's.id')
              .where('o.horizon_days', '=', horizonDays),
          ),
        ),
      )
      .orderBy('s.aggregated_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ sessionId: row.id, horizonDays }));
  }

  /** Everything an outcome of this session is built from, or undefined when it is not published. */
  async outcomeSource(sessionId: string, trx?: Tx): Promise<OutcomeSource | undefined> {
    const db = trx ?? this.db;
    const session = await db
      .selectFrom('swarm_session as s')
      .innerJoin('consensus_receipt as c', 'c.session_id', 's.id')
      .select([
        's.id',
        's.subject_id',
        's.date',
        's.aggregated_at',
        's.aggregate',
        's.reference_allocation',
        'c.digest',
        'c.payload',
      ])
      .where('s.id', '=', sessionId)
      .where('s.state', '=', 'published')
      .executeTakeFirst();
    if (session === undefined || session.aggregated_at === null) return undefined;
    const aggregate = session.aggregate;
    const takeIds = (aggregate?.counted ?? []).map((c) => c.takeId);
    const [snapshot, takes] = await Promise.all([
      db
        .selectFrom('subject_snapshot')
        .select('holdings')
        .where('session_id', '=', sessionId)
        .orderBy('taken_at')
        .executeTakeFirst(),
      takeIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('take').select('weights').where('id', 'in', takeIds).execute(),
    ]);
    return {
      sessionId: session.id,
      subjectId: session.subject_id,
      date: session.date,
      aggregatedAt: new Date(session.aggregated_at),
      referenceAllocation: session.reference_allocation,
      receiptDigest: session.digest,
      consensus: session.payload.weights,
      holdings:
        snapshot === undefined
          ? null
          : snapshot.holdings.map((h) => ({ bucket: h.bucket, valueUsd: h.valueUsd })),
      takeWeights: takes.flatMap((t) => (t.weights === null ? [] : [t.weights])),
    };
  }

  /** Stores outcome rows, 50 (about 150 KB of records) per statement, so no statement runs long. */
  async insertOutcomes(
    rows: ReadonlyArray<Omit<StoredOutcome, 'logIndex'>>,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    for (let i = 0; i < rows.length; i += 50) {
      await db
        .insertInto('session_outcome')
        .values(
          rows.slice(i, i + 50).map((row) => ({
            session_id: row.sessionId,
            horizon_days: row.horizonDays,
            subject_id: row.subjectId,
            status: row.status,
            reason: row.reason,
            record: row.record,
            digest: row.digest,
            computed_at: row.computedAt,
          })),
        )
        .execute();
    }
  }

  /** Stored outcomes (one session's, or every one), with their log positions, oldest first. */
  async storedOutcomes(sessionId?: string, trx?: Tx): Promise<StoredOutcome[]> {
    const db = trx ?? this.db;
    let query = db
      .selectFrom('session_outcome as o')
      .leftJoin('tlog_entry as e', (join) =>
        join
          .onRef('e.outcome_session_id', '=', 'o.session_id')
          .onRef('e.outcome_horizon_days', '=', 'o.horizon_days'),
      )
      .select([
        'o.session_id',
        'o.horizon_days',
        'o.subject_id',
        'o.status',
        'o.reason',
        'o.record',
        'o.digest',
        'o.computed_at',
        'e.idx',
      ]);
    if (sessionId !== undefined) query = query.where('o.session_id', '=', sessionId);
    const rows = await query.orderBy('o.computed_at').orderBy('o.session_id').execute();
    return rows.map((row) => ({
      sessionId: row.session_id,
      horizonDays: row.horizon_days,
      subjectId: row.subject_id,
      status: row.status,
      reason: row.reason,
      record: row.record,
      digest: row.digest,
      computedAt: new Date(row.computed_at),
      logIndex: row.idx === null ? null : Number(row.idx),
    }));
  }

  /**
   * The counted takes and aggregated rosters of these sessions (the roster is the counted members plus
   * `quorum.absent`, as the receipt signs it).
   */
  async countedTakesOf(
    sessionIds: readonly string[],
    trx?: Tx,
  ): Promise<{
    takes: CountedTakeRow[];
    absent: Map<string, string[]>;
  }> {
    const db = trx ?? this.db;
    if (sessionIds.length === 0) return { takes: [], absent: new Map() };
    const ids = sql.join(sessionIds.map((id) => sql`${id}::uuid`));
    const { rows } = await sql<{
      session_id: string;
      member_id: string;
      take_id: string;
      revision: number;
      stance: string;
      confidence: number;
      weights: WeightRow[] | null;
      log_index: number | string | null;
    }>`
      select s.id as session_id, t.member_id, t.id as take_id, t.revision, t.stance, t.confidence,
             t.weights, t.log_index
        from swarm_session s
        cross join lateral jsonb_array_elements(s.aggregate->'counted') as c(value)
        join take t on t.id = (c.value->>'takeId')::uuid
       where s.id in (${ids})
       order by s.id, t.member_id`.execute(db);
    const absentRows = await sql<{ session_id: string; absent: string[] | null }>`
      select s.id as session_id, s.aggregate->'quorum'->'absent' as absent
        from swarm_session s
       where s.id in (${ids})`.execute(db);
    return {
      takes: rows.map((row) => ({
        sessionId: row.session_id,
        memberId: row.member_id,
        takeId: row.take_id,
        revision: row.revision,
        stance: row.stance,
        confidence: row.confidence,
        weights: row.weights,
        logIndex: row.log_index === null ? null : Number(row.log_index),
      })),
      absent: new Map(absentRows.rows.map((row) => [row.session_id, row.absent ?? []])),
    };
  }

  /** Whether a session exists, and when it aggregated (null before). */
  async sessionAggregation(
    sessionId: string,
    trx?: Tx,
  ): Promise<{ aggregatedAt: Date | null; state: string } | undefined> {
    const db = trx ?? this.db;
    const row = await db
      .selectFrom('swarm_session')
      .select(['aggregated_at', 'state'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : {
          aggregatedAt: row.aggregated_at === null ? null : new Date(row.aggregated_at),
          state: row.state,
        };
  }

  /** Handles of these members, by id. */
  async handlesOf(memberIds: readonly string[], trx?: Tx): Promise<Map<string, string>> {
    const db = trx ?? this.db;
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('member')
      .select(['id', 'handle'])
      .where('id', 'in', [...memberIds])
      .execute();
    return new Map(rows.map((row) => [row.id, row.handle]));
  }
}
