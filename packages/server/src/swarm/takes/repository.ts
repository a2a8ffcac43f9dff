import { sql, type Kysely, type Selectable } from 'kysely';
import {
  TAKE_COLUMNS,
  takeFilingJson,
  takeRecord,
  type FiledTake,
  type TakeToStore,
} from '../../db/take-columns.js';
import type { DB, SwarmSessionTable, TakeTable } from '../../db/schema.js';
import type { Tx } from '../../db/transactor.js';

export type SessionRow = Selectable<SwarmSessionTable>;
export type TakeRow = Selectable<TakeTable>;

export interface AdmissionFacts {
  /** The member behind the bearer token; undefined for an unknown, revoked or inactive one. */
  tokenMemberId: string | undefined;
  /** That member's role: a judge files no takes. */
  tokenMemberRole: 'member' | 'judge' | undefined;
  /** The newest non-cancelled session for date+subject. */
  session:
    | { id: string; state: SessionRow['state']; windowClosesAt: Date | null; rosterFrozen: boolean }
    | undefined;
  /** Undefined when the member is not on the session's roster. */
  roster: { excused: boolean } | undefined;
  key: { id: number; publicKey: string } | undefined;
  filed: number;
  nonceUsed: boolean;
}

interface FactsRow {
  token_member_id: string | null;
  token_member_role: string | null;
  session_id: string | null;
  session_state: string | null;
  window_closes_at: Date | null;
  roster_frozen: boolean | null;
  on_roster: boolean | null;
  excused: boolean | null;
  key_id: number | string | null;
  public_key: string | null;
  filed: number | null;
  nonce_used: boolean | null;
}

/** A take to file, and its transparency-log entry (null when the log is off). */
export interface TakeToFile {
  take: TakeToStore;
  /** The leaf hash of the take's log entry, or null where no log is kept. */
  leafHash: Uint8Array | null;
}

/** What filing did to one take: its ids, or the error (SQLSTATE in `code`) that refused it. */
export type FilingResult =
  | { ok: true; recommendationId: number; logIndex: number | null }
  | { ok: false; error: Error & { code: string; constraint?: string | undefined } };

/** What one submission's admission checks look up. */
export interface AdmissionQuery {
  tokenSha256: string;
  /** The body's memberId; null when it is not a UUID (and so cannot match the token's member). */
  memberId: string | null;
  /** Null for a date no calendar has: no session can match it. */
  date: string | null;
  subjectId: string;
  nonce: string;
}

function toFacts(row: FactsRow): AdmissionFacts {
  return {
    tokenMemberId: row.token_member_id ?? undefined,
    tokenMemberRole: (row.token_member_role as 'member' | 'judge' | null) ?? undefined,
    session:
      row.session_id === null
        ? undefined
        : {
            id: row.session_id,
            state: row.session_state as SessionRow['state'],
            windowClosesAt: row.window_closes_at,
            rosterFrozen: row.roster_frozen === true,
          },
    roster: row.on_roster === true ? { excused: row.excused === true } : undefined,
    key:
      row.key_id === null || row.public_key === null
        ? undefined
        : { id: Number(row.key_id), publicKey: row.public_key },
    filed: row.filed ?? 0,
    nonceUsed: row.nonce_used === true,
  };
}

/** SQL behind the take write path and take receipts. */
export class TakeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Everything the submit checks read, for a batch of submissions in one statement (one
   * `convene_submit_facts` call per submission, 0010-swarm-rules), in order.
   */
  async admissionFacts(queries: readonly AdmissionQuery[]): Promise<AdmissionFacts[]> {
    const { rows } = await sql<FactsRow & { ord: number | string }>`
      select q.ord, f.*
        from jsonb_array_elements(${JSON.stringify(queries)}::jsonb) with ordinality as q(value, ord)
        cross join lateral convene_submit_facts(
          q.value->>'tokenSha256', (q.value->>'memberId')::uuid, (q.value->>'date')::date,
          q.value->>'subjectId', q.value->>'nonce') as f`.execute(this.db);
    const facts = new Array<AdmissionFacts>(queries.length);
    for (const row of rows) facts[Number(row.ord) - 1] = toFacts(row);
    return facts;
  }

  /**
   * Files a batch of takes in one statement (0014-tlog-at-submit): each take with its nonce and,
   * when given, its transparency-log entry, which gets the next log index. One result per take, in
   * order: filed, or the database error that refused it alone (the others are still filed).
   */
  async fileTakes(takes: readonly TakeToFile[]): Promise<FilingResult[]> {
    const batch = takes.map(({ take, leafHash }) => takeFilingJson(take, leafHash));
    const { rows } = await sql<{
      ord: number;
      filed_recommendation_id: number | string | null;
      filed_log_index: number | string | null;
      error_state: string | null;
      error_constraint: string | null;
      error_message: string | null;
    }>`select * from convene_file_takes(${JSON.stringify(batch)}::jsonb)`.execute(this.db);
    const results = new Array<FilingResult>(takes.length);
    for (const row of rows) {
      results[row.ord] =
        row.error_state === null
          ? {
              ok: true,
              recommendationId: Number(row.filed_recommendation_id),
              logIndex: row.filed_log_index === null ? null : Number(row.filed_log_index),
            }
          : {
              ok: false,
              error: Object.assign(new Error(row.error_message ?? 'take not filed'), {
                code: row.error_state,
                constraint: row.error_constraint ?? undefined,
              }),
            };
    }
    return results;
  }

  async findTake(id: string | number): Promise<FiledTake | undefined> {
    const query = this.db.selectFrom('take').select(TAKE_COLUMNS);
    const row = await (
      typeof id === 'number'
        ? query.where('take.recommendation_id', '=', id)
        : query.where('take.id', '=', id)
    ).executeTakeFirst();
    return row === undefined ? undefined : takeRecord(row);
  }

  /** What the append-only nonce ledger remembers of a filed take, even when its row is gone. */
  async ledgerOfTake(takeId: string): Promise<{ memberId: string; usedAt: Date } | undefined> {
    return this.db
      .selectFrom('nonce_ledger')
      .select(['member_id as memberId', 'used_at as usedAt'])
      .where('take_id', '=', takeId)
      .executeTakeFirst();
  }

  /** The newest revision filed after `revision` by the same member in the same session. */
  async latestRevision(
    take: Pick<FiledTake, 'sessionId' | 'memberId' | 'revision'>,
  ): Promise<{ id: string; revision: number; receivedAt: Date } | undefined> {
    return this.db
      .selectFrom('take')
      .select(['id', 'revision', 'received_at as receivedAt'])
      .where('session_id', '=', take.sessionId)
      .where('member_id', '=', take.memberId)
      .where('revision', '>', take.revision)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A member's takes, newest first, on one subject when given; every one when `limit` is undefined. */
  async memberTakes(
    memberId: string,
    page: {
      limit: number | undefined;
      after: MemberTakesPosition | undefined;
      subject: string | undefined;
    },
    trx?: Tx,
  ): Promise<MemberTakeRow[]> {
    const db = trx ?? this.db;
    let query = selectTakeRecords(db)
      .innerJoin('swarm_session', 'swarm_session.id', 'take.session_id')
      .select([
        'swarm_session.date',
        'swarm_session.subject_id as subjectId',
        'swarm_session.state as sessionState',
      ])
      .where('take.member_id', '=', memberId);
    if (page.subject !== undefined)
      query = query.where('swarm_session.subject_id', '=', page.subject);
    const after = page.after;
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('take.received_at', '<', after.receivedAt),
          eb.and([
            eb('take.received_at', '=', after.receivedAt),
            eb('take.recommendation_id', '<', after.recommendationId),
          ]),
        ]),
      );
    }
    query = query.orderBy('take.received_at', 'desc').orderBy('take.recommendation_id', 'desc');
    const rows = await (page.limit === undefined ? query : query.limit(page.limit)).execute();
    return rows.map(takeRecord);
  }

  /** Every subject a member has filed a take on, sorted. */
  async memberTakeSubjects(memberId: string, trx?: Tx): Promise<string[]> {
    const db = trx ?? this.db;
    const rows = await db
      .selectFrom('take')
      .innerJoin('swarm_session', 'swarm_session.id', 'take.session_id')
      .select('swarm_session.subject_id')
      .distinct()
      .where('take.member_id', '=', memberId)
      .orderBy('swarm_session.subject_id')
      .execute();
    return rows.map((row) => row.subject_id);
  }

  /** A member's newest revision in each of `sessionIds`. */
  async newestRevisions(
    memberId: string,
    sessionIds: readonly string[],
    trx?: Tx,
  ): Promise<Map<string, { id: string; revision: number; receivedAt: Date }>> {
    const db = trx ?? this.db;
    if (sessionIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('take')
      .select(['id', 'session_id', 'revision', 'received_at'])
      .where('member_id', '=', memberId)
      .where('session_id', 'in', [...new Set(sessionIds)])
      .orderBy('revision', 'asc')
      .execute();
    return new Map(
      rows.map((row) => [
        row.session_id,
        { id: row.id, revision: row.revision, receivedAt: row.received_at },
      ]),
    );
  }
}

/** A filed take revision with the key it was verified against, as the session and member reads use it. */
export interface TakeRecord extends FiledTake {
  publicKey: string;
}

/** A member's take with the session it was filed in. */
export interface MemberTakeRow extends TakeRecord {
  date: string;
  subjectId: string;
  sessionState: SessionRow['state'];
}

/**
 * Takes joined with the key each was verified against, selecting a `TakeRecord`'s columns (map the
 * rows with `takeRecord`); callers add their joins, columns, filters and order.
 */
export function selectTakeRecords(db: Kysely<DB>) {
  return db
    .selectFrom('take')
    .innerJoin('member_key', 'member_key.id', 'take.key_id')
    .select([...TAKE_COLUMNS, 'member_key.public_key as publicKey']);
}

/** Position in a member's history, newest first: the last row of the previous page. */
export interface MemberTakesPosition {
  receivedAt: Date;
  recommendationId: number;
}
