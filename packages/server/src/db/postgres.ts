import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  ADVISORY_LOCK_SQL,
  LocalLockSet,
  type Database,
  type LockedResult,
  type ScriptRunner,
} from './database.js';
import type { DB } from './schema.js';
import { TYPE_OIDS, parseDate, parseInt8, parseNumeric } from './type-parsers.js';

export interface PostgresOptions {
  connectionString: string;
  /** Pool size; one connection is set aside while a job holds an advisory lock. */
  maxConnections?: number;
}

/** A real PostgreSQL through node-postgres, shared by any number of stateless replicas. */
export function openPostgres(options: PostgresOptions): Database & { pool: pg.Pool } {
  const ours: Record<number, (value: string) => unknown> = {
    [TYPE_OIDS.int8]: parseInt8,
    [TYPE_OIDS.numeric]: parseNumeric,
    [TYPE_OIDS.date]: parseDate,
  };
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      ours[oid] ??
      (pg.types.getTypeParser(oid, format ?? 'text') as (
        value: string,
      ) => unknown)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    types,
  });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const localLocks = new LocalLockSet();

  return {
    driver: 'postgres',
    db,
    pool,
    async execScript(script) {
      // Without parameters node-postgres uses the simple query protocol, which accepts many statements.
      await pool.query(script);
    },
    async withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<LockedResult<T>> {
      if (!localLocks.tryTake(name)) return { acquired: false };
      // A session-level lock lives on one connection: hold that connection for the whole job.
      const client = await pool.connect();
      let broken = false;
      try {
        const { rows } = await client.query<{ acquired: boolean }>(ADVISORY_LOCK_SQL.tryLock, [
          name,
        ]);
        if (rows[0]?.acquired !== true) return { acquired: false };
        try {
          return { acquired: true, value: await work() };
        } finally {
          await client.query(ADVISORY_LOCK_SQL.unlock, [name]).catch(() => {
            broken = true; // dropping the connection releases the lock server-side
          });
        }
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.release(broken);
        localLocks.release(name);
      }
    },
    async withExclusiveScripts<T>(
      name: string,
      work: (exec: ScriptRunner) => Promise<T>,
    ): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query(ADVISORY_LOCK_SQL.lock, [name]);
        try {
          return await work(async (script) => {
            const result = (await client.query(script)) as unknown as
              pg.QueryResult | pg.QueryResult[];
            const last = Array.isArray(result) ? result.at(-1) : result;
            return (last?.rows ?? []) as Array<Record<string, unknown>>;
          });
        } finally {
          await client.query(ADVISORY_LOCK_SQL.unlock, [name]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
