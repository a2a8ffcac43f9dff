import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { collectGarbage } from '../memory.js';
import { lockDataDir } from './data-dir-lock.js';
import { ShareEventLoopPlugin } from './event-loop-plugin.js';
import { PreparedPgliteDialect } from './pglite-dialect.js';
import { LocalLockSet, type Database, type LockedResult, type ScriptRunner } from './database.js';
import { ROW_WATCH_CHANNEL, ROW_WATCH_OPTION, RowWatch } from './row-watch.js';
import type { DB } from './schema.js';
import { TYPE_OIDS, parseDate, parseInt8, parseNumeric } from './type-parsers.js';

export interface PgliteOptions {
  /** Directory for the data files; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** A dumped data directory to start from (a migrated template, for fast test databases). */
  loadDataDir?: Blob | undefined;
}

/**
 * PGlite's default pool is 128MB of shared buffers inside its WebAssembly heap. Its data files sit in
 * the OS page cache anyway, so a small pool keeps the process far smaller (docs/benchmarks.md, memory)
 * while the demo's working set still fits.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  // Only this process can write to its PGlite: the watched tables tell it when they change.
  '-c',
  `${ROW_WATCH_OPTION}=on`,
];

/**
 * initdb runs in a WebAssembly instance of its own, garbage once PGlite.create() returns, but V8
 * keeps its ~400 MB until memory pressure, on top of everything a first start does next. Its buffers
 * become collectable a turn after create() and its WebAssembly memory one collection later.
 */
async function releaseInitdbMemory(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
}

/**
 * The embedded database. PGlite has one connection: the dialect (pglite-dialect.ts) hands it to one
 * query or transaction at a time, so concurrent transactions never interleave on it.
 */
export async function openPglite(
  options: PgliteOptions = {},
): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  // Before PGlite opens a file: a second process on the same files would lose acknowledged writes.
  const lock = options.dataDir === undefined ? undefined : lockDataDir(options.dataDir);
  const initdb =
    options.loadDataDir === undefined &&
    (options.dataDir === undefined || !existsSync(path.join(options.dataDir, 'PG_VERSION')));
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      startParams: START_PARAMS,
      parsers: {
        [TYPE_OIDS.int8]: parseInt8,
        [TYPE_OIDS.numeric]: parseNumeric,
        [TYPE_OIDS.date]: parseDate,
      },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  if (initdb) await releaseInitdbMemory();
  const dialect = new PreparedPgliteDialect(pglite);
  const db = new Kysely<DB>({
    dialect,
    plugins: [new ShareEventLoopPlugin()],
  });
  const localLocks = new LocalLockSet();
  const rowWatch = new RowWatch();
  await pglite.listen(ROW_WATCH_CHANNEL, () => rowWatch.changed());

  return {
    driver: 'pglite',
    db,
    pglite,
    rowWatch,
    async execScript(script) {
      // exec() runs a multi-statement script; take the dialect's connection so nothing interleaves.
      await db.connection().execute(async () => {
        try {
          await pglite.exec(script);
        } finally {
          dialect.statements.forget(); // a script may change the schema
        }
      });
    },
    /**
     * One process owns a PGlite data directory, so the in-process lock set is the whole lock: a SQL
     * advisory lock beside it would only cost two more statements per loop run on the one connection.
     */
    async withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<LockedResult<T>> {
      if (!localLocks.tryTake(name)) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        localLocks.release(name);
      }
    },
    async withExclusiveScripts<T>(
      name: string,
      work: (exec: ScriptRunner) => Promise<T>,
    ): Promise<T> {
      // One process owns a PGlite data directory, so holding the connection is exclusive enough.
      return db.connection().execute(async () =>
        work(async (script) => {
          try {
            const results = await pglite.exec(script);
            return results.at(-1)?.rows ?? [];
          } finally {
            dialect.statements.forget();
          }
        }),
      );
    },
    async close() {
      try {
        await db.destroy();
        // Kysely destroys only a driver it has used: a database closed before its first query would
        // keep PGlite open on files whose lock is about to go.
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
