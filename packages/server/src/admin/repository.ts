import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface DatabaseFacts {
  serverVersion: string;
  sizeBytes: number;
}

export interface LastJobRun {
  job: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string | null;
  detail: string | null;
}

export interface OpenSessionRow {
  id: string;
  subjectId: string;
  date: string;
  state: string;
  convenedAt: Date;
  windowClosesAt: Date | null;
  takeCount: number;
}

export interface OutboxFacts {
  pending: number;
  retrying: number;
  sent: number;
  oldestPendingAt: Date | null;
  lastError: string | null;
}

/** The SQL behind `GET /api/admin/status`: read-only, a handful of small queries. */
export class AdminStatusRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async databaseFacts(): Promise<DatabaseFacts> {
    const { rows } = await sql<{ version: string; size: string | number }>`
      select current_setting('server_version') as version,
             pg_database_size(current_database()) as size`.execute(this.db);
    const row = rows[0];
    return { serverVersion: row?.version ?? 'unknown', sizeBytes: Number(row?.size ?? 0) };
  }

  async appliedMigrations(): Promise<Array<{ name: string; appliedAt: Date }>> {
    const { rows } = await sql<{ name: string; applied_at: Date | string }>`
      select name, applied_at from schema_migration order by name`.execute(this.db);
    return rows.map((row) => ({ name: row.name, appliedAt: new Date(row.applied_at) }));
  }

  /** The latest run of every job that ever ran. */
  async lastJobRuns(): Promise<LastJobRun[]> {
    const rows = await this.db
      .selectFrom('job_run')
      .select(['job', 'started_at', 'finished_at', 'outcome', 'detail'])
      .distinctOn('job')
      .orderBy('job')
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      job: row.job,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      outcome: row.outcome,
      detail: row.detail,
    }));
  }

  /** Sessions not yet published, newest first, with how many takes each holds. */
  async openSessions(limit: number): Promise<OpenSessionRow[]> {
    const rows = await this.db
      .selectFrom('swarm_session as s')
      .select((eb) => [
        's.id',
        's.subject_id',
        's.date',
        's.state',
        's.convened_at',
        's.window_closes_at',
        eb
          .selectFrom('take as t')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('t.session_id', '=', 's.id')
          .as('take_count'),
      ])
      .where('s.state', '!=', 'published')
      .orderBy('s.convened_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      subjectId: row.subject_id,
      date: row.date,
      state: row.state,
      convenedAt: row.convened_at,
      windowClosesAt: row.window_closes_at,
      takeCount: Number(row.take_count ?? 0),
    }));
  }

  async pendingApplications(
    limit: number,
  ): Promise<{ count: number; oldest: Array<{ id: string; appliedAt: Date }> }> {
    const count = await this.db
      .selectFrom('application')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'applied')
      .executeTakeFirstOrThrow();
    const oldest = await this.db
      .selectFrom('application')
      .select(['id', 'applied_at'])
      .where('state', '=', 'applied')
      .orderBy('applied_at')
      .limit(limit)
      .execute();
    return {
      count: Number(count.n),
      oldest: oldest.map((row) => ({ id: row.id, appliedAt: row.applied_at })),
    };
  }

  async outbox(): Promise<OutboxFacts> {
    const row = await this.db
      .selectFrom('email_outbox')
      .select((eb) => [
        eb.fn.count<string>('id').filterWhere('sent_at', 'is', null).as('pending'),
        eb.fn
          .count<string>('id')
          .filterWhere((w) => w.and([w('sent_at', 'is', null), w('attempts', '>', 0)]))
          .as('retrying'),
        eb.fn.count<string>('id').filterWhere('sent_at', 'is not', null).as('sent'),
        eb.fn.min('created_at').filterWhere('sent_at', 'is', null).as('oldest_pending'),
      ])
      .executeTakeFirstOrThrow();
    const failed = await this.db
      .selectFrom('email_outbox')
      .select('last_error')
      .where('sent_at', 'is', null)
      .where('last_error', 'is not', null)
      .orderBy('next_attempt_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      pending: Number(row.pending),
      retrying: Number(row.retrying),
      sent: Number(row.sent),
      oldestPendingAt: row.oldest_pending === null ? null : new Date(row.oldest_pending),
      lastError: failed?.last_error ?? null,
    };
  }
}
