/**
 * Kysely on PGlite with each distinct statement parsed once. PGlite's `query` parses, describes,
 * binds, describes again, executes and syncs as six separate calls into the database for every
 * statement (about 0.55 ms for a primary-key read); here a statement text is parsed and described
 * once under a name, and each execution is one call: bind, describe the portal, execute, sync
 * (about 0.22 ms). The rows are parsed by PGlite's own `parseResults`, with the row description
 * PostgreSQL sends for this very execution, so a schema change can never misread a row.
 *
 * PGlite has a single connection: the driver hands it to one query or transaction at a time (as
 * kysely-pglite-dialect did; interleaving transactions on one connection loses data).
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { LRUCache } from 'lru-cache';

/** Named statements kept per database; the least recently used is closed beyond this. */
const STATEMENTS = 256;

/** Schema changes: run unnamed, and every kept statement is parsed again afterwards. */
const DDL = /^\s*(create|alter|drop|truncate|comment|grant|revoke|reindex)\b/i;

/** SQLSTATEs after which a kept statement is parsed again: it was dropped, or its row type changed. */
const STALE = new Set(['26000', '0A000']);

/** Statement names, unique in the process (several dialects may share one PGlite in tests). */
let named = 0;

interface Prepared {
  name: string;
  paramTypes: number[];
}

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The statements prepared on one PGlite, by SQL text, and the protocol exchange that runs them. */
export class PreparedStatements {
  readonly #pglite: PGlite;
  readonly #kept: LRUCache<string, Prepared>;
  /** Statements to close, sent ahead of the next exchange. */
  #closing: string[] = [];

  constructor(pglite: PGlite, max = STATEMENTS) {
    this.#pglite = pglite;
    this.#kept = new LRUCache({ max, dispose: (prepared) => this.#closing.push(prepared.name) });
  }

  /** How many statements are kept (the tests read it). */
  get size(): number {
    return this.#kept.size;
  }

  /** Parses every statement again from now on (after a script that may have changed the schema). */
  forget(): void {
    this.#kept.clear();
  }

  /** Runs one statement; PGlite's query mutex keeps it from interleaving with PGlite's own calls. */
  run<T>(sql: string, params: readonly unknown[]): Promise<Results<T>> {
    return this.#pglite._runExclusiveQuery(async () => {
      try {
        return await this.#exchange<T>(sql, params);
      } catch (error) {
        if (!isStale(error) || !this.#kept.has(sql)) throw error;
        this.#kept.delete(sql);
        if (this.#pglite.isInTransaction()) throw error;
        return this.#exchange<T>(sql, params);
      }
    });
  }

  async #exchange<T>(sql: string, params: readonly unknown[]): Promise<Results<T>> {
    const ddl = DDL.test(sql);
    const prepared = ddl
      ? await this.#prepare(sql, '')
      : (this.#kept.get(sql) ?? (await this.#keep(sql)));
    const messages = await this.#send([
      serialize.bind({ statement: prepared.name, values: this.#values(prepared, params) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    if (ddl) this.forget();
    await this.#pglite.syncToFs();
    return parse.parseResults(messages, this.#pglite.parsers)[0] as Results<T>;
  }

  async #keep(sql: string): Promise<Prepared> {
    const prepared = await this.#prepare(sql, `kysely_${++named}`);
    this.#kept.set(sql, prepared);
    return prepared;
  }

  async #prepare(text: string, name: string): Promise<Prepared> {
    const described = await this.#send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    return { name, paramTypes: parse.parseDescribeStatementResults(described) };
  }

  /** One exchange ending in Sync, so an error leaves the session ready for the next. */
  #send(messages: Uint8Array[]) {
    const closing = this.#closing.map((name) => serialize.close({ type: 'S', name }));
    this.#closing = [];
    return this.#pglite.execProtocolStream(concat([...closing, ...messages]), { syncToFs: false });
  }

  /** Parameters in PostgreSQL's text format, by the types PostgreSQL inferred for them. */
  #values(prepared: Prepared, params: readonly unknown[]): Array<string | null> {
    return params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.#pglite.serializers[prepared.paramTypes[index]!];
      // As PGlite's own query does for a type it has no serializer for.
      return serializer === undefined
        ? (param as { toString(): string }).toString()
        : serializer(param);
    });
  }
}

const isStale = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  STALE.has((error as { code?: unknown }).code as string);

class PreparedConnection implements DatabaseConnection {
  constructor(private readonly statements: PreparedStatements) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.statements.run<R>(compiled.sql, compiled.parameters);
    return result.affectedRows
      ? { numAffectedRows: BigInt(result.affectedRows), rows: result.rows }
      : { rows: result.rows };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; PGlite returns whole results
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on PGlite');
  }
}

class PreparedDriver implements Driver {
  readonly #connection: PreparedConnection;
  #held = false;
  readonly #waiting: Array<(connection: DatabaseConnection) => void> = [];

  constructor(
    private readonly pglite: PGlite,
    statements: PreparedStatements,
  ) {
    this.#connection = new PreparedConnection(statements);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#held) {
      this.#held = true;
      return this.#connection;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next === undefined) this.#held = false;
    else next(this.#connection);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const level = settings.isolationLevel;
    await connection.executeQuery(
      CompiledQuery.raw(
        level === undefined ? 'begin' : `start transaction isolation level ${level}`,
      ),
    );
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** The dialect for `new Kysely({ dialect })`; `statements` lets scripts run beside it forget them. */
export class PreparedPgliteDialect implements Dialect {
  readonly statements: PreparedStatements;

  constructor(
    private readonly pglite: PGlite,
    maxStatements = STATEMENTS,
  ) {
    this.statements = new PreparedStatements(pglite, maxStatements);
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PreparedDriver(this.pglite, this.statements);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
