import {
  takeLogEntry,
  type ConsensusReceipt,
  type NodeId,
  type StoredNode,
} from '@convene/protocol';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import type { TlogEntriesView, TlogEntryKind } from './tables.js';

/** A take as the sequencer checks it: the row, its session's date and subject, and its key. */
export interface PendingTake {
  id: string;
  sessionId: string;
  memberId: string;
  revision: number;
  canonical: string;
  signature: string;
  receivedAt: Date;
  nonce: string;
  stance: string;
  confidence: number;
  body: string;
  memoUrl: string;
  weights: unknown;
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

export interface CheckpointRow {
  size: number;
  rootHash: Uint8Array;
  note: string;
  createdAt: Date;
}

export interface CosignatureRow {
  checkpointSize: number;
  keyName: string;
  keyId: string;
  vkey: string;
  signedAt: number;
  line: string;
}

const bytes = (value: Uint8Array): Uint8Array => new Uint8Array(value);
const param = (value: Uint8Array): Buffer => Buffer.from(value);
/** Rows per multi-row insert. */
const CHUNK = 500;

/** Every SQL statement of the log. */
/** Where an entry appended in a caller's transaction landed. */
export interface LogPosition {
  logIndex: number;
  leafHash: string;
}

export class TlogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction holding the log's index lock with the next free index: the
   * appender of receipts and recovered takes, serialised with every take submit (which takes the
   * same lock in `convene_file_takes`, migration 0015).
   */
  async withLockedIndex<T>(work: (trx: TlogRepository, next: number) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ next: number | string }>`
        select convene_tlog_lock_next() as next`.execute(trx);
      return work(new TlogRepository(trx), Number(rows[0]!.next));
    });
  }

  /** Takes the index lock in `trx` (or this repository's own transaction); returns the next free index. */
  async lockIndexIn(trx?: Tx): Promise<number> {
    const { rows } = await sql<{ next: number | string }>`
      select convene_tlog_lock_next() as next`.execute(trx ?? this.db);
    return Number(rows[0]!.next);
  }

  /** How many entries the tree holds (integrated: nodes written, head moved). */
  async headSize(): Promise<number> {
    const row = await this.db
      .selectFrom('tlog_head')
      .select('size')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.size);
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
  async pendingTakes(limit: number, afterSeq = 0): Promise<PendingTake[]> {
    const query = this.db
      .selectFrom('take as t')
      .innerJoin('member_key as k', 'k.id', 't.key_id')
      .innerJoin('swarm_session as s', 's.id', 't.session_id')
      .where('t.log_index', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('tlog_entry as e').select('e.idx').whereRef('e.take_id', '=', 't.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tlog_refused as r')
              .select('r.subject')
              .where('r.subject', '=', sql<string>`t.id::text`),
          ),
        ),
      )
      .select([
        't.id',
        't.session_id',
        't.member_id',
        't.revision',
        't.canonical',
        't.signature',
        't.received_at',
        't.nonce',
        't.stance',
        't.confidence',
        't.body',
        't.memo_url',
        't.weights',
        's.date as session_date',
        's.subject_id as session_subject_id',
        'k.public_key',
        'k.member_id as key_member_id',
      ])
      .where('t.recommendation_id', '>', afterSeq)
      .orderBy('t.recommendation_id')
      .limit(limit);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      sessionId: row.session_id,
      memberId: row.member_id,
      revision: row.revision,
      canonical: row.canonical,
      signature: row.signature,
      receivedAt: new Date(row.received_at),
      nonce: row.nonce,
      stance: row.stance,
      confidence: row.confidence,
      body: row.body,
      memoUrl: row.memo_url,
      weights: row.weights,
      sessionDate: String(row.session_date),
      sessionSubjectId: row.session_subject_id,
      publicKey: row.public_key,
      keyMemberId: row.key_member_id,
    }));
  }

  /** Receipts of published sessions with no log entry and not refused, oldest first. */
  async pendingReceipts(limit: number): Promise<PendingReceipt[]> {
    const rows = await this.db
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

  /**
   * Which of these leaf hashes the tree already holds (level 0), and where. Read only for rows the
   * recovery pass would append, which are rare: no index on the hash, a scan of the leaves.
   */
  async committedLeaves(hashes: readonly Uint8Array[]): Promise<Map<string, number>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tlog_node')
      .select(['idx', 'hash'])
      .where('level', '=', 0)
      .where(
        'hash',
        'in',
        hashes.map((hash) => Buffer.from(hash)),
      )
      .execute();
    return new Map(rows.map((row) => [Buffer.from(row.hash).toString('base64'), Number(row.idx)]));
  }

  async recordRefused(
    kind: 'take' | 'receipt' | 'key',
    subject: string,
    reason: string,
  ): Promise<void> {
    await this.db
      .insertInto('tlog_refused')
      .values({ subject, kind, reason })
      .onConflict((conflict) => conflict.column('subject').doNothing())
      .execute();
  }

  async refused(): Promise<Array<{ subject: string; kind: string; reason: string }>> {
    return this.db
      .selectFrom('tlog_refused')
      .select(['subject', 'kind', 'reason'])
      .orderBy('found_at')
      .execute();
  }

  /** The stored hashes of `nodes`, in one query (missing nodes are absent from the map). */
  async readNodes(nodes: readonly NodeId[]): Promise<Map<string, Uint8Array>> {
    const found = new Map<string, Uint8Array>();
    if (nodes.length === 0) return found;
    const rows = await sql<{ level: number; idx: number | string; hash: Uint8Array }>`
      select level, idx, hash from tlog_node where (level, idx) in (${nodeKeyList(nodes)})`.execute(
      this.db,
    );
    for (const row of rows.rows) found.set(nodeKey(row.level, Number(row.idx)), bytes(row.hash));
    return found;
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

  /**
   * What integrating from tree size `start` reads, in one statement: the leaf hashes of entries from
   * `start` on, in index order (at most `limit`; takes' positions and `tlog_entry`, each an index
   * range scan), and the stored hashes of the frontier nodes `plan`.
   */
  async integrationInputs(
    start: number,
    limit: number,
    plan: readonly NodeId[],
  ): Promise<{
    leaves: Array<{ idx: number; leafHash: Uint8Array }>;
    nodes: Map<string, Uint8Array>;
  }> {
    const frontier =
      plan.length === 0
        ? sql``
        : sql`union all select level, idx, hash from tlog_node
            where (level, idx) in (${nodeKeyList(plan)})`;
    const { rows } = await sql<{ level: number | null; idx: number | string; hash: Uint8Array }>`
      (select null::smallint as level, log_index as idx, leaf_hash as hash from take
        where log_index >= ${start} order by log_index limit ${limit})
      union all
      (select null, idx, leaf_hash from tlog_entry where idx >= ${start} order by idx limit ${limit})
      ${frontier}`.execute(this.db);
    const leaves: Array<{ idx: number; leafHash: Uint8Array }> = [];
    const nodes = new Map<string, Uint8Array>();
    for (const row of rows) {
      if (row.level === null) leaves.push({ idx: Number(row.idx), leafHash: bytes(row.hash) });
      else nodes.set(nodeKey(row.level, Number(row.idx)), bytes(row.hash));
    }
    leaves.sort((a, b) => a.idx - b.idx);
    return { leaves: leaves.slice(0, limit), nodes };
  }

  /**
   * Stores the nodes completed by integrating the tree from size `from` to `to` and moves the head,
   * in one statement, only if the head is still at `from`: false when another integrator moved it
   * first (its nodes are the same ones, and stored). No transaction spans the integrator's reads and
   * this write, so PGlite's one connection is never held while Node hashes. Three array parameters
   * whatever the number of nodes (a multi-row VALUES cost about a third more per node on PGlite).
   */
  async integrate(nodes: readonly StoredNode[], from: number, to: number): Promise<boolean> {
    const { rows } = await sql<{ moved: number | string }>`
      with moved as (update tlog_head set size = ${to} where id = 1 and size = ${from} returning 1),
      stored as (
        insert into tlog_node (level, idx, hash)
        select n.* from unnest(${nodes.map((n) => n.level)}::smallint[],
                               ${nodes.map((n) => n.index)}::bigint[],
                               ${nodes.map((n) => param(n.hash))}::bytea[]) as n
        where exists (select from moved)
        returning 1)
      select (select count(*) from moved) as moved`.execute(this.db);
    return Number(rows[0]?.moved ?? 0) === 1;
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
   * does not replace the tree's.
   */
  private entries(trx?: Tx) {
    return (trx ?? this.db)
      .selectFrom('tlog_entries as e')
      .leftJoin('tlog_node as n', (join) => join.on('n.level', '=', 0).onRef('n.idx', '=', 'e.idx'))
      .select([
        'e.idx',
        'e.leaf_hash',
        'n.hash as tree_leaf_hash',
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

  async latestCheckpoint(): Promise<CheckpointRow | undefined> {
    const row = await this.checkpoints().orderBy('size', 'desc').limit(1).executeTakeFirst();
    return row === undefined ? undefined : toCheckpoint(row);
  }

  /**
   * The newest checkpoint the stored tree can prove against: of a size the head has reached. A row
   * beyond the head was not signed by this log's sequencer (the signer never runs ahead of it).
   */
  async latestCheckpointWithinTree(): Promise<CheckpointRow | undefined> {
    const row = await this.checkpoints()
      .where('size', '<=', (eb) => eb.selectFrom('tlog_head').select('size').where('id', '=', 1))
      .orderBy('size', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : toCheckpoint(row);
  }

  async checkpointOfSize(size: number): Promise<CheckpointRow | undefined> {
    const row = await this.checkpoints().where('size', '=', size).executeTakeFirst();
    return row === undefined ? undefined : toCheckpoint(row);
  }

  private checkpoints() {
    return this.db
      .selectFrom('tlog_checkpoint')
      .select(['size', 'root_hash', 'note', 'created_at']);
  }

  /**
   * Checkpoint rows of a size at most the head's, below `below` (all when null), newest first: the
   * candidates for the latest checkpoint served, a page at a time (a forged row is skipped).
   */
  async checkpointsWithinTree(below: number | null, limit: number): Promise<CheckpointRow[]> {
    let query = this.checkpoints().where('size', '<=', (eb) =>
      eb.selectFrom('tlog_head').select('size').where('id', '=', 1),
    );
    if (below !== null) query = query.where('size', '<', below);
    const rows = await query.orderBy('size', 'desc').limit(limit).execute();
    return rows.map(toCheckpoint);
  }

  /** Checkpoint rows larger than `size`, smallest first (at most `limit`). */
  async checkpointsAbove(size: number, limit: number): Promise<CheckpointRow[]> {
    const rows = await this.checkpoints()
      .where('size', '>', size)
      .orderBy('size')
      .limit(limit)
      .execute();
    return rows.map(toCheckpoint);
  }

  /** The largest checkpoint size this witness key cosigned (0 when none). */
  async latestCosignedSize(vkey: string): Promise<number> {
    const row = await this.db
      .selectFrom('tlog_cosignature')
      .select((eb) => eb.fn.max('checkpoint_size').as('size'))
      .where('vkey', '=', vkey)
      .executeTakeFirst();
    return Number(row?.size ?? 0);
  }

  /** Stores a checkpoint signed at `createdAt`; false when one of that size already exists. */
  async insertCheckpoint(row: {
    size: number;
    rootHash: Uint8Array;
    note: string;
    createdAt: Date;
  }) {
    const inserted = await this.db
      .insertInto('tlog_checkpoint')
      .values({
        size: row.size,
        root_hash: param(row.rootHash),
        note: row.note,
        created_at: row.createdAt,
      })
      .onConflict((conflict) => conflict.column('size').doNothing())
      .returning('size')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async cosignatures(checkpointSize: number): Promise<CosignatureRow[]> {
    const rows = await this.db
      .selectFrom('tlog_cosignature')
      .select(['checkpoint_size', 'key_name', 'key_id', 'vkey', 'signed_at', 'line'])
      .where('checkpoint_size', '=', checkpointSize)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      checkpointSize: Number(row.checkpoint_size),
      keyName: row.key_name,
      keyId: row.key_id,
      vkey: row.vkey,
      signedAt: Number(row.signed_at),
      line: row.line,
    }));
  }

  /** Stores a cosignature; false when this witness key already cosigned this checkpoint. */
  async insertCosignature(row: CosignatureRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('tlog_cosignature')
      .values({
        checkpoint_size: row.checkpointSize,
        key_name: row.keyName,
        key_id: row.keyId,
        vkey: row.vkey,
        signed_at: row.signedAt,
        line: row.line,
      })
      .onConflict((conflict) => conflict.columns(['checkpoint_size', 'vkey']).doNothing())
      .returning('checkpoint_size')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}

export const nodeKey = (level: number, index: number): string => `${level}/${index}`;

/** `(level, idx)` pairs for a `where (level, idx) in (…)` over `tlog_node`'s primary key. */
const nodeKeyList = (nodes: readonly NodeId[]) =>
  sql.join(nodes.map((n) => sql`(${n.level}::smallint, ${n.index}::bigint)`));

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

function toCheckpoint(row: {
  size: number;
  root_hash: Uint8Array;
  note: string;
  created_at: Date;
}): CheckpointRow {
  return {
    size: Number(row.size),
    rootHash: bytes(row.root_hash),
    note: row.note,
    createdAt: new Date(row.created_at),
  };
}
