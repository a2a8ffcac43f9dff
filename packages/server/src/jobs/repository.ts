import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Tx } from '../db/transactor.js';
import type { JobOutcome } from './tables.js';

/** SQL for the record of scheduled job runs; each method runs in `trx` when given. */
export class JobRunRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A finished run of a job, for `GET /api/admin/status` and the operators' record. */
  async recordJobRun(
    run: { job: string; startedAt: Date; finishedAt: Date; outcome: JobOutcome },
    trx?: Tx,
  ): Promise<void> {
    const db = trx ?? this.db;
    await db
      .insertInto('job_run')
      .values({
        job: run.job,
        started_at: run.startedAt,
        finished_at: run.finishedAt,
        outcome: run.outcome,
        detail: null,
      })
      .execute();
  }
}
