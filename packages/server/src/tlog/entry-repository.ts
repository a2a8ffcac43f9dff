import { takeLogEntry, type ConsensusReceipt, type StoredTake } from '@convene/protocol';
import { TAKE_COLUMNS, takeRecord } from '../db/take-columns.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import { bytes, param } from './bytea.js';
import type { TlogEntriesView, TlogEntryKind } from './tables.js';

/** A take as the sequencer checks it: the stored take, its session's date and subject, and its key. */
export interface PendingTake extends StoredTake {
  sessionDate: string;
  sessionSubjectId: string;
  publicKey: string;
  keyMemberId: string;
}

/** A published session's consensus receipt not yet in the log. */
export interface PendingReceipt {
  sessionId: string;
  canonicalBytes: string;
  digest: string;
  signature: ConsensusReceipt['signature'];
}

export interface NewEntry {
  idx: number;
  leafHash: Uint8Array;
  kind: TlogEntryKind;
  /**
   * The take id, the receipt's or outcome's session id or the key event's member id ('' for the
   * marker).
   */
  subject: string;
  /** An outcome's horizon. */
  horizonDays?: number;
  entry: string;
}

export interface EntryRow {
  idx: number;
  leafHash: Uint8Array;
  kind: TlogEntryKind;
  takeId: string | null;
  receiptSessionId: string | null;
  /** The member of a key event. */
  keyMemberId: string | null;
  entry: string;
}

/** A member's keys, status and role as the database holds them now. */
export interface MemberKeyRowState {
  activeKey: string | null;
  pendingKey: string | null;
  status: 'applied' | 'active' | 'inactive';
  role: 'member' | 'judge';
}

/** Rows per multi-row insert. */
const CHUNK = 500;

/** Where an entry appended in a caller's transaction landed. */
export interface LogPosition {
  logIndex: number;
  leafHash: string;
}

/**
 * The log's entries (`tlog_entry`, read through the `tlog_entries` view): the index lock, appending,
 * the rows the recovery pass appends or refuses (`tlog_refused`), entry reads, and the key entries
 * with the member state a key event records.
 */
export class LogEntryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction holding the log's index lock with the next free index: the
   * appender of receipts and recovered takes, serialised with every take submit (which takes the
   * same lock in `convene_file_takes`, migration 0015). `work` passes `trx` to each method it calls.
   */
  async withLockedIndex<T>(work: (trx: Tx, next: number) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ next: number | string }>`
        select convene_tlog_lock_next() as next`.execute(trx);
      return work(trx, Number(rows[0]!.next));
    });
  }

  /** Takes the index lock in `trx`; returns the next free index. */
  async lockIndexIn(trx?: Tx): Promise<number> {
    const { rows } = await sql<{ next: number | string }>`
      select convene_tlog_lock_next() as next`.execute(trx ?? this.db);
    return Number(rows[0]!.next);
  }

  /** The next free index: every committed entry is below it. */
  async nextIndex(): Promise<number> {
    const { rows } = await sql<{ next: number | string }>`
      select convene_tlog_next() as next`.execute(this.db);
    return Number(rows[0]!.next);
  }

  /** The newest take's sequence number (0 when there is none). */
  async lastTakeSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('take')
      .select((eb) => eb.fn.max('recommendation_id').as('last'))
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  /**
   * Accepted takes with no log entry and not refused, oldest first: every one, or (with `afterSeq`)
   * those filed after that sequence number, so a periodic pass reads only what is new.
   */
  async pendingTakes(limit: number, afterSeq = 0, trx?: Tx): Promise<PendingTake[]> {
    const query = (trx ?? this.db)
      .selectFrom('take')
      .innerJoin('member_key as k', 'k.id', 'take.key_id')
      .innerJoin('swarm_session as s', 's.id', 'take.session_id')
      .where('take.log_index', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('tlog_entry as e').select('e.idx').whereRef('e.take_id', '=', 'take.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tlog_refused as r')
              .select('r.subject')
              .where('r.subject', '=', sql<string>`take.id::text`),
          ),
        ),
      )
      .select([
        ...TAKE_COLUMNS,
        's.date as sessionDate',
        's.subject_id as sessionSubjectId',
        'k.public_key as publicKey',
        'k.member_id as keyMemberId',
      ])
      .where('take.recommendation_id', '>', afterSeq)
      .orderBy('take.recommendation_id')
      .limit(limit);
    const rows = await query.execute();
    return rows.map((row) => ({ ...takeRecord(row), sessionDate: String(row.sessionDate) }));
  }

  /** Receipts of published sessions with no log entry and not refused, oldest first. */
  async pendingReceipts(limit: number, trx?: Tx): Promise<PendingReceipt[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('consensus_receipt as c')
      .innerJoin('swarm_session as s', 's.id', 'c.session_id')
      .where('s.state', '=', 'published')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tlog_entry as e')
              .select('e.idx')
              .whereRef('e.receipt_session_id', '=', 'c.session_id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tlog_refused as r')
              .select('r.subject')
              .where('r.subject', '=', sql<string>`c.session_id::text`),
          ),
        ),
      )
      .select(['c.session_id', 'c.canonical_bytes', 'c.digest', 'c.signature'])
      .orderBy('c.created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      sessionId: row.session_id,
      canonicalBytes: row.canonical_bytes,
      digest: row.digest,
      signature: row.signature,
    }));
  }

  async recordRefused(
    kind: 'take' | 'receipt' | 'key',
    subject: string,
    reason: string,
    trx?: Tx,
  ): Promise<void> {
    await (trx ?? this.db)
      .insertInto('tlog_refused')
      .values({ subject, kind, reason })
      .onConflict((conflict) => conflict.column('subject').doNothing())
      .execute();
  }

  /** Inserts entries at the indices they carry (under the index lock). */
  async appendEntries(entries: readonly NewEntry[], trx?: Tx): Promise<void> {
    for (let i = 0; i < entries.length; i += CHUNK) {
      await (trx ?? this.db)
        .insertInto('tlog_entry')
        .values(
          entries.slice(i, i + CHUNK).map((e) => ({
            idx: e.idx,
            leaf_hash: param(e.leafHash),
            kind: e.kind,
            take_id: e.kind === 'take' ? e.subject : null,
            receipt_session_id: e.kind === 'receipt' ? e.subject : null,
            key_member_id: e.kind === 'key' ? e.subject : null,
            outcome_session_id: e.kind === 'outcome' ? e.subject : null,
            outcome_horizon_days: e.kind === 'outcome' ? (e.horizonDays ?? null) : null,
            entry: e.entry,
          })),
        )
        .execute();
    }
  }

  async entryByTake(takeId: string): Promise<EntryRow | undefined> {
    const row = await this.entries().where('e.take_id', '=', takeId).executeTakeFirst();
    return row === undefined ? undefined : toEntry(row);
  }

  /** The log entries of these takes (one query), keyed by take id; a take with none is absent. */
  async entriesByTakes(takeIds: readonly string[], trx?: Tx): Promise<Map<string, EntryRow>> {
    if (takeIds.length === 0) return new Map();
    const rows = await this.entries(trx)
      .where('e.take_id', 'in', [...new Set(takeIds)])
      .execute();
    return new Map(rows.map((row) => [row.take_id!, toEntry(row)]));
  }

  /**
   * Where these takes are in the log (one query), keyed by take id; a take with no entry is absent.
   * The positions `entriesByTakes` gives, without reading and rebuilding each entry's text.
   */
  async takeIndices(takeIds: readonly string[], trx?: Tx): Promise<Map<string, number>> {
    if (takeIds.length === 0) return new Map();
    const rows = await (trx ?? this.db)
      .selectFrom('tlog_entries as e')
      .select(['e.take_id', 'e.idx'])
      .where('e.take_id', 'in', [...new Set(takeIds)])
      .execute();
    return new Map(rows.map((row) => [row.take_id!, Number(row.idx)]));
  }

  /** The entries at these indices (one query), keyed by index. */
  async entriesAt(indices: readonly number[]): Promise<Map<number, EntryRow>> {
    if (indices.length === 0) return new Map();
    const rows = await this.entries()
      .where('e.idx', 'in', [...new Set(indices)])
      .execute();
    return new Map(rows.map((row) => [Number(row.idx), toEntry(row)]));
  }

  /** Receipt entries below index `before` (all when null), newest first, a page at a time. */
  async receiptEntriesBefore(before: number | null, limit: number): Promise<EntryRow[]> {
    let query = this.entries().where('e.kind', '=', 'receipt');
    if (before !== null) query = query.where('e.idx', '<', before);
    const rows = await query.orderBy('e.idx', 'desc').limit(limit).execute();
    return rows.map(toEntry);
  }

  async entryByReceipt(sessionId: string): Promise<EntryRow | undefined> {
    const row = await this.entries()
      .where('e.receipt_session_id', '=', sessionId)
      .executeTakeFirst();
    return row === undefined ? undefined : toEntry(row);
  }

  /** The receipt entry whose top-level `digest` is `digest` (JCS text: the member appears once, unescaped). */
  async receiptEntryByDigest(digest: string): Promise<EntryRow | undefined> {
    const row = await this.entries()
      .where('e.kind', '=', 'receipt')
      .where(sql<boolean>`position(${`"digest":"${digest}"`} in e.entry) > 0`)
      .orderBy('e.idx')
      .executeTakeFirst();
    return row === undefined ? undefined : toEntry(row);
  }

  async entryByLeafHash(leafHash: Uint8Array): Promise<EntryRow | undefined> {
    const row = await this.entries().where('e.leaf_hash', '=', param(leafHash)).executeTakeFirst();
    return row === undefined ? undefined : toEntry(row);
  }

  async entriesInRange(start: number, end: number): Promise<EntryRow[]> {
    const rows = await this.entries()
      .where('e.idx', '>=', start)
      .where('e.idx', '<', end)
      .orderBy('e.idx')
      .execute();
    return rows.map(toEntry);
  }

  /**
   * Entries as the log serves them, with the leaf hash the tree holds at their index once
   * integrated (else the one stored beside the entry): a stored hash rewritten behind the service
   * does not replace the tree's. The tree's leaf is looked up per entry by its key: a join let the
   * planner hash every leaf of the tree for a handful of entries, a cost growing with the log.
   */
  private entries(trx?: Tx) {
    return (trx ?? this.db)
      .selectFrom('tlog_entries as e')
      .select((eb) => [
        'e.idx',
        'e.leaf_hash',
        eb
          .selectFrom('tlog_node as n')
          .select('n.hash')
          .where('n.level', '=', 0)
          .whereRef('n.idx', '=', 'e.idx')
          .as('tree_leaf_hash'),
        'e.kind',
        'e.take_id',
        'e.receipt_session_id',
        'e.key_member_id',
        'e.entry',
        'e.session_id',
        'e.member_id',
        'e.revision',
        'e.received_at',
        'e.public_key',
        'e.canonical',
        'e.signature',
      ]);
  }

  /**
   * The key marker and the key events of `memberIds` (every member's when omitted), in index order,
   * with the leaf hash the tree holds once integrated.
   */
  async keyEntries(memberIds?: readonly string[], trx?: Tx): Promise<EntryRow[]> {
    let query = this.entries(trx).where('e.kind', 'in', ['key', 'keys-begin']);
    if (memberIds !== undefined) {
      if (memberIds.length === 0) query = query.where('e.kind', '=', 'keys-begin');
      else {
        const ids = [...new Set(memberIds)];
        query = query.where((eb) =>
          eb.or([eb('e.kind', '=', 'keys-begin'), eb('e.key_member_id', 'in', ids)]),
        );
      }
    }
    const rows = await query.orderBy('e.idx').execute();
    return rows.map(toEntry);
  }

  /** The highest index of a key entry or the marker (-1: none): changes whenever one is appended. */
  async lastKeyIndex(): Promise<number> {
    const row = await this.db
      .selectFrom('tlog_entry')
      .select((eb) => eb.fn.max('idx').as('last'))
      .where('kind', 'in', ['key', 'keys-begin'])
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? -1 : Number(row.last);
  }

  /** The index and text of the member's latest key event. */
  async lastKeyEvent(
    memberId: string,
    trx?: Tx,
  ): Promise<{ idx: number; entry: string } | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('tlog_entry')
      .select(['idx', 'entry'])
      .where('kind', '=', 'key')
      .where('key_member_id', '=', memberId)
      .orderBy('idx', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : { idx: Number(row.idx), entry: row.entry };
  }

  /** The member's keys, status and role as they stand in this transaction. */
  async memberKeyState(memberId: string, trx?: Tx): Promise<MemberKeyRowState | undefined> {
    const db = trx ?? this.db;
    const member = await db
      .selectFrom('member')
      .select(['status', 'role'])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (member === undefined) return undefined;
    const keys = await db
      .selectFrom('member_key')
      .select(['public_key', 'state'])
      .where('member_id', '=', memberId)
      .where('state', 'in', ['active', 'pending'])
      .execute();
    const of = (state: string) => keys.find((k) => k.state === state)?.public_key ?? null;
    return {
      activeKey: of('active'),
      pendingKey: of('pending'),
      status: member.status,
      role: member.role,
    };
  }
}

type EntriesRow = Selectable<TlogEntriesView> & { tree_leaf_hash: Uint8Array | null };

function toEntry(row: EntriesRow): EntryRow {
  return {
    idx: Number(row.idx),
    leafHash: bytes(row.tree_leaf_hash ?? row.leaf_hash),
    kind: row.kind,
    takeId: row.take_id,
    receiptSessionId: row.receipt_session_id,
    keyMemberId: row.key_member_id,
    entry: row.entry ?? rebuiltTakeEntry(row),
  };
}

/**
 * The entry text of a take filed with its position, rebuilt from its row and key as they are now.
 * A row that can no longer form an entry (its key gone) reads as the empty text, which hashes to
 * no leaf of the log.
 */
function rebuiltTakeEntry(row: EntriesRow): string {
  try {
    return takeLogEntry({
      canonical_submission: row.canonical ?? '',
      memberId: row.member_id ?? '',
      publicKey: row.public_key ?? '',
      receivedAt: row.received_at === null ? '' : new Date(row.received_at).toISOString(),
      revision: Number(row.revision),
      sessionId: row.session_id ?? '',
      signature: row.signature ?? '',
      takeId: row.take_id ?? '',
    });
  } catch {
    return '';
  }
}
