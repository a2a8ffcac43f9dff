import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { takeColumnsSql, takeRecord, type FiledTake } from '../db/take-columns.js';
import type { SessionEventKind } from './tables.js';

/** A log entry the stream reports or steps over: takes carry their public fields, key events their text. */
export interface LogEventRow {
  idx: number;
  kind: string;
  /** The entry's text for key events (public: the log serves it), else null. */
  entry: string | null;
  take: (FiledTake & { subjectId: string; date: string; handle: string | null }) | null;
}

export interface SessionEventRow {
  seq: number;
  kind: SessionEventKind;
  /** The log's next index when the change was numbered. */
  logNext: number;
  sessionId: string;
  subjectId: string;
  date: string;
  convenedAt: Date;
  windowClosesAt: Date | null;
  aggregatedAt: Date | null;
  publishedAt: Date | null;
  brief: { id: number; createdAt: Date; regime: Record<string, unknown> | null } | null;
  receiptDigest: string | null;
}

/** A log position and, for a take, its `TAKE_COLUMNS` (null for other entries). */
type RawLogRow = {
  idx: number | string;
  kind: string | null;
  entry: string | null;
  subjectId: string | null;
  date: string | null;
  handle: string | null;
} & { [K in keyof FiledTake]: FiledTake[K] | string | null };

/** Every SQL statement of the event stream: reads of the ordered sources it is derived from. */
export class EventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The next log index and the newest session change: where "now" is. */
  async heads(): Promise<{ log: number; session: number }> {
    const { rows } = await sql<{ log: number | string; session: number | string | null }>`
      select convene_tlog_next() as log,
        (select max(seq) from swarm_session_event) as session`.execute(this.db);
    return { log: Number(rows[0]!.log), session: Number(rows[0]!.session ?? 0) };
  }

  /**
   * Log entries from index `from` on, in index order (at most `limit`): takes filed with their
   * position and `tlog_entry` rows, each an index range scan, with the take's public columns.
   */
  async logEntries(from: number, limit: number): Promise<LogEventRow[]> {
    const { rows } = await sql<RawLogRow>`
      with positions as (
        (select log_index as idx, id as take_id, null::text as kind, null::text as entry
          from take where log_index >= ${from} order by log_index limit ${limit})
        union all
        (select idx, take_id, kind, case when kind = 'key' then entry end
          from tlog_entry where idx >= ${from} order by idx limit ${limit}))
      select p.idx, coalesce(p.kind, 'take') as kind, p.entry, ${takeColumnsSql('t')},
        s.subject_id as "subjectId", s.date, m.handle
      from positions p
        left join take t on t.id = p.take_id
        left join swarm_session s on s.id = t.session_id
        left join member m on m.id = t.member_id
      order by p.idx limit ${limit}`.execute(this.db);
    return rows.map((row) => ({
      idx: Number(row.idx),
      kind: row.kind ?? 'take',
      entry: row.entry,
      take:
        row.id === null
          ? null
          : {
              ...takeRecord(row as unknown as FiledTake),
              subjectId: row.subjectId!,
              date: String(row.date),
              handle: row.handle,
            },
    }));
  }

  /** Session changes after `after`, in order (at most `limit`), with what each event carries. */
  async sessionEvents(after: number, limit: number): Promise<SessionEventRow[]> {
    const rows = await this.db
      .selectFrom('swarm_session_event as e')
      .innerJoin('swarm_session as s', 's.id', 'e.session_id')
      .leftJoin('brief as b', 'b.session_id', 'e.session_id')
      .leftJoin('consensus_receipt as c', 'c.session_id', 'e.session_id')
      .where('e.seq', '>', after)
      .orderBy('e.seq')
      .limit(limit)
      .select([
        'e.seq',
        'e.kind',
        'e.log_next',
        's.id as session_id',
        's.subject_id',
        's.date',
        's.convened_at',
        's.window_closes_at',
        's.aggregated_at',
        's.published_at',
        'b.id as brief_id',
        'b.created_at as brief_created_at',
        sql<Record<string, unknown> | null>`b.body -> 'regime'`.as('regime'),
        'c.digest',
      ])
      .execute();
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return rows.map((row) => ({
      seq: Number(row.seq),
      kind: row.kind,
      logNext: Number(row.log_next),
      sessionId: row.session_id,
      subjectId: row.subject_id,
      date: String(row.date),
      convenedAt: new Date(row.convened_at),
      windowClosesAt: date(row.window_closes_at),
      aggregatedAt: date(row.aggregated_at),
      publishedAt: date(row.published_at),
      brief:
        row.brief_id === null || row.brief_created_at === null
          ? null
          : {
              id: Number(row.brief_id),
              createdAt: new Date(row.brief_created_at),
              regime: row.regime ?? null,
            },
      receiptDigest: row.digest ?? null,
    }));
  }
}
