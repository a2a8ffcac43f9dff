import pg from 'pg';

/** The PostgreSQL server tests create their databases on (each test file gets its own database). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Why `POSTGRES_ADMIN_URL` did not answer, or null when it did. */
let reachable: Promise<string | null> | undefined;

/**
 * Whether `POSTGRES_ADMIN_URL` answers. CI sets REQUIRE_POSTGRES=1: there an unreachable PostgreSQL
 * fails the run instead of skipping the PostgreSQL suites (as does `required`). Whether a test covers
 * PostgreSQL is `postgresSelected()` (databases.ts), which also reads TEST_DATABASES.
 */
export async function postgresReachable(required = false): Promise<boolean> {
  const mustAnswer = required || process.env.REQUIRE_POSTGRES === '1';
  reachable ??= (async () => {
    const client = new pg.Client({
      connectionString: POSTGRES_ADMIN_URL,
      connectionTimeoutMillis: 2000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  const failure = await reachable;
  if (failure !== null && mustAnswer)
    throw new Error(
      `PostgreSQL is required (REQUIRE_POSTGRES=1 or TEST_DATABASES=postgres) but ${POSTGRES_ADMIN_URL} is unreachable: ${failure}`,
    );
  return failure === null;
}

/** `url` with its database name replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface PostgresDatabase {
  name: string;
  url: string;
  /** Drops the database (closing any connection still open on it). */
  drop: () => Promise<void>;
}

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on `POSTGRES_ADMIN_URL`: empty (the server migrates it when it opens it), or a copy
 * of `template` (see `templateDatabase`).
 */
export async function createPostgresDatabase(
  prefix = 'convene_t',
  template?: string,
): Promise<PostgresDatabase> {
  const name = `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await asAdmin(`create database ${name}${template === undefined ? '' : ` template ${template}`}`);
  return {
    name,
    url: withDatabase(POSTGRES_ADMIN_URL, name),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The database named `name`, built by `build(url)` the first time any process asks (under an
 * advisory lock, so parallel test files build it once) and kept for later runs; copying it with
 * `createPostgresDatabase(prefix, name)` is much quicker than building a database again. `name` must
 * change whenever what `build` does changes (e.g. a digest of the migrations in it).
 */
export async function templateDatabase(
  name: string,
  build: (url: string) => Promise<void>,
): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [`convene:template:${name}`]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      await build(withDatabase(POSTGRES_ADMIN_URL, building));
      // A pool's connections can outlive its end() by a moment; a copy needs none left.
      for (let attempt = 0; ; attempt += 1) {
        const left = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [building],
        );
        if (left.rowCount === 0) break;
        if (attempt === 50) throw new Error(`${building} still has connections after 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

export interface InsiderConnection {
  /**
   * One statement as an insider with write access: in its own transaction with triggers (the
   * append-only guards) off. Resolves with the number of rows it touched.
   */
  tamper(statement: string, params?: readonly unknown[]): Promise<number>;
  /** A plain read. */
  query<Row extends Record<string, unknown>>(
    statement: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
  close(): Promise<void>;
}

/** A direct connection to `url`, for tests that change rows behind a running server's back. */
export async function connectAsInsider(url: string): Promise<InsiderConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async tamper(statement, params = []) {
      await client.query('begin');
      try {
        await client.query('set local session_replication_role = replica');
        const result = await client.query(statement, [...params]);
        await client.query('commit');
        return result.rowCount ?? 0;
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    async query<Row extends Record<string, unknown>>(
      statement: string,
      params: readonly unknown[] = [],
    ) {
      return (await client.query<Row>(statement, [...params])).rows;
    },
    close: () => client.end(),
  };
}
