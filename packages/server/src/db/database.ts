import type { RowWatch } from './row-watch.js';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

export type DriverName = 'pglite' | 'postgres';

/** Outcome of running work under a Postgres advisory lock held by this process. */
export type LockedResult<T> = { acquired: true; value: T } | { acquired: false };

/**
 * The database as the rest of the server sees it: one Kysely instance (PostgreSQL dialect on both
 * drivers), plus the few operations whose mechanics differ between PGlite and node-postgres.
 */
export interface Database {
  readonly driver: DriverName;
  readonly db: Kysely<DB>;
  /** Runs a multi-statement SQL script outside the query builder (migrations, maintenance). */
  execScript(script: string): Promise<void>;
  /**
   * Runs `work` only if this process obtains the session-level advisory lock `name` (no waiting).
   * Exactly one holder among every replica sharing the database; in-process callers are excluded too.
   */
  withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<LockedResult<T>>;
  /**
   * Runs `work` while holding the advisory lock `name`, waiting for it if another replica has it;
   * `exec` runs multi-statement scripts on the same connection (used by migrations).
   */
  withExclusiveScripts<T>(name: string, work: (exec: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Present where this process sees every write (PGlite): moves whenever a table a verified read
   * rests on changes, so such reads skip the database while it stands. Absent on PostgreSQL.
   */
  readonly rowWatch?: RowWatch;
  close(): Promise<void>;
}

export type ScriptRunner = (script: string) => Promise<Array<Record<string, unknown>>>;

/** Stable 64-bit-safe key for an advisory lock name (computed by Postgres itself: hashtext). */
export const ADVISORY_LOCK_SQL = {
  tryLock: 'select pg_try_advisory_lock(hashtext($1)) as acquired',
  lock: 'select pg_advisory_lock(hashtext($1))',
  unlock: 'select pg_advisory_unlock(hashtext($1)) as released',
} as const;

/** Names currently held by this process, so two jobs in one process never both run. */
export class LocalLockSet {
  private readonly held = new Set<string>();
  tryTake(name: string): boolean {
    if (this.held.has(name)) return false;
    this.held.add(name);
    return true;
  }
  release(name: string): void {
    this.held.delete(name);
  }
}
