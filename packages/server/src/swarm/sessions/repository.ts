import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, SessionState, SwarmSessionTable } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';
import { isUuid } from '../shared/ids.js';
import { takeRecord } from '../../db/take-columns.js';
import { selectTakeRecords, type TakeRecord } from '../takes/repository.js';
import type { SessionListQuery } from './list-query.js';

export type { SessionRow } from '../tables.js';
import type { SessionRow } from '../tables.js';

export interface RosterEntry {
  memberId: string;
  handle: string;
  displayName: string;
  excused: boolean;
  addedAt: Date;
  /** The member's role now: a judge files no takes, whenever the role changed. */
  role: string;
}

/** Every take revision of a session reads as the takes subdomain's record of it. */
export type SessionTake = TakeRecord;

/**
 * A row's version as PostgreSQL keeps it: an update or delete-and-insert writes a new tuple, with
 * the writing transaction's id (xmin) at a new place (ctid); neither can be set through SQL.
 */
const rowVersion = (table: string) =>
  sql<string>`concat_ws('/', ${sql.ref(`${table}.xmin`)}, ${sql.ref(`${table}.ctid`)})`;

/** Every row `takesOfSession` and the log's `entriesByTakes` read for the session, by version. */
const takesFingerprint = sql<string>`(
  select coalesce(string_agg(concat_ws(':', t.id, t.xmin, t.ctid, k.xmin, k.ctid, e.xmin, e.ctid,
                                       tn.xmin, tn.ctid, en.xmin, en.ctid), ',' order by t.id), '')
    from take t
    left join member_key k on k.id = t.key_id
    left join tlog_entry e on e.take_id = t.id
    left join tlog_node tn on tn.level = 0 and tn.idx = t.log_index
    left join tlog_node en on en.level = 0 and en.idx = e.idx
   where t.session_id = swarm_session.id)`;

/**
 * What a read checks on every request: the session's id and two fingerprints, no row data.
 * `rowVersion` changes whenever the row does, and `takesFingerprint` whenever any row its takes'
 * verdicts are computed from does (each take, its key, its log entry and the leaf the tree holds
 * for it), so an answer computed from unchanged rows can be sent again and is recomputed the moment
 * one changes, behind the service or not.
 */
export interface SessionVersions {
  id: string;
  rowVersion: string;
  takesFingerprint: string;
}

function selectVersions(db: Kysely<DB>) {
  return db
    .selectFrom('swarm_session')
    .select([
      'swarm_session.id',
      rowVersion('swarm_session').as('row_version'),
      takesFingerprint.as('takes_fingerprint'),
    ]);
}

function toVersions(
  found: { id: string; row_version: string; takes_fingerprint: string } | undefined,
): SessionVersions | undefined {
  return found === undefined
    ? undefined
    : { id: found.id, rowVersion: found.row_version, takesFingerprint: found.takes_fingerprint };
}

/** A literal phrase for ILIKE: `\`, `%` and `_` lose their pattern meaning. */
export const likePattern = (phrase: string): string =>
  `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL over sessions, their rosters and their takes; each method runs in `trx` when given. */
export class SessionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A session's versions by id (one query; the row itself only when its version moved). */
  async sessionVersions(id: string, trx?: Tx): Promise<SessionVersions | undefined> {
    const db = trx ?? this.db;
    if (!isUuid(id)) return undefined;
    return toVersions(await selectVersions(db).where('id', '=', id).executeTakeFirst());
  }

  /** The versions of the latest session of a day for a subject (the date/subject read route). */
  async latestOfDayVersions(
    date: string,
    subjectId: string,
    trx?: Tx,
  ): Promise<SessionVersions | undefined> {
    const db = trx ?? this.db;
    return toVersions(
      await selectVersions(db)
        .where('subject_id', '=', subjectId)
        .where('date', '=', date)
        .orderBy('convened_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst(),
    );
  }

  /** A session row with its version, read when a read's cached row is of another version. */
  async sessionRowWithVersion(
    id: string,
    trx?: Tx,
  ): Promise<{ row: SessionRow; rowVersion: string } | undefined> {
    const db = trx ?? this.db;
    const found = await db
      .selectFrom('swarm_session')
      .selectAll('swarm_session')
      .select(rowVersion('swarm_session').as('row_version'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (found === undefined) return undefined;
    const { row_version, ...row } = found;
    return { row, rowVersion: row_version };
  }

  async findSession(id: string, trx?: Tx): Promise<SessionRow | undefined> {
    const db = trx ?? this.db;
    if (!isUuid(id)) return undefined;
    return db.selectFrom('swarm_session').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The session row locked for the rest of the transaction: lifecycle steps serialise on it. */
  async lockSession(id: string, trx?: Tx): Promise<SessionRow | undefined> {
    const db = trx ?? this.db;
    if (!isUuid(id)) return undefined;
    return db
      .selectFrom('swarm_session')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async setSession(
    id: string,
    values: Partial<{
      state: SessionState;
      window_closes_at: Date | null;
      /** Set once, when the schedule counts a session opened by hand as this fire's. */
      fire_at: Date;
      closed_at: Date;
      aggregated_at: Date;
      published_at: Date;
      aggregate: string;
      rationale: string;
      synthesis: string;
    }>,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db.updateTable('swarm_session').set(values).where('id', '=', id).execute();
  }

  /**
   * Inserts a session row. Callers check the fire and the day first, holding the subject row; the
   * unique `(subject_id, fire_at)` and `swarm_session_one_per_day` indexes refuse any writer that
   * did not (unique violation).
   */
  async insertSession(values: Insertable<SwarmSessionTable>, trx?: Tx): Promise<void> {
    await (trx ?? this.db).insertInto('swarm_session').values(values).execute();
  }

  /** The session of a date and subject (not an additional one), if the day has one. */
  async sessionOfDay(subjectId: string, date: string, trx?: Tx): Promise<SessionRow | undefined> {
    return (trx ?? this.db)
      .selectFrom('swarm_session')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .where('date', '=', date)
      .where('additional', '=', false)
      .executeTakeFirst();
  }

  /** Distinct members who filed a take in the session. */
  async takerCount(sessionId: string, trx?: Tx): Promise<number> {
    const db = trx ?? this.db;
    const count = await db
      .selectFrom('take')
      .select((eb) => eb.fn.count<number>('member_id').distinct().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return Number(count.n);
  }

  /** Active members with role `member`: the roster a new session freezes. */
  async eligibleRoster(trx?: Tx): Promise<string[]> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('member')
      .select('id')
      .where('status', '=', 'active')
      .where('role', '=', 'member')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async addToRoster(
    sessionId: string,
    memberIds: readonly string[],
    at: Date,
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    if (memberIds.length === 0) return;
    await db
      .insertInto('session_roster')
      .values(
        memberIds.map((memberId) => ({ session_id: sessionId, member_id: memberId, added_at: at })),
      )
      .onConflict((conflict) => conflict.columns(['session_id', 'member_id']).doNothing())
      .execute();
  }

  /** The member joins every session still collecting (an admission while sessions are open). */
  async joinCollectingSessions(memberId: string, at: Date, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    const collecting = await db
      .selectFrom('swarm_session')
      .select('id')
      .where('state', '=', 'collecting')
      .execute();
    if (collecting.length === 0) return;
    await db
      .insertInto('session_roster')
      .values(
        collecting.map((session) => ({
          session_id: session.id,
          member_id: memberId,
          added_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['session_id', 'member_id']).doNothing())
      .execute();
  }

  async setExcused(
    sessionId: string,
    memberId: string,
    excused: boolean,
    trx?: Tx,
  ): Promise<boolean> {
    const db = trx ?? this.db;
    const result = await db
      .updateTable('session_roster')
      .set({ excused })
      .where('session_id', '=', sessionId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async rosterOf(sessionId: string, trx?: Tx): Promise<RosterEntry[]> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('session_roster')
      .innerJoin('member', 'member.id', 'session_roster.member_id')
      .select([
        'session_roster.member_id',
        'member.handle',
        'member.display_name',
        'session_roster.excused',
        'session_roster.added_at',
        'member.role',
      ])
      .where('session_roster.session_id', '=', sessionId)
      .orderBy('member.handle')
      .execute();
    return rows.map((row) => ({
      memberId: row.member_id,
      handle: row.handle,
      displayName: row.display_name,
      excused: row.excused,
      addedAt: row.added_at,
      role: row.role,
    }));
  }

  /** Every take revision filed in the session, with the key each was verified against, oldest first. */
  async takesOfSession(sessionId: string, trx?: Tx): Promise<SessionTake[]> {
    const db = trx ?? this.db;
    const rows = await selectTakeRecords(db)
      .where('take.session_id', '=', sessionId)
      .orderBy('take.received_at')
      .orderBy('take.recommendation_id')
      .execute();
    return rows.map(takeRecord);
  }

  /** Sessions a lifecycle sweep still has work on, oldest first. */
  async unfinishedSessions(limit: number, trx?: Tx): Promise<SessionRow[]> {
    const db = trx ?? this.db;
    return db
      .selectFrom('swarm_session')
      .selectAll()
      .where('state', 'in', ['collecting', 'window_closed', 'aggregated'])
      .orderBy('convened_at')
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /**
   * The open session among several collecting at once (one per subject or more): the one whose window
   * closes soonest, a session without a deadline after every one with; ties by subject id, then the
   * newest convened. Data alone decides, so every replica and cached read agrees.
   */
  async soonestClosingCollecting(trx?: Tx): Promise<SessionRow | undefined> {
    const db = trx ?? this.db;
    return db
      .selectFrom('swarm_session')
      .selectAll()
      .where('state', '=', 'collecting')
      .orderBy(sql`window_closes_at asc nulls last`)
      .orderBy('subject_id', 'asc')
      .orderBy('convened_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Where a subject's schedule counts from: its newest fire, or the opening of a session opened by
   * hand when that is newer (no fire before it convenes after it). Undefined: never convened.
   */
  async scheduleAnchor(subjectId: string, trx?: Tx): Promise<Date | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('swarm_session')
      .select((eb) => eb.fn.max(eb.fn.coalesce('fire_at', 'convened_at')).as('anchor'))
      .where('subject_id', '=', subjectId)
      .executeTakeFirst();
    return row?.anchor === null || row?.anchor === undefined ? undefined : new Date(row.anchor);
  }

  /**
   * Published sessions of a subject with no allocation decision yet, newest first, each with what the
   * decision needs; locked so two replicas cannot decide one session twice.
   */
  async publishedAwaitingAllocation(subjectId: string, trx?: Tx) {
    const db = trx ?? this.db;
    return db
      .selectFrom('swarm_session')
      .innerJoin('subject', 'subject.id', 'swarm_session.subject_id')
      .leftJoin('judgement', (join) =>
        join
          .onRef('judgement.session_id', '=', 'swarm_session.id')
          .on('judgement.judged_by', '=', 'convene-rules'),
      )
      .select([
        'swarm_session.id',
        'swarm_session.aggregate',
        'subject.recommendation_type',
        'subject.source',
        'judgement.release_safety',
      ])
      .where('swarm_session.subject_id', '=', subjectId)
      .where('swarm_session.state', '=', 'published')
      .where('swarm_session.allocation_effect', 'is', null)
      .orderBy('swarm_session.published_at', 'desc')
      .orderBy('swarm_session.seq', 'desc')
      .forUpdate('swarm_session')
      .execute();
  }

  async setAllocationEffect(sessionId: string, effect: unknown, trx?: Tx): Promise<void> {
    const db = trx ?? this.db;
    await db
      .updateTable('swarm_session')
      .set({ allocation_effect: JSON.stringify(effect) })
      .where('id', '=', sessionId)
      .execute();
  }

  /** One page, newest first, plus one extra row to know whether another page follows. */
  async listSessions(
    query: SessionListQuery,
    trx?: Tx,
  ): Promise<Array<SessionRow & { take_count: number }>> {
    const db = trx ?? this.db;
    let select = db
      .selectFrom('swarm_session')
      .selectAll('swarm_session')
      .select((eb) =>
        eb
          .selectFrom('take')
          .select(sql<number>`count(distinct take.member_id)::int`.as('n'))
          .whereRef('take.session_id', '=', 'swarm_session.id')
          .as('take_count'),
      )
      .orderBy('convened_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(query.limit + 1);
    if (query.state !== undefined) select = select.where('state', '=', query.state);
    if (query.subject !== undefined) select = select.where('subject_id', '=', query.subject);
    if (query.search !== undefined) {
      const pattern = likePattern(query.search);
      // A phrase in the site's date form also matches the date it names.
      const namedDate =
        query.searchDate === undefined
          ? sql<boolean>`false`
          : sql<boolean>`swarm_session.date::text like ${likePattern(query.searchDate)}`;
      select = select.where(
        sql<boolean>`(swarm_session.date::text ilike ${pattern} or ${namedDate} or swarm_session.rationale ilike ${pattern} or swarm_session.synthesis ilike ${pattern})`,
      );
    }
    if (query.cursor !== undefined) {
      const { convenedAt, seq } = query.cursor;
      select = select.where(
        sql<boolean>`(swarm_session.convened_at, swarm_session.seq) < (${convenedAt}::timestamptz, ${seq}::bigint)`,
      );
    }
    const rows = await select.execute();
    return rows.map((row) => ({ ...row, take_count: Number(row.take_count ?? 0) }));
  }
}
