import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * An open transaction as services see it: a handle they pass on to repository methods (which run
 * `trx ?? this.db`), never a query builder they use themselves.
 */
export type Tx = Transaction<DB>;

/**
 * The unit of work services use instead of the database. On PGlite (one connection, exclusive
 * transactions) `fn` must neither open another transaction nor query outside `trx`: either waits on
 * the connection this transaction holds, forever.
 */
export interface Transactor {
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
}

/** The transactor over the app's one Kysely instance (built once, in the composition root). */
export function kyselyTransactor(db: Kysely<DB>): Transactor {
  return { transaction: (fn) => db.transaction().execute(fn) };
}
