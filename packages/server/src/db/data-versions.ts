import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import type { DB } from './schema.js';

const CHANNEL = 'convene_data_version';

/**
 * Per-dataset version counters that key cached response bodies. A write bumps its dataset inside its
 * own transaction; on PostgreSQL the bump is NOTIFYed at commit and every replica LISTENs, with a
 * periodic re-read as a safety net. Reads of `current()` are synchronous and never touch the database.
 */
export class DataVersions {
  private readonly versions = new Map<string, number>();
  private readonly coalescing = new Map<
    string,
    { inFlight?: Promise<number>; next?: Promise<number> | undefined }
  >();
  private listener: pg.Client | undefined;
  private readonly noticeListeners: Array<(name: string) => void> = [];
  private poll: NodeJS.Timeout | undefined;
  private closed = false;

  private readonly database: Database;
  private readonly options: { connectionString?: string | undefined; pollMs?: number };

  constructor(uses: {
    database: Database;
    connectionString?: string | undefined;
    pollMs?: number;
  }) {
    this.database = uses.database;
    this.options = uses;
  }

  current(name: string): number {
    return this.versions.get(name) ?? 0;
  }

  /** Bumps `name` (inside `trx` when given, so the bump commits with the data it describes). */
  async bump(name: string, trx?: Kysely<DB>): Promise<number> {
    const db = trx ?? this.database.db;
    const upsert = db
      .insertInto('data_version')
      .values({ name, version: 1 })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ version: sql`data_version.version + 1`, updated_at: sql`now()` }),
      )
      .returning('version');
    // On PostgreSQL the NOTIFY rides in the same statement; it is delivered when the bump commits.
    const row =
      this.database.driver === 'postgres'
        ? await db
            .with('bumped', () => upsert)
            .selectFrom('bumped')
            .select([
              'version',
              sql<string>`pg_notify(${CHANNEL}, ${name} || ':' || bumped.version)`.as('notified'),
            ])
            .executeTakeFirstOrThrow()
        : await upsert.executeTakeFirstOrThrow();
    // Local readers see it at once; a rolled-back bump only costs one needless rebuild.
    this.observe(name, row.version);
    return row.version;
  }

  /**
   * Bumps `name` in its own transaction once the caller's data has committed, resolving when a bump
   * that began after this call has committed. Callers arriving while a bump is in flight share the
   * next one, so a burst of writes costs a few version bumps instead of one hot-row update each (the
   * version row and the NOTIFY queue lock would otherwise serialise every commit behind each other).
   */
  bumpSoon(name: string): Promise<number> {
    let state = this.coalescing.get(name);
    if (state === undefined) {
      state = {};
      this.coalescing.set(name, state);
    }
    if (state.next !== undefined) return state.next;
    const current = state;
    const next = (current.inFlight ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => {
        current.next = undefined;
        const run = this.bump(name);
        current.inFlight = run;
        return run;
      });
    current.next = next;
    return next;
  }

  async start(): Promise<void> {
    await this.refresh();
    if (this.database.driver === 'postgres' && this.options.connectionString !== undefined) {
      await this.listen(this.options.connectionString);
    }
    if (this.database.driver === 'postgres') {
      this.poll = setInterval(
        () => void this.refresh().catch(() => undefined),
        this.options.pollMs ?? 5000,
      );
      this.poll.unref();
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.poll !== undefined) clearInterval(this.poll);
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  async refresh(): Promise<void> {
    const rows = await this.database.db
      .selectFrom('data_version')
      .select(['name', 'version'])
      .execute();
    for (const row of rows) this.observe(row.name, row.version);
  }

  /**
   * Calls `listener` with a dataset's name whenever its version moves here or a notification names
   * it (also the `events.*` announcements of migration 0022, which have no row).
   */
  onNotice(listener: (name: string) => void): void {
    this.noticeListeners.push(listener);
  }

  private notice(name: string): void {
    for (const listener of this.noticeListeners) listener(name);
  }

  private observe(name: string, version: number): void {
    if (version > this.current(name)) {
      this.versions.set(name, version);
      this.notice(name);
    }
  }

  private async listen(connectionString: string): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      const [name, version] = (message.payload ?? '').split(':');
      if (name === undefined || name === '') return;
      if (version !== undefined && /^\d+$/.test(version)) this.observe(name, Number(version));
      else void this.refreshOne(name).catch(() => undefined);
      // A bump this replica observed before its commit is announced again once committed.
      this.notice(name);
    });
    client.on('error', () => {
      this.listener = undefined;
      if (!this.closed)
        setTimeout(() => void this.listen(connectionString).catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
    await this.refresh(); // catch bumps made while the listener was down
  }

  private async refreshOne(name: string): Promise<void> {
    const row = await this.database.db
      .selectFrom('data_version')
      .select('version')
      .where('name', '=', name)
      .executeTakeFirst();
    if (row !== undefined) this.observe(name, row.version);
  }
}
