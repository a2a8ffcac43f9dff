import type { NodeId, StoredNode } from '@convene/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import { bytes, param } from './bytea.js';

/**
 * The Merkle tree: its head (`tlog_head`) and stored nodes (`tlog_node`), what integrating reads and
 * the one statement that stores nodes and moves the head.
 */
export class LogTreeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** How many entries the tree holds (integrated: nodes written, head moved). */
  async headSize(): Promise<number> {
    const row = await this.db
      .selectFrom('tlog_head')
      .select('size')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.size);
  }

  /**
   * Which of these leaf hashes the tree already holds (level 0), and where. Read only for rows the
   * recovery pass would append, which are rare: no index on the hash, a scan of the leaves.
   */
  async committedLeaves(hashes: readonly Uint8Array[], trx?: Tx): Promise<Map<string, number>> {
    if (hashes.length === 0) return new Map();
    const rows = await (trx ?? this.db)
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
}

export const nodeKey = (level: number, index: number): string => `${level}/${index}`;

/** `(level, idx)` pairs for a `where (level, idx) in (…)` over `tlog_node`'s primary key. */
const nodeKeyList = (nodes: readonly NodeId[]) =>
  sql.join(nodes.map((n) => sql`(${n.level}::smallint, ${n.index}::bigint)`));
