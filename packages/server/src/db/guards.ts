import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Tables whose rows are signed or published: UPDATE, DELETE and TRUNCATE are refused by triggers. */
export const APPEND_ONLY_TABLES = [
  'take',
  'nonce_ledger',
  'consensus_receipt',
  'judgement',
  'session_outcome',
  'tlog_entry',
  'tlog_node',
  'tlog_checkpoint',
  'tlog_cosignature',
] as const;

export const SQLSTATE = {
  appendOnly: 'CVG01',
  windowClosed: 'CVW01',
  amendmentClosed: 'CVA01',
  amendmentClosedPublished: 'CVA02',
  /** `convene_file_takes`: the key is not the member's active filing key (migration 0018). */
  keyNotActive: 'CVK01',
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
} as const;

export type GuardOutcome = 'enforced' | `missing: ${string}` | 'error';

/** Reads the SQLSTATE of a driver error (node-postgres and PGlite both expose `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Name of the violated constraint, when the driver reports one. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

class ProbeRollback extends Error {}

/** Runs `probe` in a transaction that is always rolled back, so probing never changes data. */
async function inRolledBackTransaction<T>(
  db: Kysely<DB>,
  probe: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      result = await probe(trx);
      throw new ProbeRollback();
    });
  } catch (error) {
    if (!(error instanceof ProbeRollback)) throw error;
  }
  return result as T;
}

/** The cheapest round trip: the database answers at all. */
export async function probeConnection(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Tries an UPDATE and a DELETE on every append-only table; each must be refused by its trigger. */
export async function probeAppendOnlyGuard(db: Kysely<DB>): Promise<GuardOutcome> {
  return inRolledBackTransaction(db, async (trx) => {
    const unguarded: string[] = [];
    for (const table of APPEND_ONLY_TABLES) {
      for (const statement of [
        sql`update ${sql.table(table)} set ${sql.ref(firstColumn(table))} = ${sql.ref(firstColumn(table))} where false`,
        sql`delete from ${sql.table(table)} where false`,
      ]) {
        await sql`savepoint guard_probe`.execute(trx);
        let refused = false;
        try {
          await statement.execute(trx);
        } catch (error) {
          refused = sqlState(error) === SQLSTATE.appendOnly;
        }
        await sql`rollback to savepoint guard_probe`.execute(trx);
        if (!refused && !unguarded.includes(table)) unguarded.push(table);
      }
    }
    const outcome: GuardOutcome =
      unguarded.length === 0 ? 'enforced' : `missing: ${unguarded.join(',')}`;
    return outcome;
  });
}

function firstColumn(table: (typeof APPEND_ONLY_TABLES)[number]): string {
  if (table === 'nonce_ledger') return 'nonce';
  if (table === 'consensus_receipt') return 'digest';
  if (table === 'tlog_checkpoint') return 'size';
  if (table === 'tlog_cosignature') return 'line';
  if (table === 'session_outcome') return 'digest';
  if (table.startsWith('tlog_')) return 'idx';
  return 'id';
}

/**
 * Inserts a probe member, then a second one whose handle is the first one's id in upper case;
 * the namespace must refuse the second. Rolled back either way.
 */
export async function probeHandleNamespace(db: Kysely<DB>, now: Date): Promise<GuardOutcome> {
  return inRolledBackTransaction(db, async (trx) => {
    const first = crypto.randomUUID();
    await trx
      .insertInto('member')
      .values({
        id: first,
        handle: `probe-${first.slice(0, 8)}`,
        display_name: 'probe',
        status: 'applied',
        applied_at: now,
      })
      .execute();
    await sql`savepoint namespace_probe`.execute(trx);
    try {
      await trx
        .insertInto('member')
        .values({
          id: crypto.randomUUID(),
          handle: first.toUpperCase(),
          display_name: 'probe',
          status: 'applied',
          applied_at: now,
        })
        .execute();
      return 'missing: member_name';
    } catch (error) {
      return sqlState(error) === SQLSTATE.uniqueViolation ? 'enforced' : 'error';
    }
  });
}
